package dev.dynakit.engine.internal.tableops;

import static dev.dynakit.engine.internal.tableops.Wire.at;
import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.engine.internal.table.KeyAttr;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class CreateTableIndexesTest {
  private final Wire wire = new Wire();

  private static final String INVALID = "One or more parameter values were invalid: ";

  @AfterEach
  void close() {
    wire.close();
  }

  private static String def(String name, String type) {
    return "{'AttributeName':'" + name + "','AttributeType':'" + type + "'}";
  }

  private static String key(String name, String type) {
    return "{'AttributeName':'" + name + "','KeyType':'" + type + "'}";
  }

  private static String index(String name, String keys, String projection) {
    return "{'IndexName':'"
        + name
        + "','KeySchema':["
        + keys
        + "],'Projection':"
        + projection
        + "}";
  }

  private static final String ALL = "{'ProjectionType':'ALL'}";
  private static final String TABLE_KEY = key("pk", "HASH") + "," + key("sk", "RANGE");

  /** A table keyed pk/sk (on demand) with the given extra definitions and index members. */
  private Wire.Answer create(String extraDefs, String indexes) {
    return create(extraDefs, indexes, ",'BillingMode':'PAY_PER_REQUEST'");
  }

  private Wire.Answer create(String extraDefs, String indexes, String billing) {
    return wire.call(
        "CreateTable",
        "{'TableName':'tab1','AttributeDefinitions':["
            + def("pk", "S")
            + ","
            + def("sk", "S")
            + extraDefs
            + "],'KeySchema':["
            + TABLE_KEY
            + "]"
            + indexes
            + billing
            + "}");
  }

  private static String gsis(String... indexes) {
    return ",'GlobalSecondaryIndexes':[" + String.join(",", indexes) + "]";
  }

  private static String lsis(String... indexes) {
    return ",'LocalSecondaryIndexes':[" + String.join(",", indexes) + "]";
  }

  @Test
  void createTable_withIndexes_describesThem() {
    Map<String, Object> d =
        create(
                "," + def("a", "N") + "," + def("b", "B"),
                gsis(
                        index(
                            "byA",
                            key("a", "HASH") + "," + key("b", "RANGE"),
                            "{'ProjectionType':'INCLUDE','NonKeyAttributes':['z','m']}"))
                    + lsis(index("byB", key("pk", "HASH") + "," + key("b", "RANGE"), ALL)))
            .ok()
            .map("TableDescription");
    Map<String, Object> gsi = at(d, "GlobalSecondaryIndexes", 0);
    assertThat(gsi)
        .containsEntry("IndexName", "byA")
        .containsEntry("IndexStatus", "ACTIVE")
        .containsEntry("IndexArn", Wire.ARN_PREFIX + "tab1/index/byA")
        .containsEntry("ItemCount", 0L)
        .containsEntry("IndexSizeBytes", 0L)
        .containsEntry(
            "Projection",
            Map.of("ProjectionType", "INCLUDE", "NonKeyAttributes", List.of("m", "z")))
        .containsEntry(
            "ProvisionedThroughput",
            Map.of("NumberOfDecreasesToday", 0L, "ReadCapacityUnits", 0L, "WriteCapacityUnits", 0L))
        .doesNotContainKey("Backfilling");
    Map<String, Object> lsi = at(d, "LocalSecondaryIndexes", 0);
    assertThat(lsi.keySet())
        .containsExactly(
            "IndexName", "KeySchema", "Projection", "IndexSizeBytes", "ItemCount", "IndexArn");
    assertThat(lsi.get("KeySchema"))
        .isEqualTo(
            List.of(
                Map.of("AttributeName", "pk", "KeyType", "HASH"),
                Map.of("AttributeName", "b", "KeyType", "RANGE")));
  }

  @Test
  void createTable_multiAttributeGsiKey_isAcceptedInOrder() {
    StringBuilder defs = new StringBuilder();
    StringBuilder keys = new StringBuilder();
    for (int i = 1; i <= 4; i++) {
      defs.append(",").append(def("h" + i, "S")).append(",").append(def("r" + i, "N"));
      keys.append(i == 1 ? "" : ",").append(key("h" + i, "HASH"));
    }
    for (int i = 1; i <= 4; i++) {
      keys.append(",").append(key("r" + i, "RANGE"));
    }
    Map<String, Object> d =
        create(defs.toString(), gsis(index("wide", keys.toString(), ALL)))
            .ok()
            .map("TableDescription");
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> schema =
        (List<Map<String, Object>>) at(d, "GlobalSecondaryIndexes", 0).get("KeySchema");
    assertThat(schema).hasSize(8);
    assertThat(schema.get(0)).isEqualTo(Map.of("AttributeName", "h1", "KeyType", "HASH"));
    assertThat(schema.get(3)).isEqualTo(Map.of("AttributeName", "h4", "KeyType", "HASH"));
    assertThat(schema.get(7)).isEqualTo(Map.of("AttributeName", "r4", "KeyType", "RANGE"));
    assertThat(wire.state().catalog().require("tab1").def().index("wide").key().hash())
        .extracting(KeyAttr::name)
        .containsExactly("h1", "h2", "h3", "h4");
  }

  @Test
  void createTable_multiAttributeGsiKey_rules() {
    String defs = "," + def("a", "S") + "," + def("b", "S") + "," + def("c", "S");
    create(
            defs,
            gsis(
                index(
                    "gs1",
                    key("a", "HASH") + "," + key("b", "RANGE") + "," + key("c", "HASH"),
                    ALL)))
        .invalid(
            INVALID + "All HASH key attributes must precede RANGE key attributes in the KeySchema");
    create(
            defs,
            gsis(
                index(
                    "gs1",
                    key("a", "HASH")
                        + ","
                        + key("b", "HASH")
                        + ","
                        + key("c", "RANGE")
                        + ","
                        + key("a", "RANGE"),
                    ALL)))
        .invalid("The KeySchema contains multiple key attributes with the same name");
    create(
            defs,
            gsis(
                index(
                    "gs1",
                    key("a", "RANGE") + "," + key("b", "HASH") + "," + key("c", "HASH"),
                    ALL)))
        .invalid("Invalid KeySchema: The first KeySchemaElement is not a HASH key type");
    StringBuilder fiveDefs = new StringBuilder();
    StringBuilder fiveHash = new StringBuilder();
    StringBuilder fiveRange = new StringBuilder(key("a", "HASH"));
    for (int i = 1; i <= 5; i++) {
      fiveDefs.append(",").append(def("x" + i, "S"));
      fiveHash.append(i == 1 ? "" : ",").append(key("x" + i, "HASH"));
      fiveRange.append(",").append(key("x" + i, "RANGE"));
    }
    create(fiveDefs.toString(), gsis(index("gs1", fiveHash.toString(), ALL)))
        .invalid(
            INVALID + "The KeySchema exceeds the maximum allowed number of HASH key attributes");
    create(fiveDefs + "," + def("a", "S"), gsis(index("gs1", fiveRange.toString(), ALL)))
        .invalid(
            INVALID + "The KeySchema exceeds the maximum allowed number of RANGE key attributes");
    assertThat(wire.tableNames()).isEmpty();
  }

  /**
   * DynamoDB documents each rule of a multi-attribute GSI key but not which it reports first when a
   * schema breaks several; ours reports, in this order: a repeated name, a first element that is no
   * HASH, a HASH after a RANGE, then too many HASH or RANGE elements (the order DynamoDB reports
   * for the same rules on a table's own key, which it does document by example).
   */
  @Test
  void createTable_multiAttributeGsiKey_brokenSeveralWays_reportsTheFirstRuleInOurOrder() {
    StringBuilder defs = new StringBuilder();
    for (int i = 1; i <= 5; i++) {
      defs.append(",").append(def("x" + i, "S"));
    }
    String fiveHashesRepeatingOne =
        key("x1", "HASH")
            + ","
            + key("x2", "HASH")
            + ","
            + key("x3", "HASH")
            + ","
            + key("x4", "HASH")
            + ","
            + key("x5", "HASH")
            + ","
            + key("x1", "RANGE");
    create(defs.toString(), gsis(index("gs1", fiveHashesRepeatingOne, ALL)))
        .invalid("The KeySchema contains multiple key attributes with the same name");
    String rangeFirstThenFiveHashes =
        key("x5", "RANGE")
            + ","
            + key("x1", "HASH")
            + ","
            + key("x2", "HASH")
            + ","
            + key("x3", "HASH")
            + ","
            + key("x4", "HASH");
    create(defs.toString(), gsis(index("gs1", rangeFirstThenFiveHashes, ALL)))
        .invalid("Invalid KeySchema: The first KeySchemaElement is not a HASH key type");
    String fiveHashesAfterARange =
        key("x1", "HASH")
            + ","
            + key("x2", "RANGE")
            + ","
            + key("x3", "HASH")
            + ","
            + key("x4", "HASH")
            + ","
            + key("x5", "HASH");
    create(defs.toString(), gsis(index("gs1", fiveHashesAfterARange, ALL)))
        .invalid(
            INVALID + "All HASH key attributes must precede RANGE key attributes in the KeySchema");
    assertThat(wire.tableNames()).isEmpty();
  }

  @Test
  void createTable_lsiKeyRules() {
    String defs = "," + def("a", "S");
    create(defs, lsis(index("ls1", key("a", "HASH") + "," + key("sk", "RANGE"), ALL)))
        .invalid(
            INVALID
                + "Index KeySchema does not have the same leading hash key as table KeySchema for"
                + " index: ls1. index hash key: a, table hash key: pk");
    create("", lsis(index("ls1", key("pk", "HASH"), ALL)))
        .invalid(INVALID + "Index KeySchema does not have a range key for index: ls1");
    create(
            defs,
            lsis(
                index(
                    "ls1",
                    key("pk", "HASH") + "," + key("a", "RANGE") + "," + key("sk", "RANGE"),
                    ALL)))
        .invalid(
            "1 validation error detected: Value"
                + " '[KeySchemaElement(attributeName=pk, keyType=HASH),"
                + " KeySchemaElement(attributeName=a, keyType=RANGE),"
                + " KeySchemaElement(attributeName=sk, keyType=RANGE)]' at"
                + " 'localSecondaryIndexes.1.member.keySchema' failed to satisfy constraint: Member"
                + " must have length less than or equal to 2");
    wire.call(
            "CreateTable",
            "{'TableName':'tab1','AttributeDefinitions':["
                + def("pk", "S")
                + ","
                + def("a", "S")
                + "],'KeySchema':["
                + key("pk", "HASH")
                + "],'BillingMode':'PAY_PER_REQUEST'"
                + lsis(index("ls1", key("pk", "HASH") + "," + key("a", "RANGE"), ALL))
                + "}")
        .invalid(
            INVALID
                + "Table KeySchema does not have a range key, which is required when specifying a"
                + " LocalSecondaryIndex");
    assertThat(wire.tableNames()).isEmpty();
  }

  @Test
  void createTable_indexCountsAndNames() {
    StringBuilder six = new StringBuilder();
    for (int i = 0; i < 6; i++) {
      six.append(i == 0 ? "" : ",")
          .append(index("lsi" + i, key("pk", "HASH") + "," + key("sk", "RANGE"), ALL));
    }
    create("", ",'LocalSecondaryIndexes':[" + six + "]")
        .invalid(INVALID + "Number of LocalSecondaryIndexes exceeds per-table limit of 5");
    StringBuilder many = new StringBuilder();
    for (int i = 0; i < 21; i++) {
      many.append(i == 0 ? "" : ",").append(index("gsi" + i, key("sk", "HASH"), ALL));
    }
    create("", ",'GlobalSecondaryIndexes':[" + many + "]")
        .invalid(INVALID + "GlobalSecondaryIndex count exceeds the per-table limit of 20");
    create(
            "",
            gsis(index("dup", key("sk", "HASH"), ALL))
                + lsis(index("dup", key("pk", "HASH") + "," + key("sk", "RANGE"), ALL)))
        .invalid(INVALID + "Duplicate index name: dup");
    create("", ",'GlobalSecondaryIndexes':[]")
        .invalid(INVALID + "List of GlobalSecondaryIndexes is empty");
    create("", ",'LocalSecondaryIndexes':[]")
        .invalid(INVALID + "List of LocalSecondaryIndexes is empty");
    create("", gsis(index("a;", key("sk", "HASH"), ALL)))
        .invalid(
            "2 validation errors detected: Value 'a;' at"
                + " 'globalSecondaryIndexes.1.member.indexName' failed to satisfy constraint: Member"
                + " must satisfy regular expression pattern: [a-zA-Z0-9_.-]+; Value 'a;' at"
                + " 'globalSecondaryIndexes.1.member.indexName' failed to satisfy constraint: Member"
                + " must have length greater than or equal to 3");
    // the GSIs' errors come first, however the request orders its members
    create(
            "",
            lsis(index("l1", key("pk", "HASH") + "," + key("sk", "RANGE"), ALL))
                + gsis(index("g1", key("sk", "HASH"), ALL)))
        .invalid(
            "2 validation errors detected: Value 'g1' at"
                + " 'globalSecondaryIndexes.1.member.indexName' failed to satisfy constraint: Member"
                + " must have length greater than or equal to 3; Value 'l1' at"
                + " 'localSecondaryIndexes.1.member.indexName' failed to satisfy constraint: Member"
                + " must have length greater than or equal to 3");
    assertThat(wire.tableNames()).isEmpty();
  }

  @Test
  void createTable_projectionRules() {
    create("", gsis(index("gs1", key("sk", "HASH"), "{}")))
        .invalid(INVALID + "Unknown ProjectionType: null");
    create(
            "",
            gsis(
                index(
                    "gs1", key("sk", "HASH"), "{'ProjectionType':'ALL','NonKeyAttributes':['x']}")))
        .invalid(INVALID + "ProjectionType is ALL, but NonKeyAttributes is specified");
    create("", gsis(index("gs1", key("sk", "HASH"), "{'ProjectionType':'INCLUDE'}")))
        .invalid(INVALID + "ProjectionType is INCLUDE, but NonKeyAttributes is not specified");
    create(
            "",
            gsis(
                index(
                    "gs1",
                    key("sk", "HASH"),
                    "{'ProjectionType':'INCLUDE','NonKeyAttributes':['x','x']}")))
        .invalid(INVALID + "Duplicate element in NonKeyAttributes: x");
    wire.call(
            "CreateTable",
            "{'TableName':'tab1','AttributeDefinitions':["
                + def("pk", "S")
                + ","
                + def("sk", "S")
                + "],'KeySchema':["
                + TABLE_KEY
                + "],'BillingMode':'PAY_PER_REQUEST','GlobalSecondaryIndexes':[{'IndexName':'gs1','KeySchema':["
                + key("sk", "HASH")
                + "]}]}")
        .invalid(
            "1 validation error detected: Value null at"
                + " 'globalSecondaryIndexes.1.member.projection' failed to satisfy constraint:"
                + " Member must not be null");
    assertThat(wire.tableNames()).isEmpty();
  }

  @Test
  void createTable_projectedAttributesOverAllIndexes_areLimitedTo100() {
    List<String> parts = new java.util.ArrayList<>();
    for (int i = 0; i < 6; i++) {
      StringBuilder names = new StringBuilder();
      for (int j = 0; j < 17; j++) {
        names.append(j == 0 ? "" : ",").append("'n").append(j).append("'");
      }
      parts.add(
          index(
              "g" + i + "xx",
              key("sk", "HASH"),
              "{'ProjectionType':'INCLUDE','NonKeyAttributes':[" + names + "]}"));
    }
    create("", gsis(parts.toArray(new String[0])))
        .invalid(
            INVALID
                + "Number of projected attributes in all indexes exceeds limit of 100, number of"
                + " projected attributes:102");
    create("", gsis(parts.subList(0, 5).toArray(new String[0]))).ok();
  }

  @Test
  void createTable_definitionsMustMatchIndexKeys() {
    create("," + def("a", "S") + "," + def("b", "S"), gsis(index("gs1", key("a", "HASH"), ALL)))
        .invalid(
            INVALID
                + "Some AttributeDefinitions are not used. AttributeDefinitions: [pk, sk, a, b],"
                + " keys used: [pk, sk, a]");
    create("", gsis(index("gs1", key("q", "HASH"), ALL)))
        .invalid(
            INVALID
                + "Some index key attributes are not defined in AttributeDefinitions. Keys: [q],"
                + " AttributeDefinitions: [pk, sk]");
  }

  @Test
  void createTable_gsiThroughputFollowsBillingMode() {
    String provisioned = ",'ProvisionedThroughput':{'ReadCapacityUnits':1,'WriteCapacityUnits':1}";
    create("", gsis(index("gs1", key("sk", "HASH"), ALL)), provisioned)
        .invalid(INVALID + "ProvisionedThroughput is not specified for index: gs1");
    String withPt =
        "{'IndexName':'gs1','KeySchema':["
            + key("sk", "HASH")
            + "],'Projection':"
            + ALL
            + ",'ProvisionedThroughput':{'ReadCapacityUnits':3,'WriteCapacityUnits':4}}";
    create("", gsis(withPt))
        .invalid(
            INVALID
                + "ProvisionedThroughput should not be specified for index: gs1 when BillingMode is"
                + " PAY_PER_REQUEST");
    Map<String, Object> d = create("", gsis(withPt), provisioned).ok().map("TableDescription");
    assertThat(at(d, "GlobalSecondaryIndexes", 0, "ProvisionedThroughput"))
        .containsEntry("ReadCapacityUnits", 3L)
        .containsEntry("WriteCapacityUnits", 4L);
  }

  @Test
  void createTable_gsiCapacityOverQuota_isLimitExceeded() {
    String gsi =
        "{'IndexName':'gs1','KeySchema':["
            + key("sk", "HASH")
            + "],'Projection':"
            + ALL
            + ",'ProvisionedThroughput':{'ReadCapacityUnits':1,'WriteCapacityUnits':40001}}";
    create("", gsis(gsi), ",'ProvisionedThroughput':{'ReadCapacityUnits':1,'WriteCapacityUnits':1}")
        .refused(
            Wire.LIMIT,
            "The requested WriteCapacityUnits for index gs1, 40001, is above the per index maximum"
                + " for the account in us-east-1. Per table maximum: 40000. Refer to the Amazon"
                + " DynamoDB Developer Guide for current limits and how to request higher limits.");
    assertThat(wire.tableNames()).isEmpty();
  }
}
