package dev.dynakit.it.diff;

import static dev.dynakit.it.diff.DifferentialScenario.exact;
import static dev.dynakit.it.diff.DifferentialScenario.members;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Query and Scan, on a table, a GSI and an LSI, sent raw to Dynakit's engine and to dynalite with
 * the replies compared. Query results have one order (the sort key), so they are compared whole;
 * Scan order follows each emulator's own partition hash, so Scans compare counts, or items when one
 * item matches. Errors compare by status and type.
 */
class QueryScanDifferentialIT {
  // Indices of the scenarios in KNOWN_DEVIATIONS.
  private static final int SELECT_SPECIFIC_WITHOUT_PROJECTION = 27;
  private static final int SELECT_ALL_PROJECTED_ON_TABLE = 28;
  private static final int SEGMENT_ZERO_WITHOUT_TOTAL = 29;
  private static final int GSI_PROJECTION_OF_UNPROJECTED = 30;
  private static final int QUERY_FILTER_OR = 18;
  private static final int GSI_CONSISTENT_SCAN = 46;

  /** The deviations where Dynakit refuses (as DynamoDB does) what dynalite accepts. */
  static final Set<Integer> REFUSED_BY_DYNAKIT =
      Set.of(
          SELECT_SPECIFIC_WITHOUT_PROJECTION,
          SELECT_ALL_PROJECTED_ON_TABLE,
          SEGMENT_ZERO_WITHOUT_TOTAL,
          GSI_PROJECTION_OF_UNPROJECTED,
          GSI_CONSISTENT_SCAN);

  /**
   * Scenarios (by index) where dynalite deviates from DynamoDB and Dynakit follows DynamoDB, with
   * the reason; they are sent to both but not compared.
   */
  static final Map<Integer, String> KNOWN_DEVIATIONS = new LinkedHashMap<>();

  static {
    KNOWN_DEVIATIONS.put(
        SELECT_SPECIFIC_WITHOUT_PROJECTION,
        "dynalite does not check Select against the projection; DynamoDB refuses SPECIFIC_ATTRIBUTES"
            + " without ProjectionExpression or AttributesToGet");
    KNOWN_DEVIATIONS.put(
        SELECT_ALL_PROJECTED_ON_TABLE,
        "dynalite accepts ALL_PROJECTED_ATTRIBUTES without an IndexName; DynamoDB refuses it");
    KNOWN_DEVIATIONS.put(
        SEGMENT_ZERO_WITHOUT_TOTAL,
        "dynalite tests Segment for truthiness, so Segment 0 without TotalSegments passes;"
            + " DynamoDB requires TotalSegments whenever Segment is present");
    KNOWN_DEVIATIONS.put(
        GSI_PROJECTION_OF_UNPROJECTED,
        "dynalite returns what the GSI holds; DynamoDB refuses a projection of attributes a GSI"
            + " does not project");
    KNOWN_DEVIATIONS.put(
        QUERY_FILTER_OR,
        "dynalite's legacy filter with ConditionalOperator OR stops at the first condition that"
            + " fails, so an item matching only a later condition is dropped; DynamoDB ORs them");
    KNOWN_DEVIATIONS.put(
        GSI_CONSISTENT_SCAN,
        "dynalite drops ConsistentRead from Scan requests; DynamoDB refuses consistent reads of a"
            + " GSI in Scan as in Query");
  }

  static Peers peers;

  @BeforeAll
  static void start() throws Exception {
    peers = Peers.start();
  }

  @AfterAll
  static void stop() throws Exception {
    if (peers != null) {
      peers.close();
    }
  }

  private static final String TABLE = "{\"TableName\":\"qdiff\"";

  private static DifferentialScenario query(String body) {
    return members(
        "Query", TABLE + "," + body + "}", "Items", "Count", "ScannedCount", "LastEvaluatedKey");
  }

  private static DifferentialScenario queryError(String body) {
    return exact("Query", TABLE + "," + body + "}");
  }

  private static DifferentialScenario scanCounts(String body) {
    return members(
        "Scan", TABLE + (body.isEmpty() ? "" : "," + body) + "}", "Count", "ScannedCount");
  }

  private static String put(String pk, int sk, String extra) {
    return TABLE
        + ",\"Item\":{\"pk\":{\"S\":\""
        + pk
        + "\"},\"sk\":{\"N\":\""
        + sk
        + "\"}"
        + extra
        + "}}";
  }

  static List<DifferentialScenario> scenarios() {
    String pkA = "\"ExpressionAttributeValues\":{\":p\":{\"S\":\"a\"}}";
    List<DifferentialScenario> all = new ArrayList<>();
    all.add(
        members(
            "CreateTable",
            "{\"TableName\":\"qdiff\",\"AttributeDefinitions\":["
                + "{\"AttributeName\":\"pk\",\"AttributeType\":\"S\"},"
                + "{\"AttributeName\":\"sk\",\"AttributeType\":\"N\"},"
                + "{\"AttributeName\":\"status\",\"AttributeType\":\"S\"},"
                + "{\"AttributeName\":\"created\",\"AttributeType\":\"N\"},"
                + "{\"AttributeName\":\"rank\",\"AttributeType\":\"N\"}],"
                + "\"KeySchema\":[{\"AttributeName\":\"pk\",\"KeyType\":\"HASH\"},"
                + "{\"AttributeName\":\"sk\",\"KeyType\":\"RANGE\"}],"
                + "\"GlobalSecondaryIndexes\":[{\"IndexName\":\"byStatus\",\"KeySchema\":["
                + "{\"AttributeName\":\"status\",\"KeyType\":\"HASH\"},"
                + "{\"AttributeName\":\"created\",\"KeyType\":\"RANGE\"}],"
                + "\"Projection\":{\"ProjectionType\":\"KEYS_ONLY\"}}],"
                + "\"LocalSecondaryIndexes\":[{\"IndexName\":\"byRank\",\"KeySchema\":["
                + "{\"AttributeName\":\"pk\",\"KeyType\":\"HASH\"},"
                + "{\"AttributeName\":\"rank\",\"KeyType\":\"RANGE\"}],"
                + "\"Projection\":{\"ProjectionType\":\"INCLUDE\",\"NonKeyAttributes\":[\"v\"]}}],"
                + "\"BillingMode\":\"PAY_PER_REQUEST\"}",
            "TableDescription.TableName"));
    // 1..12: twelve items in partitions a and b; every third has no status (sparse GSI).
    for (int i = 1; i <= 12; i++) {
      String pk = i % 2 == 0 ? "a" : "b";
      String status =
          i % 3 == 0 ? "" : ",\"status\":{\"S\":\"" + (i % 4 < 2 ? "open" : "shut") + "\"}";
      all.add(
          exact(
              "PutItem",
              put(
                  pk,
                  i,
                  status
                      + ",\"created\":{\"N\":\""
                      + (20 - i)
                      + "\"},\"rank\":{\"N\":\""
                      + ((i * 5) % 13)
                      + "\"},\"v\":{\"S\":\"v"
                      + i
                      + "\"},\"w\":{\"N\":\""
                      + i
                      + "\"}")));
    }
    // 13..: Queries on the table.
    all.add(query("\"KeyConditionExpression\":\"pk = :p\"," + pkA));
    all.add(
        query(
            "\"KeyConditionExpression\":\"pk = :p AND sk BETWEEN :lo AND :hi\","
                + "\"ExpressionAttributeValues\":{\":p\":{\"S\":\"a\"},\":lo\":{\"N\":\"3\"},\":hi\":{\"N\":\"9\"}},"
                + "\"ScanIndexForward\":false"));
    all.add(
        query(
            "\"KeyConditionExpression\":\"pk = :p AND sk > :s\","
                + "\"ExpressionAttributeValues\":{\":p\":{\"S\":\"a\"},\":s\":{\"N\":\"2\"}},\"Limit\":2"));
    all.add(
        query(
            "\"KeyConditionExpression\":\"pk = :p AND sk > :s\","
                + "\"ExpressionAttributeValues\":{\":p\":{\"S\":\"a\"},\":s\":{\"N\":\"2\"}},\"Limit\":2,"
                + "\"ExclusiveStartKey\":{\"pk\":{\"S\":\"a\"},\"sk\":{\"N\":\"6\"}}"));
    all.add(
        query(
            "\"KeyConditionExpression\":\"pk = :p\",\"FilterExpression\":\"w > :w\","
                + "\"ExpressionAttributeValues\":{\":p\":{\"S\":\"a\"},\":w\":{\"N\":\"5\"}},\"Limit\":4"));
    all.add(
        query(
            "\"KeyConditions\":{\"pk\":{\"ComparisonOperator\":\"EQ\",\"AttributeValueList\":[{\"S\":\"b\"}]},"
                + "\"sk\":{\"ComparisonOperator\":\"LE\",\"AttributeValueList\":[{\"N\":\"7\"}]}},"
                + "\"QueryFilter\":{\"v\":{\"ComparisonOperator\":\"IN\",\"AttributeValueList\":[{\"S\":\"v1\"},{\"S\":\"v7\"}]},"
                + "\"w\":{\"ComparisonOperator\":\"EQ\",\"AttributeValueList\":[{\"N\":\"3\"}]}},"
                + "\"ConditionalOperator\":\"OR\""));
    all.add(
        query(
            "\"KeyConditionExpression\":\"pk = :p\",\"ProjectionExpression\":\"v, #s\","
                + "\"ExpressionAttributeNames\":{\"#s\":\"status\"},"
                + pkA));
    all.add(query("\"KeyConditionExpression\":\"pk = :p\",\"Select\":\"COUNT\"," + pkA));
    // 21..: Queries on the indices.
    all.add(
        query(
            "\"IndexName\":\"byStatus\",\"KeyConditionExpression\":\"#s = :s\","
                + "\"ExpressionAttributeNames\":{\"#s\":\"status\"},"
                + "\"ExpressionAttributeValues\":{\":s\":{\"S\":\"open\"}},\"Limit\":2"));
    all.add(
        query(
            "\"IndexName\":\"byRank\",\"KeyConditionExpression\":\"pk = :p AND #r > :r\","
                + "\"ExpressionAttributeNames\":{\"#r\":\"rank\"},"
                + "\"ExpressionAttributeValues\":{\":p\":{\"S\":\"a\"},\":r\":{\"N\":\"3\"}},"
                + "\"Select\":\"ALL_ATTRIBUTES\""));
    all.add(
        query(
            "\"IndexName\":\"byRank\",\"KeyConditionExpression\":\"pk = :p\","
                + pkA
                + ",\"ScanIndexForward\":false,\"Limit\":3"));
    all.add(
        queryError(
            "\"IndexName\":\"byStatus\",\"KeyConditionExpression\":\"#s = :s\","
                + "\"ExpressionAttributeNames\":{\"#s\":\"status\"},"
                + "\"ExpressionAttributeValues\":{\":s\":{\"S\":\"open\"}},\"ConsistentRead\":true"));
    all.add(
        queryError(
            "\"IndexName\":\"byStatus\",\"KeyConditionExpression\":\"#s = :s\","
                + "\"ExpressionAttributeNames\":{\"#s\":\"status\"},"
                + "\"ExpressionAttributeValues\":{\":s\":{\"S\":\"open\"}},\"Select\":\"ALL_ATTRIBUTES\""));
    all.add(queryError("\"KeyConditionExpression\":\"pk = :p\",\"IndexName\":\"nope\"," + pkA));
    // 27..30: known deviations (see KNOWN_DEVIATIONS).
    all.add(
        queryError(
            "\"KeyConditionExpression\":\"pk = :p\",\"Select\":\"SPECIFIC_ATTRIBUTES\"," + pkA));
    all.add(exact("Scan", TABLE + ",\"Select\":\"ALL_PROJECTED_ATTRIBUTES\"}"));
    all.add(exact("Scan", TABLE + ",\"Segment\":0}"));
    all.add(
        queryError(
            "\"IndexName\":\"byStatus\",\"KeyConditionExpression\":\"#s = :s\","
                + "\"ExpressionAttributeNames\":{\"#s\":\"status\"},"
                + "\"ExpressionAttributeValues\":{\":s\":{\"S\":\"open\"}},\"ProjectionExpression\":\"v\""));
    // 31..: refusals both make.
    all.add(queryError(pkA));
    all.add(
        queryError(
            "\"KeyConditionExpression\":\"pk = :p\",\"FilterExpression\":\"sk > :s\","
                + "\"ExpressionAttributeValues\":{\":p\":{\"S\":\"a\"},\":s\":{\"N\":\"1\"}}"));
    all.add(
        queryError(
            "\"KeyConditionExpression\":\"pk = :p\","
                + pkA
                + ",\"ExclusiveStartKey\":{\"pk\":{\"S\":\"b\"},\"sk\":{\"N\":\"1\"}}"));
    all.add(
        queryError(
            "\"KeyConditionExpression\":\"sk = :p\","
                + "\"ExpressionAttributeValues\":{\":p\":{\"N\":\"1\"}}"));
    all.add(
        queryError(
            "\"KeyConditionExpression\":\"pk = :p\",\"ExpressionAttributeValues\":{\":p\":{\"N\":\"1\"}}"));
    all.add(queryError("\"KeyConditionExpression\":\"pk = :p\",\"Limit\":0," + pkA));
    all.add(
        members(
            "Query",
            TABLE
                + ",\"KeyConditionExpression\":\"pk = :p\","
                + pkA
                + ",\"ReturnConsumedCapacity\":\"TOTAL\"}",
            "Count",
            "ConsumedCapacity.CapacityUnits",
            "ConsumedCapacity.TableName"));
    // 38..: Scans.
    all.add(scanCounts(""));
    all.add(scanCounts("\"Limit\":5"));
    all.add(scanCounts("\"IndexName\":\"byStatus\""));
    all.add(scanCounts("\"IndexName\":\"byRank\",\"Select\":\"COUNT\""));
    all.add(
        members(
            "Scan",
            TABLE
                + ",\"FilterExpression\":\"v = :v\",\"ExpressionAttributeValues\":{\":v\":{\"S\":\"v5\"}}}",
            "Items",
            "Count",
            "ScannedCount"));
    all.add(
        scanCounts(
            "\"ScanFilter\":{\"w\":{\"ComparisonOperator\":\"BETWEEN\",\"AttributeValueList\":[{\"N\":\"2\"},{\"N\":\"8\"}]}}"));
    all.add(exact("Scan", TABLE + ",\"Segment\":2,\"TotalSegments\":2}"));
    all.add(exact("Scan", TABLE + ",\"TotalSegments\":2}"));
    all.add(exact("Scan", TABLE + ",\"IndexName\":\"byStatus\",\"ConsistentRead\":true}"));
    all.add(exact("Scan", TABLE + ",\"ExclusiveStartKey\":{\"pk\":{\"S\":\"a\"}}}"));
    all.add(exact("Scan", "{\"TableName\":\"nothere\"}"));
    return all;
  }

  @Test
  void sameRequests_sameReplies() throws Exception {
    List<DifferentialScenario> all = scenarios();
    List<Peers.Exchange> replies = peers.exchange(all);
    for (int i : REFUSED_BY_DYNAKIT) {
      // Dynakit follows DynamoDB here: it refuses what dynalite lets through.
      assertThat(replies.get(i).ours().errorType())
          .as("#%d %s", i, all.get(i).json())
          .isEqualTo("ValidationException");
    }
    List<String> mismatches = Peers.mismatches(all, replies, KNOWN_DEVIATIONS);
    assertThat(mismatches).as(String.join("\n", mismatches)).isEmpty();
  }
}
