package dev.dynakit.core.provision;

import dev.dynakit.core.schema.GlobalIndex;
import dev.dynakit.core.schema.IndexSpec;
import dev.dynakit.core.schema.LocalIndex;
import dev.dynakit.core.schema.StreamSettings;
import dev.dynakit.core.schema.TableSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndexDescription;

/** Compares the declared and the live table, difference by difference. Pure: reads nothing. */
final class DriftFinder {
  private final DesiredTable desired;
  private final TableSpec spec;
  private final List<Difference> differences = new ArrayList<>();

  private DriftFinder(DesiredTable desired) {
    this.desired = desired;
    this.spec = desired.spec();
  }

  static Drift find(DesiredTable desired, @Nullable LiveTable live) {
    return new DriftFinder(desired).run(live);
  }

  private Drift run(@Nullable LiveTable live) {
    if (live == null) {
      differences.add(Difference.error("table", "exists", "absent"));
      return new Drift(spec.tableName(), differences);
    }
    String status = live.table().tableStatusAsString();
    if (!"ACTIVE".equals(status)) {
      differences.add(Difference.warning("table.status", "ACTIVE", String.valueOf(status)));
    }
    Map<String, String> types = live.attributeTypes();
    String wantKey = Shapes.key(desired.keySchema(), desired::typeLetter);
    String haveKey = Shapes.key(live.table().keySchema(), types);
    if (!wantKey.equals(haveKey)) {
      differences.add(Difference.error("table.keySchema", wantKey, haveKey));
    }
    globals(live, types);
    locals(live, types);
    capacity(live);
    stream(live);
    ttl(live);
    if (spec.descriptorKey() != null) {
      differences.addAll(Descriptor.compare(spec, live.descriptor()));
    }
    return new Drift(spec.tableName(), differences);
  }

  private void globals(LiveTable live, Map<String, String> types) {
    Map<String, GlobalSecondaryIndexDescription> have = live.globals();
    boolean provisioned = desired.provisioned() && live.billingMode() == BillingMode.PROVISIONED;
    String wantThroughput = Shapes.throughput(desired.throughput());
    for (GlobalIndex index : desired.globals()) {
      String path = "gsi." + index.name();
      GlobalSecondaryIndexDescription d = have.get(index.name());
      if (d == null) {
        differences.add(Difference.error(path, desired.shape(index), "absent"));
        continue;
      }
      index(path, index, d.keySchema(), d.projection(), types);
      String status = d.indexStatusAsString();
      if (!"ACTIVE".equals(status)) {
        differences.add(Difference.warning(path + ".status", "ACTIVE", String.valueOf(status)));
      }
      String haveThroughput = Shapes.throughput(d.provisionedThroughput());
      if (provisioned && !haveThroughput.equals(wantThroughput)) {
        differences.add(Difference.warning(path + ".throughput", wantThroughput, haveThroughput));
      }
    }
    for (GlobalSecondaryIndexDescription d : have.values()) {
      if (!(spec.index(d.indexName()).orElse(null) instanceof GlobalIndex)) {
        differences.add(
            Difference.warning(
                "gsi." + d.indexName(),
                "absent",
                Shapes.index(d.keySchema(), d.projection(), types)));
      }
    }
  }

  private void locals(LiveTable live, Map<String, String> types) {
    Map<String, LocalSecondaryIndexDescription> have = live.locals();
    for (LocalIndex index : desired.locals()) {
      String path = "lsi." + index.name();
      LocalSecondaryIndexDescription d = have.get(index.name());
      if (d == null) {
        differences.add(Difference.error(path, desired.shape(index), "absent"));
      } else {
        index(path, index, d.keySchema(), d.projection(), types);
      }
    }
    for (LocalSecondaryIndexDescription d : have.values()) {
      if (!(spec.index(d.indexName()).orElse(null) instanceof LocalIndex)) {
        differences.add(
            Difference.warning(
                "lsi." + d.indexName(),
                "absent",
                Shapes.index(d.keySchema(), d.projection(), types)));
      }
    }
  }

  private void index(
      String path,
      IndexSpec index,
      List<software.amazon.awssdk.services.dynamodb.model.KeySchemaElement> key,
      software.amazon.awssdk.services.dynamodb.model.Projection projection,
      Map<String, String> types) {
    String wantKey = Shapes.key(desired.keySchema(index), desired::typeLetter);
    String haveKey = Shapes.key(key, types);
    if (!wantKey.equals(haveKey)) {
      differences.add(Difference.error(path + ".keySchema", wantKey, haveKey));
    }
    String wantProjection = Shapes.projection(DesiredTable.projection(index.projection()));
    String haveProjection = Shapes.projection(projection);
    if (!wantProjection.equals(haveProjection)) {
      differences.add(Difference.error(path + ".projection", wantProjection, haveProjection));
    }
  }

  private void capacity(LiveTable live) {
    BillingMode have = live.billingMode();
    String want = spec.capacityMode().name();
    if (!want.equals(have.toString())) {
      differences.add(Difference.warning("billingMode", want, have.toString()));
      return;
    }
    if (desired.provisioned()) {
      String wantThroughput = Shapes.throughput(desired.throughput());
      String haveThroughput = Shapes.throughput(live.table().provisionedThroughput());
      if (!wantThroughput.equals(haveThroughput)) {
        differences.add(Difference.warning("throughput", wantThroughput, haveThroughput));
      }
    }
  }

  private void stream(LiveTable live) {
    StreamSettings declared = spec.stream();
    if (declared == null) {
      return;
    }
    String want =
        declared.enabled() && declared.view() != null ? declared.view().name() : "disabled";
    String have = live.streamView();
    String haveText = have == null ? "disabled" : have;
    if (!want.equals(haveText)) {
      differences.add(Difference.warning("stream", want, haveText));
    }
  }

  private void ttl(LiveTable live) {
    String declared = spec.ttlField();
    String have = live.ttlAttribute();
    if (declared == null) {
      if (have != null) {
        differences.add(Difference.warning("ttl", "DISABLED", live.ttlText()));
      }
    } else if (!declared.equals(have)) {
      differences.add(Difference.warning("ttl", "ENABLED on " + declared, live.ttlText()));
    }
  }
}
