package dev.dynakit.engine.internal.tableops;

import static dev.dynakit.engine.internal.tableops.KeyRules.INVALID;

import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.error.ErrorType;
import dev.dynakit.engine.internal.table.IndexDef;
import dev.dynakit.engine.internal.table.IndexSpec;
import dev.dynakit.engine.internal.table.KeyAttr;
import dev.dynakit.engine.internal.table.KeyElement;
import dev.dynakit.engine.internal.table.KeySchema;
import dev.dynakit.engine.internal.table.TableDef;
import dev.dynakit.engine.internal.table.Throughput;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The global-secondary-index part of one UpdateTable, validated against the table's current
 * declaration: the resulting index list and AttributeDefinitions, and the index created or deleted
 * (at most one of either).
 */
final class GsiChanges {
  private final List<IndexDef> globals;
  private final List<KeyAttr> definitions;
  private final IndexDef created;
  private final IndexDef deleted;

  private GsiChanges(
      List<IndexDef> globals, List<KeyAttr> definitions, IndexDef created, IndexDef deleted) {
    this.globals = globals;
    this.definitions = definitions;
    this.created = created;
    this.deleted = deleted;
  }

  List<IndexDef> globals() {
    return globals;
  }

  List<KeyAttr> definitions() {
    return definitions;
  }

  /** The index a Create added (status CREATING, backfilling), or null. */
  IndexDef created() {
    return created;
  }

  /** The index a Delete removed, or null. */
  IndexDef deleted() {
    return deleted;
  }

  /**
   * Validates the actions and computes the result.
   *
   * @param requestDefinitions the request's AttributeDefinitions, or null when absent
   * @param onDemand whether the table is on demand after this request
   * @param toProvisioned whether this request switches an on-demand table to provisioned
   */
  static GsiChanges plan(
      TableDef current,
      List<GsiAction> actions,
      List<KeyAttr> requestDefinitions,
      boolean onDemand,
      boolean toProvisioned,
      String region,
      Instant now) {
    if (GsiActions.changesIndexes(actions)) {
      for (IndexDef g : current.globalIndexes()) {
        if (!"ACTIVE".equals(g.status()) && !cancelsBackfill(actions, g)) {
          throw GsiActions.onlyOneOnlineChange();
        }
      }
    }
    Map<String, Throughput> updated = new HashMap<>();
    IndexDef created = null;
    IndexDef deleted = null;
    for (GsiAction a : actions) {
      if (a.is(GsiAction.CREATE)) {
        created = create(current, a, requestDefinitions, onDemand, region, now);
        continue;
      }
      IndexDef existing = existingGlobal(current, a);
      if (a.is(GsiAction.DELETE)) {
        deleted = existing;
      } else {
        updated.put(existing.name(), update(existing, a, onDemand, region));
      }
    }
    if (toProvisioned) {
      List<String> missing = new ArrayList<>();
      for (IndexDef g : current.globalIndexes()) {
        if (g != deleted && !updated.containsKey(g.name())) {
          missing.add(g.name());
        }
      }
      if (!missing.isEmpty()) {
        throw EngineException.validation(
            INVALID
                + "ProvisionedThroughput must be specified for index: "
                + String.join(",", missing));
      }
    }
    List<IndexDef> globals = new ArrayList<>();
    for (IndexDef g : current.globalIndexes()) {
      if (g == deleted) {
        continue;
      }
      Throughput t = onDemand ? Throughput.NONE : updated.getOrDefault(g.name(), g.throughput());
      globals.add(g.withThroughput(t));
    }
    if (created != null) {
      globals.add(created);
    }
    List<KeyAttr> definitions = definitions(current, globals, created);
    return new GsiChanges(globals, definitions, created, deleted);
  }

  /**
   * Whether the actions delete {@code index} while it backfills, which DynamoDB allows (and which
   * stops the backfill): the one index change of the request, and no other.
   */
  private static boolean cancelsBackfill(List<GsiAction> actions, IndexDef index) {
    int changes = 0;
    boolean deletesIt = false;
    for (GsiAction a : actions) {
      if (!a.is(GsiAction.UPDATE)) {
        changes++;
        deletesIt |= a.is(GsiAction.DELETE) && a.indexName().equals(index.name());
      }
    }
    return changes == 1 && deletesIt && index.backfilling();
  }

  private static IndexDef existingGlobal(TableDef current, GsiAction a) {
    IndexDef existing = current.index(a.indexName());
    if (existing == null) {
      throw EngineException.notFound(
          "Requested resource not found: Index " + a.indexName() + " for table " + current.name());
    }
    if (!existing.global()) {
      String verb = a.is(GsiAction.DELETE) ? "delete" : "update";
      throw EngineException.validation(
          "Cannot " + verb + " an index that is not a GlobalSecondaryIndex: " + a.indexName());
    }
    return existing;
  }

  private static Throughput update(
      IndexDef existing, GsiAction a, boolean onDemand, String region) {
    String name = existing.name();
    if (onDemand) {
      if (a.throughput() != null || !a.capacitySettings()) {
        throw EngineException.validation(
            INVALID
                + "The only Updates for index: "
                + name
                + " when TableThroughputMode is PAY_PER_REQUEST can be to OnDemandThroughput,"
                + " WarmThroughput");
      }
      return Throughput.NONE;
    }
    if (a.throughput() == null) {
      if (a.capacitySettings()) {
        return existing.throughput();
      }
      throw EngineException.validation(
          INVALID
              + "Both ReadCapacityUnits and WriteCapacityUnits must be specified for index: "
              + name);
    }
    if (a.throughput().equals(existing.throughput())) {
      throw ThroughputSpecs.unchanged("the index " + name, "index " + name, existing.throughput());
    }
    ThroughputSpecs.checkBounds(a.throughput());
    ThroughputSpecs.checkIndexQuota(a.throughput(), name, region);
    return a.throughput();
  }

  private static IndexDef create(
      TableDef current,
      GsiAction a,
      List<KeyAttr> requestDefinitions,
      boolean onDemand,
      String region,
      Instant now) {
    IndexSpec spec = a.create();
    String name = spec.name();
    if (current.index(name) != null) {
      throw EngineException.validation("Attempting to create an index which already exists");
    }
    if (current.globalIndexes().size() >= IndexRules.MAX_GLOBAL_INDEXES) {
      throw new EngineException(
          ErrorType.LIMIT_EXCEEDED,
          "Subscriber limit exceeded: Number of global secondary indexes exceeds per-table limit of "
              + IndexRules.MAX_GLOBAL_INDEXES);
    }
    if (requestDefinitions == null) {
      throw EngineException.validation(
          INVALID + "AttributeDefinitions is not specified for index: " + name);
    }
    Map<String, KeyAttr> defs = KeyRules.byName(requestDefinitions);
    for (KeyElement e : spec.keySchema()) {
      // the request must define every key attribute of the new index, even one the table has
      KeyAttr declared = defs.get(e.attributeName());
      if (declared == null) {
        throw EngineException.validation(
            INVALID + "Some index key attributes are not defined in AttributeDefinitions");
      }
      String existingType = current.attributeType(declared.name());
      if (existingType != null && !existingType.equals(declared.type())) {
        // DynamoDB refuses to redefine a defined attribute's type; its reference gives no text
        // for this refusal, so the message names the attribute and both types.
        throw EngineException.validation(
            INVALID
                + "Cannot redefine the type of attribute "
                + declared.name()
                + ": it is defined as "
                + existingType
                + ", the request defines it as "
                + declared.type());
      }
    }
    KeySchema key = IndexRules.globalKey(spec, defs);
    IndexRules.projection(spec);
    if (onDemand && spec.throughput() != null) {
      throw EngineException.validation(
          INVALID
              + "Neither ReadCapacityUnits nor WriteCapacityUnits can be specified for index: "
              + name
              + " when BillingMode is PAY_PER_REQUEST");
    }
    if (!onDemand && spec.throughput() == null) {
      throw EngineException.validation(
          INVALID
              + "Both ReadCapacityUnits and WriteCapacityUnits must be specified for index: "
              + name);
    }
    if (!onDemand) {
      ThroughputSpecs.checkBounds(spec.throughput());
      ThroughputSpecs.checkIndexQuota(spec.throughput(), name, region);
    }
    IndexDef index =
        CreateTableOp.indexDef(
                spec, true, key, onDemand ? Throughput.NONE : spec.throughput(), current.arn(), now)
            .withStatus("CREATING", true);
    List<List<String>> projected = new ArrayList<>();
    for (IndexDef i : current.localIndexes()) {
      projected.add(i.nonKeyAttributes());
    }
    for (IndexDef i : current.globalIndexes()) {
      projected.add(i.nonKeyAttributes());
    }
    projected.add(index.nonKeyAttributes());
    IndexRules.projectedTotal(projected);
    return index;
  }

  /**
   * The current definitions plus the new index's key attributes, less attributes that no key uses
   * any more (DynamoDB prunes them when an index goes away).
   */
  private static List<KeyAttr> definitions(
      TableDef current, List<IndexDef> globals, IndexDef created) {
    Set<String> used = new LinkedHashSet<>();
    for (KeyAttr a : current.key().all()) {
      used.add(a.name());
    }
    for (IndexDef i : current.localIndexes()) {
      for (KeyAttr a : i.key().all()) {
        used.add(a.name());
      }
    }
    for (IndexDef i : globals) {
      for (KeyAttr a : i.key().all()) {
        used.add(a.name());
      }
    }
    List<KeyAttr> out = new ArrayList<>();
    Set<String> present = new HashSet<>();
    for (KeyAttr a : current.attributeDefinitions()) {
      if (used.contains(a.name()) && present.add(a.name())) {
        out.add(a);
      }
    }
    if (created != null) {
      for (KeyAttr a : created.key().all()) {
        if (present.add(a.name())) {
          out.add(a);
        }
      }
    }
    return out;
  }
}
