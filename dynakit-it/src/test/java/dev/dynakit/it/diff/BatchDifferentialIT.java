package dev.dynakit.it.diff;

import static dev.dynakit.it.diff.DifferentialScenario.exact;
import static dev.dynakit.it.diff.DifferentialScenario.members;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * BatchGetItem and BatchWriteItem sent raw to Dynakit's engine and to dynalite, replies compared.
 * Each scenario finds at most one item per table, because neither DynamoDB nor dynalite promises an
 * order within a table's Responses (dynalite shuffles them). dynalite has no transactions and no
 * TTL expiry, so those are tested against DynamoDB's documented behaviour only (TransactionsIT,
 * TimeToLiveIT).
 */
class BatchDifferentialIT {
  /**
   * Scenarios where dynalite and DynamoDB disagree; Dynakit follows DynamoDB. Keyed by scenario
   * index, with the reason.
   */
  static final Map<Integer, String> KNOWN_DEVIATIONS = new LinkedHashMap<>();

  static {
    KNOWN_DEVIATIONS.put(
        28,
        "A WriteRequest holding both a PutRequest and a DeleteRequest: DynamoDB takes exactly one"
            + " of them and refuses the request; dynalite silently performs the PutRequest.");
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

  private static String keys(String prefix, int count) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < count; i++) {
      b.append(i == 0 ? "" : ",")
          .append("{\"pk\":{\"S\":\"")
          .append(prefix)
          .append(i)
          .append("\"}}");
    }
    return b.toString();
  }

  private static String puts(String prefix, int count) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < count; i++) {
      b.append(i == 0 ? "" : ",")
          .append("{\"PutRequest\":{\"Item\":{\"pk\":{\"S\":\"")
          .append(prefix)
          .append(i)
          .append("\"}}}}");
    }
    return b.toString();
  }

  static List<DifferentialScenario> scenarios() {
    String ranged =
        "{\"TableName\":\"bdiff\",\"AttributeDefinitions\":[{\"AttributeName\":\"pk\",\"AttributeType\":\"S\"},"
            + "{\"AttributeName\":\"sk\",\"AttributeType\":\"N\"}],\"KeySchema\":[{\"AttributeName\":\"pk\",\"KeyType\":\"HASH\"},"
            + "{\"AttributeName\":\"sk\",\"KeyType\":\"RANGE\"}],\"BillingMode\":\"PAY_PER_REQUEST\"}";
    String simple =
        "{\"TableName\":\"bdiff2\",\"AttributeDefinitions\":[{\"AttributeName\":\"pk\",\"AttributeType\":\"S\"},"
            + "{\"AttributeName\":\"g\",\"AttributeType\":\"S\"}],\"KeySchema\":[{\"AttributeName\":\"pk\",\"KeyType\":\"HASH\"}],"
            + "\"GlobalSecondaryIndexes\":[{\"IndexName\":\"byG\",\"KeySchema\":[{\"AttributeName\":\"g\",\"KeyType\":\"HASH\"}],"
            + "\"Projection\":{\"ProjectionType\":\"ALL\"}}],\"BillingMode\":\"PAY_PER_REQUEST\"}";
    String rk = "{\"pk\":{\"S\":\"a\"},\"sk\":{\"N\":\"1\"}}";
    String sk = "{\"pk\":{\"S\":\"b\"}}";
    return List.of(
        // 0, 1
        members("CreateTable", ranged, "TableDescription.KeySchema"),
        members("CreateTable", simple, "TableDescription.KeySchema"),
        // 2: puts over two tables
        exact(
            "BatchWriteItem",
            "{\"RequestItems\":{\"bdiff\":[{\"PutRequest\":{\"Item\":{\"pk\":{\"S\":\"a\"},\"sk\":{\"N\":\"1\"},"
                + "\"n\":{\"N\":\"1.50\"},\"m\":{\"M\":{\"k\":{\"S\":\"v\"}}},\"l\":{\"L\":[{\"S\":\"x\"},{\"N\":\"2\"}]}}}},"
                + "{\"PutRequest\":{\"Item\":{\"pk\":{\"S\":\"a\"},\"sk\":{\"N\":\"2\"}}}}],"
                + "\"bdiff2\":[{\"PutRequest\":{\"Item\":{\"pk\":{\"S\":\"b\"},\"g\":{\"S\":\"gee\"},\"ss\":{\"SS\":[\"p\",\"q\"]}}}},"
                + "{\"PutRequest\":{\"Item\":{\"pk\":{\"S\":\"c\"}}}}]}}"),
        // 3: one item per table plus missing keys
        exact(
            "BatchGetItem",
            "{\"RequestItems\":{\"bdiff\":{\"Keys\":["
                + rk
                + ",{\"pk\":{\"S\":\"a\"},\"sk\":{\"N\":\"9\"}}]},\"bdiff2\":{\"Keys\":["
                + sk
                + ",{\"pk\":{\"S\":\"zz\"}}],\"ConsistentRead\":true}}}"),
        // 4: projection expression with names
        exact(
            "BatchGetItem",
            "{\"RequestItems\":{\"bdiff\":{\"Keys\":["
                + rk
                + "],\"ProjectionExpression\":\"#n, m.k, l[1]\",\"ExpressionAttributeNames\":{\"#n\":\"n\"}}}}"),
        // 5: legacy AttributesToGet
        exact(
            "BatchGetItem",
            "{\"RequestItems\":{\"bdiff2\":{\"Keys\":["
                + sk
                + "],\"AttributesToGet\":[\"ss\",\"nope\"]}}}"),
        // 6: capacity; the Responses must agree (dynalite's capacity members differ in shape)
        members(
            "BatchGetItem",
            "{\"RequestItems\":{\"bdiff2\":{\"Keys\":["
                + sk
                + "]}},\"ReturnConsumedCapacity\":\"TOTAL\"}",
            "Responses"),
        // 7: deletes and a put
        exact(
            "BatchWriteItem",
            "{\"RequestItems\":{\"bdiff\":[{\"DeleteRequest\":{\"Key\":{\"pk\":{\"S\":\"a\"},\"sk\":{\"N\":\"2\"}}}}],"
                + "\"bdiff2\":[{\"DeleteRequest\":{\"Key\":{\"pk\":{\"S\":\"c\"}}}},"
                + "{\"DeleteRequest\":{\"Key\":{\"pk\":{\"S\":\"never\"}}}},"
                + "{\"PutRequest\":{\"Item\":{\"pk\":{\"S\":\"d\"},\"v\":{\"BOOL\":true}}}}]}}"),
        // 8
        exact(
            "BatchGetItem",
            "{\"RequestItems\":{\"bdiff\":{\"Keys\":[{\"pk\":{\"S\":\"a\"},\"sk\":{\"N\":\"2\"}}]},"
                + "\"bdiff2\":{\"Keys\":[{\"pk\":{\"S\":\"c\"}},{\"pk\":{\"S\":\"d\"}}]}}}"),
        // 9: capacity of writes; UnprocessedItems must agree
        members(
            "BatchWriteItem",
            "{\"RequestItems\":{\"bdiff2\":[{\"PutRequest\":{\"Item\":{\"pk\":{\"S\":\"e\"}}}}]},\"ReturnConsumedCapacity\":\"TOTAL\"}",
            "UnprocessedItems"),
        // 10..: refusals, compared by status and error type
        exact("BatchGetItem", "{\"RequestItems\":{}}"),
        exact("BatchWriteItem", "{\"RequestItems\":{}}"),
        exact("BatchGetItem", "{\"RequestItems\":{\"bdiff2\":{\"Keys\":[]}}}"),
        exact("BatchWriteItem", "{\"RequestItems\":{\"bdiff2\":[]}}"),
        exact(
            "BatchGetItem", "{\"RequestItems\":{\"bdiff2\":{\"Keys\":[" + keys("k", 101) + "]}}}"),
        exact("BatchWriteItem", "{\"RequestItems\":{\"bdiff2\":[" + puts("p", 26) + "]}}"),
        exact("BatchGetItem", "{\"RequestItems\":{\"bdiff2\":{\"Keys\":[" + sk + "," + sk + "]}}}"),
        exact(
            "BatchWriteItem",
            "{\"RequestItems\":{\"bdiff2\":[{\"PutRequest\":{\"Item\":"
                + sk
                + "}},{\"DeleteRequest\":{\"Key\":"
                + sk
                + "}}]}}"),
        exact("BatchGetItem", "{\"RequestItems\":{\"nosuchtable\":{\"Keys\":[" + sk + "]}}}"),
        exact(
            "BatchWriteItem",
            "{\"RequestItems\":{\"nosuchtable\":[{\"PutRequest\":{\"Item\":" + sk + "}}]}}"),
        exact(
            "BatchWriteItem",
            "{\"RequestItems\":{\"bdiff2\":[{\"PutRequest\":{\"Item\":{\"pk\":{\"N\":\"1\"}}}}]}}"),
        exact(
            "BatchWriteItem",
            "{\"RequestItems\":{\"bdiff2\":[{\"PutRequest\":{\"Item\":{\"pk\":{\"S\":\"f\"},\"g\":{\"N\":\"1\"}}}}]}}"),
        exact(
            "BatchGetItem", "{\"RequestItems\":{\"bdiff2\":{\"Keys\":[{\"pk\":{\"N\":\"1\"}}]}}}"),
        exact(
            "BatchGetItem",
            "{\"RequestItems\":{\"bdiff2\":{\"Keys\":["
                + sk
                + "],\"ProjectionExpression\":\"pk\",\"AttributesToGet\":[\"pk\"]}}}"),
        exact(
            "BatchGetItem",
            "{\"RequestItems\":{\"bdiff2\":{\"Keys\":["
                + sk
                + "],\"ProjectionExpression\":\"pk\",\"ExpressionAttributeNames\":{\"#u\":\"u\"}}}}"),
        exact(
            "BatchGetItem",
            "{\"RequestItems\":{\"bdiff2\":{\"Keys\":["
                + keys("x", 60)
                + "]},\"bdiff\":{\"Keys\":["
                + rk
                + "]},\"bad!\":{\"Keys\":["
                + sk
                + "]}}}"),
        exact("BatchWriteItem", "{\"RequestItems\":{\"bdiff2\":[{}]}}"),
        // 27: an item over 400 KB
        exact(
            "BatchWriteItem",
            "{\"RequestItems\":{\"bdiff2\":[{\"PutRequest\":{\"Item\":{\"pk\":{\"S\":\"big\"},\"x\":{\"S\":\""
                + "x".repeat(400 * 1024)
                + "\"}}}}]}}"),
        // 28: both kinds in one WriteRequest (a known dynalite deviation)
        exact(
            "BatchWriteItem",
            "{\"RequestItems\":{\"bdiff2\":[{\"PutRequest\":{\"Item\":{\"pk\":{\"S\":\"both\"}}},"
                + "\"DeleteRequest\":{\"Key\":{\"pk\":{\"S\":\"both\"}}}}]}}"),
        // 29: nothing written by the refused requests
        exact(
            "BatchGetItem",
            "{\"RequestItems\":{\"bdiff2\":{\"Keys\":[{\"pk\":{\"S\":\"f\"}},{\"pk\":{\"S\":\"big\"}},{\"pk\":{\"S\":\"p0\"}}]}}}"),
        exact(
            "BatchGetItem",
            "{\"RequestItems\":{\"bdiff2\":{\"Keys\":[{\"pk\":{\"S\":\"e\"}}]}},\"ReturnConsumedCapacity\":\"BOGUS\"}"));
  }

  @Test
  void sameRequests_sameReplies() throws Exception {
    List<DifferentialScenario> all = scenarios();
    List<Peers.Exchange> replies = peers.exchange(all);
    List<String> mismatches = Peers.mismatches(all, replies, KNOWN_DEVIATIONS);
    assertThat(mismatches).as(String.join("\n", mismatches)).isEmpty();
  }
}
