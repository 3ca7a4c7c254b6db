package dev.dynakit.engine.internal.backup;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a backup records of its source table, taken from the table's description at the backup's
 * moment: SourceTableDetails and SourceTableFeatureDetails for DescribeBackup, and the definition
 * (a CreateTable request) a restore starts from. Time to live and streams are features of the
 * source table only: as in DynamoDB, a restored table has neither until they are set again.
 */
final class SourceTables {
  private static final String PROVISIONED = "PROVISIONED";

  private SourceTables() {}

  static Map<String, Object> details(Map<String, Object> table, long itemCount, long sizeBytes) {
    Map<String, Object> d = new LinkedHashMap<>();
    d.put("TableName", table.get("TableName"));
    d.put("TableId", table.get("TableId"));
    d.put("TableArn", table.get("TableArn"));
    d.put("TableSizeBytes", sizeBytes);
    d.put("KeySchema", table.get("KeySchema"));
    d.put("TableCreationDateTime", table.get("CreationDateTime"));
    d.put("ProvisionedThroughput", units(object(table, "ProvisionedThroughput")));
    if (table.containsKey("OnDemandThroughput")) {
      d.put("OnDemandThroughput", table.get("OnDemandThroughput"));
    }
    d.put("ItemCount", itemCount);
    d.put("BillingMode", billingMode(table));
    return d;
  }

  static Map<String, Object> features(
      Map<String, Object> table, String ttlAttribute, boolean ttlEnabled) {
    Map<String, Object> f = new LinkedHashMap<>();
    List<Map<String, Object>> lsis = indexes(table, "LocalSecondaryIndexes", false);
    if (!lsis.isEmpty()) {
      f.put("LocalSecondaryIndexes", lsis);
    }
    List<Map<String, Object>> gsis = indexes(table, "GlobalSecondaryIndexes", true);
    if (!gsis.isEmpty()) {
      f.put("GlobalSecondaryIndexes", gsis);
    }
    if (table.containsKey("StreamSpecification")) {
      f.put("StreamDescription", table.get("StreamSpecification"));
    }
    Map<String, Object> ttl = new LinkedHashMap<>();
    ttl.put("TimeToLiveStatus", ttlEnabled ? "ENABLED" : "DISABLED");
    if (ttlEnabled) {
      ttl.put("AttributeName", ttlAttribute);
    }
    f.put("TimeToLiveDescription", ttl);
    if (table.containsKey("SSEDescription")) {
      f.put("SSEDescription", table.get("SSEDescription"));
    }
    return f;
  }

  /** The CreateTable request that makes a table like the source, without its name. */
  static Map<String, Object> definition(Map<String, Object> table) {
    boolean provisioned = PROVISIONED.equals(billingMode(table));
    Map<String, Object> d = new LinkedHashMap<>();
    d.put("AttributeDefinitions", table.get("AttributeDefinitions"));
    d.put("KeySchema", table.get("KeySchema"));
    d.put("BillingMode", billingMode(table));
    if (provisioned) {
      d.put("ProvisionedThroughput", units(object(table, "ProvisionedThroughput")));
    }
    List<Map<String, Object>> lsis = indexes(table, "LocalSecondaryIndexes", false);
    if (!lsis.isEmpty()) {
      d.put("LocalSecondaryIndexes", lsis);
    }
    List<Map<String, Object>> gsis = indexes(table, "GlobalSecondaryIndexes", provisioned);
    if (!gsis.isEmpty()) {
      d.put("GlobalSecondaryIndexes", gsis);
    }
    Map<String, Object> sse = object(table, "SSEDescription");
    if (sse != null) {
      Map<String, Object> spec = new LinkedHashMap<>();
      spec.put("Enabled", Boolean.TRUE);
      spec.put("SSEType", "KMS");
      spec.put("KMSMasterKeyId", sse.get("KMSMasterKeyArn"));
      d.put("SSESpecification", spec);
    }
    Map<String, Object> tableClass = object(table, "TableClassSummary");
    if (tableClass != null) {
      d.put("TableClass", tableClass.get("TableClass"));
    }
    return d;
  }

  private static List<Map<String, Object>> indexes(
      Map<String, Object> table, String member, boolean withThroughput) {
    List<Map<String, Object>> out = new ArrayList<>();
    Object raw = table.get(member);
    if (raw == null) {
      return out;
    }
    for (Object o : (List<?>) raw) {
      Map<String, Object> index = asMap(o);
      Map<String, Object> i = new LinkedHashMap<>();
      i.put("IndexName", index.get("IndexName"));
      i.put("KeySchema", index.get("KeySchema"));
      i.put("Projection", index.get("Projection"));
      if (withThroughput && index.containsKey("ProvisionedThroughput")) {
        i.put("ProvisionedThroughput", units(object(index, "ProvisionedThroughput")));
      }
      out.add(i);
    }
    return out;
  }

  private static String billingMode(Map<String, Object> table) {
    Map<String, Object> summary = object(table, "BillingModeSummary");
    return summary == null ? PROVISIONED : (String) summary.get("BillingMode");
  }

  private static Map<String, Object> units(Map<String, Object> throughput) {
    Map<String, Object> u = new LinkedHashMap<>();
    u.put("ReadCapacityUnits", throughput.get("ReadCapacityUnits"));
    u.put("WriteCapacityUnits", throughput.get("WriteCapacityUnits"));
    return u;
  }

  static Map<String, Object> object(Map<String, Object> tree, String member) {
    Object o = tree.get(member);
    return o == null ? null : asMap(o);
  }

  @SuppressWarnings("unchecked")
  static Map<String, Object> asMap(Object o) {
    return (Map<String, Object>) o;
  }
}
