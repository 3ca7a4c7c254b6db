package dev.dynakit.engine.internal.tableops;

import static dev.dynakit.engine.internal.tableops.KeyRules.INVALID;

import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.internal.EngineState;
import dev.dynakit.engine.internal.protocol.Operation;
import dev.dynakit.engine.internal.protocol.Request;
import dev.dynakit.engine.internal.table.CapacitySettings;
import dev.dynakit.engine.internal.table.IndexDef;
import dev.dynakit.engine.internal.table.IndexLifecycle;
import dev.dynakit.engine.internal.table.KeyAttr;
import dev.dynakit.engine.internal.table.Table;
import dev.dynakit.engine.internal.table.TableDef;
import dev.dynakit.engine.internal.table.TableDescriber;
import dev.dynakit.engine.internal.table.TableTransitions;
import dev.dynakit.engine.internal.table.Throughput;
import dev.dynakit.engine.internal.table.Violations;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * UpdateTable: billing mode, provisioned throughput, streams, SSE, table class, deletion protection
 * and GSI create/update/delete, with DynamoDB's rules. Everything is validated before anything
 * changes; a refused request changes nothing. The table stays ACTIVE, or is UPDATING for the
 * engine's table latency ({@link TableTransitions}, {@link TablePhases}).
 */
final class UpdateTableOp implements Operation {
  private static final String NOTHING_TO_UPDATE =
      "At least one of ProvisionedThroughput, BillingMode, UpdateStreamEnabled,"
          + " GlobalSecondaryIndexUpdates, SSESpecification, ReplicaUpdates,"
          + " MultiAccountReplicaReady, ReplicaTransitRoleArn, MultiRegionConsistency,"
          + " DeletionProtectionEnabled, OnDemandThroughput, WarmThroughput or TableClass is"
          + " required";

  private final EngineState state;
  private final IndexLifecycle lifecycle;

  UpdateTableOp(EngineState state, IndexLifecycle lifecycle) {
    this.state = state;
    this.lifecycle = lifecycle;
  }

  /** What one request asks for, after the checks that need no table. */
  private record Ask(
      String tableName,
      List<KeyAttr> definitions,
      String billingMode,
      Throughput throughput,
      StreamSpecs.Spec stream,
      SseSpecs.Spec sse,
      String tableClass,
      Boolean deletionProtection,
      List<GsiAction> gsiActions,
      Map<String, Map<String, Object>> capacity) {}

  @Override
  public Object execute(Request req) {
    Ask ask = read(req);
    Table table = state.catalog().require(ask.tableName());
    TableTransitions transitions = state.catalog().transitions();
    // One index change of a table at a time, to its end: a deleted index's entries are erased and
    // its storage number forgotten before a new index of the same name can take a number. Not the
    // table's monitor: a finishing backfill, which a deletion waits for, takes that one.
    synchronized (table.indexChanges()) {
      GsiChanges gsi;
      synchronized (table) {
        if (transitions.enabled()) {
          TablePhases.requireActive(table);
        }
        TableDef before = table.def();
        gsi = apply(table, ask, Instant.now(state.clock()));
        if (transitions.enabled()) {
          TablePhases.beginUpdate(table, before, gsi, transitions, lifecycle);
        }
      }
      if (gsi != null && !transitions.enabled()) {
        TablePhases.finishIndexChanges(table, gsi.created(), gsi.deleted(), lifecycle);
      }
    }
    return Map.of("TableDescription", TableDescriber.describe(table, state.clock().instant()));
  }

  private static Ask read(Request req) {
    Violations v = new Violations();
    String name = req.string("TableName");
    v.notNull("tableName", name);
    v.name("tableName", name);
    List<KeyAttr> definitions = KeySpecs.definitions(req, false, v);
    String billingMode = req.string("BillingMode");
    v.oneOf("billingMode", billingMode, TableSettings.BILLING_MODES);
    Throughput throughput =
        ThroughputSpecs.read(req, "ProvisionedThroughput", "provisionedThroughput", v);
    StreamSpecs.Spec stream = StreamSpecs.read(req, v);
    SseSpecs.Spec sse = SseSpecs.read(req, v);
    List<List<GsiAction>> entries = GsiActions.read(req, v);
    v.throwIfAny();

    requireAChange(req, entries);
    if (entries != null && entries.isEmpty()) {
      throw EngineException.validation(INVALID + "List of GlobalSecondaryIndexUpdates is empty");
    }
    if (req.has("ReplicaUpdates") || req.has("MultiRegionConsistency")) {
      throw EngineException.validation(
          INVALID + "Global table replicas are not supported by this engine");
    }
    List<GsiAction> actions = entries == null ? List.of() : GsiActions.check(entries);
    String tableClass = req.string("TableClass");
    TableSettings.checkTableClass(tableClass);
    Ask ask =
        new Ask(
            name,
            definitions,
            billingMode,
            throughput,
            stream,
            sse,
            tableClass,
            req.bool("DeletionProtectionEnabled"),
            actions,
            CapacitySettings.read(req, ""));
    checkComposition(ask);
    return ask;
  }

  /** Refuses a request that asks for no change at all. */
  private static void requireAChange(Request req, List<List<GsiAction>> entries) {
    boolean gsiUpdates = entries != null && !entries.isEmpty();
    boolean any =
        gsiUpdates
            || req.has("ProvisionedThroughput")
            || req.has("BillingMode")
            || req.has("StreamSpecification")
            || req.has("SSESpecification")
            || req.has("ReplicaUpdates")
            || req.has("MultiRegionConsistency")
            || req.has("DeletionProtectionEnabled")
            || req.has("OnDemandThroughput")
            || req.has("WarmThroughput")
            || req.has("TableClass");
    if (!any) {
      throw EngineException.validation(NOTHING_TO_UPDATE);
    }
  }

  /** Changes DynamoDB refuses to combine in one request. */
  private static void checkComposition(Ask ask) {
    boolean indexChange = GsiActions.changesIndexes(ask.gsiActions());
    int members = 0;
    for (Object member :
        new Object[] {
          ask.billingMode(),
          ask.throughput(),
          ask.stream(),
          ask.sse(),
          ask.tableClass(),
          ask.deletionProtection(),
          ask.gsiActions().isEmpty() ? null : ask.gsiActions()
        }) {
      if (member != null) {
        members++;
      }
    }
    if (ask.sse() != null && members > 1) {
      throw onlyOperation("Server-Side Encryption modification");
    }
    if (ask.tableClass() != null && members > 1) {
      throw onlyOperation("TableClass modification");
    }
    if (ask.deletionProtection() != null && members > 1) {
      throw onlyOperation("DeletionProtection modification");
    }
    if (indexChange && ask.throughput() != null) {
      throw EngineException.validation(
          INVALID + "You cannot create or delete index while updating table IOPS");
    }
    if (indexChange && ask.stream() != null) {
      throw EngineException.validation(
          INVALID + "You cannot create or delete index while changing stream status");
    }
    if (ask.throughput() != null && ask.stream() != null) {
      throw EngineException.validation(
          INVALID + "You cannot modify stream status while updating table IOPS");
    }
  }

  private static EngineException onlyOperation(String what) {
    return EngineException.validation(
        INVALID + what + " must be the only operation in the request");
  }

  /** Whether the table is on demand before and after the request. */
  private record Billing(boolean wasOnDemand, boolean onDemand) {
    boolean switchesToOnDemand() {
      return onDemand && !wasOnDemand;
    }

    boolean switches() {
      return onDemand != wasOnDemand;
    }
  }

  /** Validates against the current declaration, then replaces it; runs under the table's lock. */
  private GsiChanges apply(Table table, Ask ask, Instant now) {
    TableDef current = table.def();
    Billing billing = billing(current, ask);
    GsiChanges gsi = null;
    if (!ask.gsiActions().isEmpty() || billing.switches()) {
      gsi =
          GsiChanges.plan(
              current,
              ask.gsiActions(),
              ask.definitions(),
              billing.onDemand(),
              billing.wasOnDemand() && !billing.onDemand(),
              state.region(),
              now);
    }
    checkTableThroughput(table, ask, billing, now);
    List<GsiAction> throughputUpdates = indexThroughputUpdates(table, ask, billing, now);
    if (billing.switchesToOnDemand()) {
      table.throughputHistory().checkSwitchToOnDemand(now);
    }
    if (ask.stream() != null) {
      StreamSpecs.checkUpdate(ask.stream(), current.streamEnabled(), current.name());
    }
    Map<String, Object> sse = resolveSse(table, ask);

    table.def(declaration(table, ask, billing, gsi, now));
    record(table, current, ask, billing, throughputUpdates, sse, now);
    return gsi;
  }

  /** The billing mode before and after, refusing throughput that does not fit the mode. */
  private static Billing billing(TableDef current, Ask ask) {
    boolean wasOnDemand = TableSettings.PAY_PER_REQUEST.equals(current.billingMode());
    String mode = ask.billingMode() == null ? current.billingMode() : ask.billingMode();
    boolean onDemand = TableSettings.PAY_PER_REQUEST.equals(mode);
    if (ask.throughput() != null && onDemand) {
      throw EngineException.validation(
          INVALID
              + "Neither ReadCapacityUnits nor WriteCapacityUnits can be specified when BillingMode"
              + " is PAY_PER_REQUEST");
    }
    if (TableSettings.PROVISIONED.equals(ask.billingMode()) && ask.throughput() == null) {
      throw EngineException.validation(
          INVALID + "ProvisionedThroughput must be specified when BillingMode is PROVISIONED");
    }
    if (ask.throughput() != null) {
      ThroughputSpecs.checkBounds(ask.throughput());
    }
    return new Billing(wasOnDemand, onDemand);
  }

  /** Refuses a table throughput that changes nothing, exceeds the quota or decreases too often. */
  private void checkTableThroughput(Table table, Ask ask, Billing billing, Instant now) {
    if (ask.throughput() == null) {
      return;
    }
    TableDef current = table.def();
    if (!billing.wasOnDemand() && ask.throughput().equals(current.throughput())) {
      throw ThroughputSpecs.unchanged("the table", "the table", current.throughput());
    }
    ThroughputSpecs.checkTableQuota(ask.throughput(), state.region());
    if (!billing.wasOnDemand()) {
      table.throughputHistory().check(current.throughput(), ask.throughput(), now, "the table");
    }
  }

  /** The GSI throughput updates that change a provisioned index, each checked against history. */
  private static List<GsiAction> indexThroughputUpdates(
      Table table, Ask ask, Billing billing, Instant now) {
    List<GsiAction> out = new ArrayList<>();
    for (GsiAction a : ask.gsiActions()) {
      if (a.is(GsiAction.UPDATE)
          && a.throughput() != null
          && !billing.onDemand()
          && !billing.wasOnDemand()) {
        IndexDef index = table.def().index(a.indexName());
        table
            .indexThroughputHistory(a.indexName())
            .check(index.throughput(), a.throughput(), now, "index " + a.indexName());
        out.add(a);
      }
    }
    return out;
  }

  /** The SSE specification to store, refusing to switch default encryption to default again. */
  private Map<String, Object> resolveSse(Table table, Ask ask) {
    if (ask.sse() == null) {
      return null;
    }
    Map<String, Object> sse = SseSpecs.resolve(ask.sse(), state);
    if (sse == null && table.sseSpecification() == null) {
      throw EngineException.validation(INVALID + "Table is already encrypted by default");
    }
    return sse;
  }

  /** The table's new declaration; notes when the table class changed. */
  private static TableDef declaration(
      Table table, Ask ask, Billing billing, GsiChanges gsi, Instant now) {
    TableDef current = table.def();
    TableDef next = current;
    if (billing.onDemand()) {
      next = next.withBilling(TableSettings.PAY_PER_REQUEST, Throughput.NONE);
    } else {
      Throughput t = ask.throughput() == null ? current.throughput() : ask.throughput();
      next = next.withBilling(TableSettings.PROVISIONED, t);
    }
    if (gsi != null) {
      next = next.withGlobalIndexes(gsi.globals()).withAttributeDefinitions(gsi.definitions());
    }
    if (ask.stream() != null) {
      next = next.withStreamSpecification(ask.stream().enabled() ? ask.stream().stored() : null);
    }
    if (ask.tableClass() != null) {
      next = next.withTableClass(ask.tableClass());
      table.tableClassUpdatedAt(now);
    }
    if (ask.deletionProtection() != null) {
      next = next.withDeletionProtection(ask.deletionProtection());
    }
    return next;
  }

  /** Records what the new declaration does not hold: histories, labels, encryption, settings. */
  private static void record(
      Table table,
      TableDef previous,
      Ask ask,
      Billing billing,
      List<GsiAction> throughputUpdates,
      Map<String, Object> sse,
      Instant now) {
    if (ask.throughput() != null && !billing.wasOnDemand()) {
      table.throughputHistory().record(previous.throughput(), ask.throughput(), now);
    }
    for (GsiAction a : throughputUpdates) {
      table
          .indexThroughputHistory(a.indexName())
          .record(previous.index(a.indexName()).throughput(), a.throughput(), now);
    }
    if (ask.stream() != null && ask.stream().enabled()) {
      table.streamLabel(StreamSpecs.label(now));
    }
    if (ask.sse() != null) {
      table.sseSpecification(sse);
    }
    if (billing.switchesToOnDemand()) {
      table.lastUpdateToPayPerRequest(now);
      table.throughputHistory().recordSwitchToOnDemand(now);
    }
    CapacitySettings.merge(table.capacity(), ask.capacity());
    for (GsiAction a : ask.gsiActions()) {
      if (a.capacitySettings()) {
        CapacitySettings.merge(table.indexCapacity(a.indexName()), a.capacity());
      }
    }
  }
}
