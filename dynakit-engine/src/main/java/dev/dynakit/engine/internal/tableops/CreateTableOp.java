package dev.dynakit.engine.internal.tableops;

import static dev.dynakit.engine.internal.tableops.KeyRules.INVALID;

import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.internal.EngineState;
import dev.dynakit.engine.internal.protocol.Operation;
import dev.dynakit.engine.internal.protocol.Request;
import dev.dynakit.engine.internal.table.CapacitySettings;
import dev.dynakit.engine.internal.table.IndexDef;
import dev.dynakit.engine.internal.table.IndexSpec;
import dev.dynakit.engine.internal.table.KeyAttr;
import dev.dynakit.engine.internal.table.KeyElement;
import dev.dynakit.engine.internal.table.KeySchema;
import dev.dynakit.engine.internal.table.Table;
import dev.dynakit.engine.internal.table.TableDef;
import dev.dynakit.engine.internal.table.TableDescriber;
import dev.dynakit.engine.internal.table.TableTransitions;
import dev.dynakit.engine.internal.table.Throughput;
import dev.dynakit.engine.internal.table.Violations;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * CreateTable: DynamoDB's shape checks, then its semantic rules in DynamoDB's order, then the new
 * table: ACTIVE at once (as local emulators do, so that callers need not wait), or CREATING for the
 * engine's table latency ({@link TableTransitions}), with its GSIs CREATING too.
 */
final class CreateTableOp implements Operation {
  private final EngineState state;

  CreateTableOp(EngineState state) {
    this.state = state;
  }

  /** What the request declares, once its shape is valid. */
  private record Shape(
      String name,
      List<KeyAttr> definitions,
      List<KeyElement> key,
      List<IndexSpec> gsis,
      List<IndexSpec> lsis,
      String billingMode,
      Throughput throughput,
      StreamSpecs.Spec stream,
      SseSpecs.Spec sse,
      List<Request> tagList) {
    boolean onDemand() {
      return TableSettings.PAY_PER_REQUEST.equals(billingMode);
    }
  }

  /** The table key and the secondary indices, validated. */
  private record Keys(KeySchema tableKey, List<IndexDef> locals, List<IndexDef> globals) {}

  /** The settings beside the keys, validated: what the new table starts with. */
  private record Settings(
      Map<String, Object> sseStored,
      String tableClass,
      Map<String, String> tags,
      Map<String, Map<String, Object>> capacity,
      Map<String, Map<String, Map<String, Object>>> indexCapacity) {}

  @Override
  public Object execute(Request req) {
    Shape shape = readShape(req);
    checkBilling(shape.onDemand(), req.has("ProvisionedThroughput"), shape.throughput());
    Instant now = Instant.now(state.clock());
    Keys keys = keys(shape, now);
    Settings settings = settings(req, shape, keys.globals());
    Table table = register(req, shape, keys, settings, now);
    return Map.of("TableDescription", TableDescriber.describe(table, state.clock().instant()));
  }

  /** The shape checks, all violations reported together as DynamoDB does. */
  private static Shape readShape(Request req) {
    if (!req.has("TableName")) {
      throw EngineException.validation(
          "The parameter 'TableName' is required but was not present in the request");
    }
    Violations v = new Violations();
    List<KeyAttr> definitions = KeySpecs.definitions(req, true, v);
    String name = req.string("TableName");
    v.name("tableName", name);
    List<KeyElement> key = KeySpecs.keySchema(req, "KeySchema", "keySchema", 2, v);
    // DynamoDB reports the GSIs' errors before the LSIs', whatever the request's order
    List<IndexSpec> gsis = indexes(req, "GlobalSecondaryIndexes", true, v);
    List<IndexSpec> lsis = indexes(req, "LocalSecondaryIndexes", false, v);
    String billingMode = req.string("BillingMode");
    v.oneOf("billingMode", billingMode, TableSettings.BILLING_MODES);
    Throughput throughput =
        ThroughputSpecs.read(req, "ProvisionedThroughput", "provisionedThroughput", v);
    StreamSpecs.Spec stream = StreamSpecs.read(req, v);
    SseSpecs.Spec sse = SseSpecs.read(req, v);
    List<Request> tagList = req.objects("Tags");
    v.throwIfAny();
    return new Shape(
        name, definitions, key, gsis, lsis, billingMode, throughput, stream, sse, tagList);
  }

  /** The table key and the indices, checked against the attribute definitions and each other. */
  private Keys keys(Shape shape, Instant now) {
    Map<String, KeyAttr> defs = KeyRules.byName(shape.definitions());
    KeySchema tableKey = KeyRules.tableKey(shape.key(), defs);
    if (shape.lsis() != null && shape.lsis().isEmpty()) {
      throw EngineException.validation(INVALID + "List of LocalSecondaryIndexes is empty");
    }
    if (shape.gsis() != null && shape.gsis().isEmpty()) {
      throw EngineException.validation(INVALID + "List of GlobalSecondaryIndexes is empty");
    }
    List<IndexSpec> localSpecs = shape.lsis() == null ? List.of() : shape.lsis();
    List<IndexSpec> globalSpecs = shape.gsis() == null ? List.of() : shape.gsis();
    List<List<KeyElement>> indexKeys = new ArrayList<>();
    for (IndexSpec i : concat(localSpecs, globalSpecs)) {
      KeyRules.requireDefined(i.keySchema(), defs);
      indexKeys.add(i.keySchema());
    }
    KeyRules.requireAllUsed(shape.definitions(), shape.key(), indexKeys);

    String arn = state.tableArn(shape.name());
    Set<String> indexNames = new HashSet<>();
    List<IndexDef> locals = localIndexes(localSpecs, tableKey, defs, indexNames, arn, now);
    List<IndexDef> globals =
        globalIndexes(globalSpecs, shape.onDemand(), defs, indexNames, arn, now);
    List<List<String>> projected = new ArrayList<>();
    for (IndexDef i : concat(locals, globals)) {
      projected.add(i.nonKeyAttributes());
    }
    IndexRules.projectedTotal(projected);
    return new Keys(tableKey, locals, globals);
  }

  /** Streams, encryption, table class, tags, quotas and capacity settings, in DynamoDB's order. */
  private Settings settings(Request req, Shape shape, List<IndexDef> globals) {
    if (shape.stream() != null) {
      StreamSpecs.checkCreate(shape.stream());
    }
    Map<String, Object> sseStored =
        shape.sse() == null ? null : SseSpecs.resolve(shape.sse(), state);
    String tableClass = req.string("TableClass");
    TableSettings.checkTableClass(tableClass);
    Map<String, String> tags = TagRules.tags(shape.tagList());
    TagRules.checkCount(tags.size());
    if (!shape.onDemand()) {
      ThroughputSpecs.checkTableQuota(shape.throughput(), state.region());
      for (IndexDef g : globals) {
        ThroughputSpecs.checkIndexQuota(g.throughput(), g.name(), state.region());
      }
    }
    Map<String, Map<String, Object>> capacity = CapacitySettings.read(req, "");
    Map<String, Map<String, Map<String, Object>>> indexCapacity = new HashMap<>();
    List<Request> rawGlobals =
        shape.gsis() == null ? List.of() : req.objects("GlobalSecondaryIndexes");
    for (int i = 0; i < rawGlobals.size(); i++) {
      String index = shape.gsis().get(i).name();
      indexCapacity.put(index, CapacitySettings.read(rawGlobals.get(i), "index " + index + ": "));
    }
    return new Settings(
        sseStored,
        tableClass == null ? TableSettings.STANDARD : tableClass,
        tags,
        capacity,
        indexCapacity);
  }

  /** Adds the table to the catalog with its settings; everything was validated before. */
  private Table register(Request req, Shape shape, Keys keys, Settings settings, Instant now) {
    boolean onDemand = shape.onDemand();
    boolean streamOn = shape.stream() != null && shape.stream().enabled();
    TableTransitions transitions = state.catalog().transitions();
    List<IndexDef> globals =
        transitions.enabled() ? withStatus(keys.globals(), "CREATING") : keys.globals();
    TableDef def =
        new TableDef(
            shape.name(),
            state.tableArn(shape.name()),
            UUID.randomUUID().toString(),
            now,
            shape.definitions(),
            keys.tableKey(),
            globals,
            keys.locals(),
            onDemand ? TableSettings.PAY_PER_REQUEST : TableSettings.PROVISIONED,
            onDemand ? Throughput.NONE : shape.throughput(),
            streamOn ? shape.stream().stored() : null,
            settings.tableClass(),
            req.bool("DeletionProtectionEnabled", false));
    Table table = state.catalog().create(def, transitions.enabled() ? "CREATING" : "ACTIVE");
    table.tags().putAll(settings.tags());
    CapacitySettings.merge(table.capacity(), settings.capacity());
    settings
        .indexCapacity()
        .forEach((index, s) -> CapacitySettings.merge(table.indexCapacity(index), s));
    table.sseSpecification(settings.sseStored());
    if (streamOn) {
      table.streamLabel(StreamSpecs.label(now));
    }
    if (onDemand) {
      table.lastUpdateToPayPerRequest(now);
    }
    if (transitions.enabled()) {
      transitions.after(table, () -> activate(table));
    }
    return table;
  }

  /** Ends the CREATING phase: the table and the indices it was created with become ACTIVE. */
  private static void activate(Table table) {
    for (IndexDef g : table.def().globalIndexes()) {
      table.indexStatus(g.name(), "ACTIVE", false);
    }
    table.status("ACTIVE");
  }

  private static List<IndexDef> withStatus(List<IndexDef> indexes, String status) {
    List<IndexDef> out = new ArrayList<>(indexes.size());
    for (IndexDef i : indexes) {
      out.add(i.withStatus(status, false));
    }
    return out;
  }

  private static List<IndexSpec> indexes(Request req, String member, boolean global, Violations v) {
    if (!req.has(member)) {
      return null;
    }
    List<Request> raw = req.objects(member);
    List<IndexSpec> out = new ArrayList<>(raw.size());
    String path = Violations.path(member);
    for (int i = 0; i < raw.size(); i++) {
      out.add(KeySpecs.index(raw.get(i), Violations.element(path, i), global, v));
    }
    return out;
  }

  private static void checkBilling(boolean onDemand, boolean sent, Throughput throughput) {
    if (onDemand && sent) {
      throw EngineException.validation(
          INVALID
              + "Neither ReadCapacityUnits nor WriteCapacityUnits can be specified when BillingMode"
              + " is PAY_PER_REQUEST");
    }
    if (!onDemand && throughput == null) {
      throw EngineException.validation(
          INVALID
              + "ReadCapacityUnits and WriteCapacityUnits must both be specified when BillingMode"
              + " is PROVISIONED");
    }
    if (throughput != null) {
      ThroughputSpecs.checkBounds(throughput);
    }
  }

  private static List<IndexDef> localIndexes(
      List<IndexSpec> specs,
      KeySchema tableKey,
      Map<String, KeyAttr> defs,
      Set<String> names,
      String arn,
      Instant now) {
    if (!specs.isEmpty() && !tableKey.hasRange()) {
      throw EngineException.validation(
          INVALID
              + "Table KeySchema does not have a range key, which is required when specifying a"
              + " LocalSecondaryIndex");
    }
    List<IndexDef> out = new ArrayList<>();
    for (IndexSpec s : specs) {
      KeySchema key = IndexRules.localKey(s, tableKey, defs);
      IndexRules.projection(s);
      requireNewName(s.name(), names);
      out.add(indexDef(s, false, key, Throughput.NONE, arn, now));
    }
    if (specs.size() > IndexRules.MAX_LOCAL_INDEXES) {
      throw EngineException.validation(
          INVALID
              + "Number of LocalSecondaryIndexes exceeds per-table limit of "
              + IndexRules.MAX_LOCAL_INDEXES);
    }
    return out;
  }

  private static List<IndexDef> globalIndexes(
      List<IndexSpec> specs,
      boolean onDemand,
      Map<String, KeyAttr> defs,
      Set<String> names,
      String arn,
      Instant now) {
    List<IndexDef> out = new ArrayList<>();
    for (IndexSpec s : specs) {
      KeySchema key = IndexRules.globalKey(s, defs);
      IndexRules.projection(s);
      if (onDemand && s.throughput() != null) {
        throw EngineException.validation(
            INVALID
                + "ProvisionedThroughput should not be specified for index: "
                + s.name()
                + " when BillingMode is PAY_PER_REQUEST");
      }
      if (!onDemand && s.throughput() == null) {
        throw EngineException.validation(
            INVALID + "ProvisionedThroughput is not specified for index: " + s.name());
      }
      if (s.throughput() != null) {
        ThroughputSpecs.checkBounds(s.throughput());
      }
      requireNewName(s.name(), names);
      Throughput t = onDemand ? Throughput.NONE : s.throughput();
      out.add(indexDef(s, true, key, t, arn, now));
    }
    if (specs.size() > IndexRules.MAX_GLOBAL_INDEXES) {
      throw EngineException.validation(
          INVALID
              + "GlobalSecondaryIndex count exceeds the per-table limit of "
              + IndexRules.MAX_GLOBAL_INDEXES);
    }
    return out;
  }

  private static void requireNewName(String name, Set<String> names) {
    if (!names.add(name)) {
      throw EngineException.validation(INVALID + "Duplicate index name: " + name);
    }
  }

  static IndexDef indexDef(
      IndexSpec s, boolean global, KeySchema key, Throughput t, String tableArn, Instant now) {
    return new IndexDef(
        s.name(),
        global,
        key,
        s.projectionType(),
        IndexRules.sortedNonKey(s),
        t,
        "ACTIVE",
        false,
        TableSettings.indexArn(tableArn, s.name()),
        now);
  }

  private static <T> List<T> concat(List<T> a, List<T> b) {
    List<T> out = new ArrayList<>(a);
    out.addAll(b);
    return out;
  }
}
