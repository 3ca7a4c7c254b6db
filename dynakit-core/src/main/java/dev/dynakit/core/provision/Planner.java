package dev.dynakit.core.provision;

import dev.dynakit.core.provision.PlanStep.Action;
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
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexUpdate;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughput;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.StreamSpecification;
import software.amazon.awssdk.services.dynamodb.model.UpdateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateTimeToLiveRequest;

/**
 * Computes a plan from the declared and the live table. Changes come in the order ensure must make
 * them: the capacity first (a GSI added to a provisioned table needs throughput, one added to an
 * on-demand table must not have any), then each missing GSI, the stream, TTL, and last the
 * descriptor.
 */
final class Planner {
  private final DesiredTable desired;
  private final TableSpec spec;
  private final List<PlanStep> refusals = new ArrayList<>();
  private final List<PlanStep> changes = new ArrayList<>();

  private Planner(DesiredTable desired) {
    this.desired = desired;
    this.spec = desired.spec();
  }

  static ProvisioningPlan plan(DesiredTable desired, @Nullable LiveTable live) {
    return new Planner(desired).run(live);
  }

  private ProvisioningPlan run(@Nullable LiveTable live) {
    if (live == null) {
      changes.add(
          new PlanStep(Action.CREATE_TABLE, "table", createText(), desired.createRequest()));
      if (spec.ttlField() != null) {
        changes.add(enableTtl());
      }
      if (spec.descriptorKey() != null) {
        changes.add(writeDescriptor("write the descriptor row '" + spec.descriptorKey() + "'"));
      }
      return new ProvisioningPlan(spec.tableName(), false, changes);
    }
    Map<String, String> types = live.attributeTypes();
    String wantKey = Shapes.key(desired.keySchema(), desired::typeLetter);
    String haveKey = Shapes.key(live.table().keySchema(), types);
    if (!wantKey.equals(haveKey)) {
      refusals.add(
          PlanStep.refusal(
              Action.REBUILD_TABLE,
              "table",
              "the table's key is "
                  + haveKey
                  + ", the declaration says "
                  + wantKey
                  + ": the table must be rebuilt"));
    }
    locals(live, types);
    capacity(live);
    globals(live, types);
    stream(live);
    ttl(live);
    if (spec.descriptorKey() != null && !Descriptor.current(spec, live.descriptor())) {
      changes.add(writeDescriptor(descriptorText(live)));
    }
    List<PlanStep> steps = new ArrayList<>(refusals);
    steps.addAll(changes);
    return new ProvisioningPlan(spec.tableName(), true, steps);
  }

  private void locals(LiveTable live, Map<String, String> types) {
    Map<String, LocalSecondaryIndexDescription> have = live.locals();
    for (LocalIndex index : desired.locals()) {
      LocalSecondaryIndexDescription d = have.get(index.name());
      if (d == null) {
        refusals.add(
            PlanStep.refusal(
                Action.REBUILD_TABLE,
                "lsi." + index.name(),
                "LSI "
                    + index.name()
                    + " ("
                    + desired.shape(index)
                    + ") is not on the table; local secondary indices exist only from table"
                    + " creation, so the table must be rebuilt"));
        continue;
      }
      String haveShape = Shapes.index(d.keySchema(), d.projection(), types);
      if (!haveShape.equals(desired.shape(index))) {
        refusals.add(
            PlanStep.refusal(
                Action.REBUILD_TABLE,
                "lsi." + index.name(),
                "LSI "
                    + index.name()
                    + " is "
                    + haveShape
                    + " on the table, the declaration says "
                    + desired.shape(index)
                    + "; local secondary indices cannot change, so the table must be rebuilt"));
      }
    }
  }

  private void globals(LiveTable live, Map<String, String> types) {
    Map<String, GlobalSecondaryIndexDescription> have = live.globals();
    for (GlobalIndex index : desired.globals()) {
      GlobalSecondaryIndexDescription d = have.get(index.name());
      if (d != null) {
        String haveShape = Shapes.index(d.keySchema(), d.projection(), types);
        if (!haveShape.equals(desired.shape(index))) {
          refusals.add(
              PlanStep.refusal(
                  Action.MANUAL_CHANGE,
                  "gsi." + index.name(),
                  "GSI "
                      + index.name()
                      + " is "
                      + haveShape
                      + " on the table, the declaration says "
                      + desired.shape(index)
                      + ": delete the index, then ensure creates it as declared"));
        }
        continue;
      }
      List<String> conflicts = new ArrayList<>();
      for (String attribute : DesiredTable.attributesOf(desired.keySchema(index))) {
        String defined = types.get(attribute);
        if (defined != null && !defined.equals(desired.typeLetter(attribute))) {
          conflicts.add(
              attribute + " is " + defined + " on the table, " + desired.typeLetter(attribute));
        }
      }
      if (!conflicts.isEmpty()) {
        refusals.add(
            PlanStep.refusal(
                Action.MANUAL_CHANGE,
                "gsi." + index.name(),
                "GSI "
                    + index.name()
                    + " cannot be added: "
                    + String.join("; ", conflicts)
                    + " in the declaration (an attribute has one type per table)"));
        continue;
      }
      changes.add(
          new PlanStep(
              Action.ADD_GLOBAL_INDEX,
              "gsi." + index.name(),
              "add GSI " + index.name() + " (" + desired.shape(index) + ")",
              desired.addGlobalRequest(index)));
    }
  }

  private void capacity(LiveTable live) {
    boolean liveProvisioned = live.billingMode() == BillingMode.PROVISIONED;
    if (!desired.provisioned()) {
      if (liveProvisioned) {
        changes.add(
            new PlanStep(
                Action.UPDATE_CAPACITY,
                "billingMode",
                "switch the billing mode from PROVISIONED to PAY_PER_REQUEST",
                UpdateTableRequest.builder()
                    .tableName(spec.tableName())
                    .billingMode(BillingMode.PAY_PER_REQUEST)
                    .build()));
      }
      return;
    }
    ProvisionedThroughput want = desired.throughput();
    String wantText = Shapes.throughput(want);
    boolean switching = !liveProvisioned;
    List<String> parts = new ArrayList<>();
    UpdateTableRequest.Builder update = UpdateTableRequest.builder().tableName(spec.tableName());
    if (switching) {
      update.billingMode(BillingMode.PROVISIONED);
      parts.add("switch the billing mode from PAY_PER_REQUEST to PROVISIONED");
    }
    String haveText = Shapes.throughput(live.table().provisionedThroughput());
    if (switching || !haveText.equals(wantText)) {
      update.provisionedThroughput(want);
      parts.add(
          "set the table's throughput to "
              + wantText
              + (switching ? "" : " (was " + haveText + ")"));
    }
    List<GlobalSecondaryIndexUpdate> indexUpdates = new ArrayList<>();
    for (GlobalSecondaryIndexDescription d : live.globals().values()) {
      // switching to provisioned needs throughput for every GSI, declared or not
      boolean declared = spec.index(d.indexName()).orElse(null) instanceof GlobalIndex;
      String have = Shapes.throughput(d.provisionedThroughput());
      if (switching || (declared && !have.equals(wantText))) {
        indexUpdates.add(
            GlobalSecondaryIndexUpdate.builder()
                .update(u -> u.indexName(d.indexName()).provisionedThroughput(want))
                .build());
        parts.add(
            "set GSI "
                + d.indexName()
                + "'s throughput to "
                + wantText
                + (switching ? "" : " (was " + have + ")"));
      }
    }
    if (!indexUpdates.isEmpty()) {
      update.globalSecondaryIndexUpdates(indexUpdates);
    }
    if (!parts.isEmpty()) {
      changes.add(
          new PlanStep(
              Action.UPDATE_CAPACITY,
              switching ? "billingMode" : "throughput",
              String.join("; ", parts),
              update.build()));
    }
  }

  private void stream(LiveTable live) {
    StreamSettings declared = spec.stream();
    if (declared == null) {
      return;
    }
    String have = live.streamView();
    if (!declared.enabled()) {
      if (have != null) {
        refusals.add(
            PlanStep.refusal(
                Action.MANUAL_CHANGE,
                "stream",
                "the stream is enabled ("
                    + have
                    + "), the declaration says disabled: turn it off yourself (its records are"
                    + " lost)"));
      }
      return;
    }
    StreamSpecification want = desired.enabledStream();
    if (want == null) {
      return;
    }
    String view = want.streamViewTypeAsString();
    if (have == null) {
      changes.add(
          new PlanStep(
              Action.ENABLE_STREAM,
              "stream",
              "enable the stream (" + view + ")",
              UpdateTableRequest.builder()
                  .tableName(spec.tableName())
                  .streamSpecification(want)
                  .build()));
    } else if (!have.equals(view)) {
      refusals.add(
          PlanStep.refusal(
              Action.MANUAL_CHANGE,
              "stream",
              "the stream is "
                  + have
                  + ", the declaration says "
                  + view
                  + ": disable the stream (its records are lost), then ensure enables it as"
                  + " declared"));
    }
  }

  private void ttl(LiveTable live) {
    String declared = spec.ttlField();
    if (declared == null) {
      return;
    }
    String have = live.ttlAttribute();
    if (have == null) {
      changes.add(enableTtl());
    } else if (!have.equals(declared)) {
      refusals.add(
          PlanStep.refusal(
              Action.MANUAL_CHANGE,
              "ttl",
              "TTL is enabled on "
                  + have
                  + ", the declaration says "
                  + declared
                  + ": disable TTL (a table has one TTL attribute), then ensure enables it as"
                  + " declared"));
    }
  }

  private PlanStep enableTtl() {
    String attribute = spec.ttlField();
    return new PlanStep(
        Action.ENABLE_TTL,
        "ttl",
        "enable TTL on " + attribute,
        UpdateTimeToLiveRequest.builder()
            .tableName(spec.tableName())
            .timeToLiveSpecification(t -> t.attributeName(attribute).enabled(true))
            .build());
  }

  private PlanStep writeDescriptor(String description) {
    return new PlanStep(
        Action.WRITE_DESCRIPTOR,
        "descriptor",
        description,
        PutItemRequest.builder().tableName(spec.tableName()).item(Descriptor.item(spec)).build());
  }

  private String descriptorText(LiveTable live) {
    if (live.descriptor() == null) {
      return "write the descriptor row '" + spec.descriptorKey() + "'";
    }
    List<String> paths = new ArrayList<>();
    for (Difference d : Descriptor.compare(spec, live.descriptor())) {
      paths.add(d.path().substring("descriptor.".length()));
    }
    return "update the descriptor row '"
        + spec.descriptorKey()
        + "' (changed: "
        + String.join(", ", paths)
        + ")";
  }

  private String createText() {
    StringBuilder text =
        new StringBuilder("create table ")
            .append(spec.tableName())
            .append(": key ")
            .append(Shapes.key(desired.keySchema(), desired::typeLetter))
            .append("; ")
            .append(spec.capacityMode());
    if (desired.provisioned()) {
      text.append(' ').append(Shapes.throughput(desired.throughput()));
    }
    for (IndexSpec index : spec.indices().values()) {
      text.append("; ")
          .append(index instanceof GlobalIndex ? "GSI " : "LSI ")
          .append(index.name())
          .append(" (")
          .append(desired.shape(index))
          .append(')');
    }
    StreamSpecification stream = desired.enabledStream();
    if (stream != null) {
      text.append("; stream ").append(stream.streamViewTypeAsString());
    }
    return text.toString();
  }
}
