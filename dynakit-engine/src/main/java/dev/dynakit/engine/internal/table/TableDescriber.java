package dev.dynakit.engine.internal.table;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds the TableDescription response tree DynamoDB returns from CreateTable, DescribeTable,
 * UpdateTable and DeleteTable, in DynamoDB's member order.
 */
public final class TableDescriber {
  private TableDescriber() {}

  /** The description of {@code table} with its current status. */
  public static Map<String, Object> describe(Table table, Instant now) {
    return describe(table, table.status(), now);
  }

  /** The description with {@code status} as TableStatus (DeleteTable reports DELETING). */
  public static Map<String, Object> describe(Table table, String status, Instant now) {
    TableDef def = table.def();
    Map<String, Object> d = new LinkedHashMap<>();
    d.put("AttributeDefinitions", attributeDefinitions(def.attributeDefinitions()));
    d.put("TableName", def.name());
    d.put("KeySchema", keySchema(def.key()));
    d.put("TableStatus", status);
    d.put("CreationDateTime", epochSeconds(def.createdAt()));
    d.put("ProvisionedThroughput", throughput(def.throughput(), table.throughputHistory(), now));
    d.put("TableSizeBytes", table.sizeBytes().get());
    d.put("ItemCount", table.itemCount().get());
    d.put("TableArn", def.arn());
    d.put("TableId", def.tableId());
    d.put("BillingModeSummary", billingModeSummary(def, table));
    if (!def.localIndexes().isEmpty()) {
      List<Object> lsis = new ArrayList<>();
      for (IndexDef i : def.localIndexes()) {
        lsis.add(localIndex(i, table));
      }
      d.put("LocalSecondaryIndexes", lsis);
    }
    if (!def.globalIndexes().isEmpty()) {
      List<Object> gsis = new ArrayList<>();
      for (IndexDef i : def.globalIndexes()) {
        gsis.add(globalIndex(i, table, now));
      }
      d.put("GlobalSecondaryIndexes", gsis);
    }
    if (def.streamEnabled()) {
      d.put("StreamSpecification", new LinkedHashMap<>(def.streamSpecification()));
    }
    String label = table.streamLabel();
    if (label != null) {
      d.put("LatestStreamLabel", label);
      d.put("LatestStreamArn", def.arn() + "/stream/" + label);
    }
    Map<String, Object> sse = sseDescription(table);
    if (sse != null) {
      d.put("SSEDescription", sse);
    }
    CapacitySettings.describe(table.capacity(), d);
    Map<String, Object> tableClass = new LinkedHashMap<>();
    tableClass.put("TableClass", def.tableClass());
    if (table.tableClassUpdatedAt() != null) {
      tableClass.put("LastUpdateDateTime", epochSeconds(table.tableClassUpdatedAt()));
    }
    d.put("TableClassSummary", tableClass);
    d.put("DeletionProtectionEnabled", def.deletionProtection());
    return d;
  }

  /**
   * What DeleteTable answers: DynamoDB's reduced description, without the creation time, the key
   * schema, the attribute definitions or the index lists.
   */
  public static Map<String, Object> describeDeleted(Table table, Instant now) {
    TableDef def = table.def();
    Map<String, Object> d = new LinkedHashMap<>();
    d.put("TableName", def.name());
    d.put("TableStatus", "DELETING");
    d.put("ProvisionedThroughput", throughput(def.throughput(), table.throughputHistory(), now));
    d.put("TableSizeBytes", table.sizeBytes().get());
    d.put("ItemCount", table.itemCount().get());
    d.put("TableArn", def.arn());
    d.put("TableId", def.tableId());
    d.put("BillingModeSummary", billingModeSummary(def, table));
    d.put("DeletionProtectionEnabled", def.deletionProtection());
    return d;
  }

  /** Epoch seconds with a fraction, as DynamoDB writes timestamps. */
  static BigDecimal epochSeconds(Instant at) {
    return BigDecimal.valueOf(at.toEpochMilli(), 3);
  }

  private static List<Object> attributeDefinitions(List<KeyAttr> definitions) {
    List<KeyAttr> sorted = new ArrayList<>(definitions);
    sorted.sort(Comparator.comparing(KeyAttr::name));
    List<Object> out = new ArrayList<>();
    for (KeyAttr a : sorted) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("AttributeName", a.name());
      m.put("AttributeType", a.type());
      out.add(m);
    }
    return out;
  }

  private static List<Object> keySchema(KeySchema key) {
    List<Object> out = new ArrayList<>();
    for (KeyAttr a : key.hash()) {
      out.add(keyElement(a.name(), "HASH"));
    }
    for (KeyAttr a : key.range()) {
      out.add(keyElement(a.name(), "RANGE"));
    }
    return out;
  }

  private static Map<String, Object> keyElement(String name, String type) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("AttributeName", name);
    m.put("KeyType", type);
    return m;
  }

  private static Map<String, Object> throughput(
      Throughput t, ThroughputHistory history, Instant now) {
    Map<String, Object> m = new LinkedHashMap<>();
    history.describe(m, now);
    m.put("ReadCapacityUnits", t.readCapacityUnits());
    m.put("WriteCapacityUnits", t.writeCapacityUnits());
    return m;
  }

  private static Map<String, Object> billingModeSummary(TableDef def, Table table) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("BillingMode", def.billingMode());
    Instant switched = table.lastUpdateToPayPerRequest();
    if (switched != null) {
      m.put("LastUpdateToPayPerRequestDateTime", epochSeconds(switched));
    }
    return m;
  }

  private static Map<String, Object> projection(IndexDef i) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("ProjectionType", i.projectionType());
    if ("INCLUDE".equals(i.projectionType())) {
      m.put("NonKeyAttributes", new ArrayList<Object>(i.nonKeyAttributes()));
    }
    return m;
  }

  private static Map<String, Object> localIndex(IndexDef i, Table table) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("IndexName", i.name());
    m.put("KeySchema", keySchema(i.key()));
    m.put("Projection", projection(i));
    m.put("IndexSizeBytes", table.indexSizeBytes(i.name()).get());
    m.put("ItemCount", table.indexItemCount(i.name()).get());
    m.put("IndexArn", i.arn());
    return m;
  }

  private static Map<String, Object> globalIndex(IndexDef i, Table table, Instant now) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("IndexName", i.name());
    m.put("KeySchema", keySchema(i.key()));
    m.put("Projection", projection(i));
    m.put("IndexStatus", i.status());
    // DynamoDB reports Backfilling only while an index added by UpdateTable is being created,
    // not for the indices of a table being created.
    if ("CREATING".equals(i.status()) && !"CREATING".equals(table.status())) {
      m.put("Backfilling", i.backfilling());
    }
    m.put(
        "ProvisionedThroughput",
        throughput(i.throughput(), table.indexThroughputHistory(i.name()), now));
    m.put("IndexSizeBytes", table.indexSizeBytes(i.name()).get());
    m.put("ItemCount", table.indexItemCount(i.name()).get());
    m.put("IndexArn", i.arn());
    CapacitySettings.describe(table.indexCapacity(i.name()), m);
    return m;
  }

  private static Map<String, Object> sseDescription(Table table) {
    Map<String, Object> spec = table.sseSpecification();
    if (spec == null || !Boolean.TRUE.equals(spec.get("Enabled"))) {
      return null;
    }
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("Status", "ENABLED");
    m.put("SSEType", "KMS");
    m.put("KMSMasterKeyArn", spec.get("KMSMasterKeyArn"));
    return m;
  }
}
