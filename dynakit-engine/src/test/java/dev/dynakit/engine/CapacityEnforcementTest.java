package dev.dynakit.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Capacity enforcement in process, second by second on a clock the test moves: the per-key
 * ceilings, provisioned throughput with burst credit, GSI back-pressure, on-demand maximums, the
 * unprocessed parts of batches, throttled transactions; and nothing of a throttled request is
 * written.
 */
class CapacityEnforcementTest {
  static final String THROUGHPUT_EXCEEDED =
      "com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException";
  static final String THROTTLING = "com.amazon.coral.availability#ThrottlingException";
  static final String TABLE_ARN = "arn:aws:dynamodb:us-east-1:000000000000:table/";

  private final ManualClock clock = new ManualClock(Instant.parse("2026-12-06T12:00:00Z"));
  private final DynakitEngine engine =
      DynakitEngine.builder().clock(clock).enforceCapacity(true).build();
  private final JsonCalls calls = new JsonCalls(engine);

  @AfterEach
  void close() {
    engine.close();
  }

  /**
   * A string of {@code kb} kilobytes, so that an item with it costs about that many write units.
   */
  static String filler(int kb) {
    return "x".repeat(kb * 1024 - 100);
  }

  private void onDemandTable(String name) {
    calls
        .call(
            "CreateTable",
            "{'TableName':'"
                + name
                + "','AttributeDefinitions':[{'AttributeName':'pk','AttributeType':'S'},"
                + "{'AttributeName':'sk','AttributeType':'S'}],'KeySchema':[{'AttributeName':'pk',"
                + "'KeyType':'HASH'},{'AttributeName':'sk','KeyType':'RANGE'}],"
                + "'BillingMode':'PAY_PER_REQUEST'}")
        .ok();
  }

  private JsonCalls.Answer put(String table, String pk, String sk, int kb) {
    return calls.call(
        "PutItem",
        "{'TableName':'"
            + table
            + "','Item':{'pk':{'S':'"
            + pk
            + "'},'sk':{'S':'"
            + sk
            + "'},'pad':{'S':'"
            + filler(kb)
            + "'}}}");
  }

  private boolean exists(String table, String pk, String sk) {
    return calls
        .call(
            "GetItem",
            "{'TableName':'" + table + "','Key':{'pk':{'S':'" + pk + "'},'sk':{'S':'" + sk + "'}}}")
        .ok()
        .body()
        .containsKey("Item");
  }

  @SuppressWarnings("unchecked")
  static List<Map<String, Object>> reasons(JsonCalls.Answer a) {
    return (List<Map<String, Object>>) a.body().get("ThrottlingReasons");
  }

  @Test
  void oneKey_takesAThousandWriteUnitsASecond_thenIsRefused_andTheRefusedPutWritesNothing() {
    onDemandTable("Hot");
    int admitted = 0;
    JsonCalls.Answer refused = null;
    for (int i = 0; i < 100 && refused == null; i++) {
      JsonCalls.Answer a = put("Hot", "hot", "s" + i, 16);
      if (a.status() == 200) {
        admitted++;
      } else {
        refused = a;
      }
    }

    // 16 KB items cost 16 units: 62 fit in 1,000
    assertThat(admitted).isEqualTo(62);
    assertThat(refused.status()).isEqualTo(400);
    assertThat(refused.body().get("__type")).isEqualTo(THROUGHPUT_EXCEEDED);
    assertThat(reasons(refused))
        .containsExactly(
            Map.of(
                "reason", "TableWriteKeyRangeThroughputExceeded", "resource", TABLE_ARN + "Hot"));
    assertThat(exists("Hot", "hot", "s62")).isFalse();
    // other keys still write; the hot key again in the next second
    assertThat(put("Hot", "other", "s", 16).status()).isEqualTo(200);
    clock.advance(Duration.ofSeconds(1));
    assertThat(put("Hot", "hot", "s62", 16).status()).isEqualTo(200);
    assertThat(exists("Hot", "hot", "s62")).isTrue();
  }

  @Test
  void enforcementOff_acceptsTheSameLoad() {
    try (DynakitEngine plain = DynakitEngine.builder().clock(clock).build()) {
      JsonCalls c = new JsonCalls(plain);
      c.call(
              "CreateTable",
              "{'TableName':'Hot','AttributeDefinitions':[{'AttributeName':'pk','AttributeType':'S'},"
                  + "{'AttributeName':'sk','AttributeType':'S'}],'KeySchema':[{'AttributeName':"
                  + "'pk','KeyType':'HASH'},{'AttributeName':'sk','KeyType':'RANGE'}],"
                  + "'BillingMode':'PAY_PER_REQUEST'}")
          .ok();
      for (int i = 0; i < 100; i++) {
        c.call(
                "PutItem",
                "{'TableName':'Hot','Item':{'pk':{'S':'hot'},'sk':{'S':'s"
                    + i
                    + "'},'pad':{'S':'"
                    + filler(16)
                    + "'}}}")
            .ok();
      }
    }
  }

  private void provisionedTable(String name, int rcu, int wcu) {
    calls
        .call(
            "CreateTable",
            "{'TableName':'"
                + name
                + "','AttributeDefinitions':[{'AttributeName':'pk','AttributeType':'S'},"
                + "{'AttributeName':'sk','AttributeType':'S'}],'KeySchema':[{'AttributeName':'pk',"
                + "'KeyType':'HASH'},{'AttributeName':'sk','KeyType':'RANGE'}],"
                + "'ProvisionedThroughput':{'ReadCapacityUnits':"
                + rcu
                + ",'WriteCapacityUnits':"
                + wcu
                + "}}")
        .ok();
  }

  /** Puts 1 KB items to distinct keys at the current second until one is refused. */
  private int fillSecond(String table, String prefix) {
    for (int i = 0; ; i++) {
      JsonCalls.Answer a =
          calls.call(
              "PutItem",
              "{'TableName':'"
                  + table
                  + "','Item':{'pk':{'S':'"
                  + prefix
                  + i
                  + "'},'sk':{'S':'s'}}}");
      if (a.status() != 200) {
        assertThat(reasons(a))
            .containsExactly(
                Map.of(
                    "reason",
                    "TableWriteProvisionedThroughputExceeded",
                    "resource",
                    TABLE_ARN + table));
        assertThat(exists(table, prefix + i, "s")).isFalse();
        return i;
      }
    }
  }

  @Test
  void provisionedAtFiveUnits_aNewTableHasNoBurst_thenSustainsFiveASecondPlusWhatItSaved() {
    provisionedTable("Prov", 5, 5);
    assertThat(fillSecond("Prov", "a")).isEqualTo(5);
    // ten busy seconds: five a second
    int sustained = 0;
    for (int s = 1; s <= 10; s++) {
      clock.advance(Duration.ofSeconds(1));
      sustained += fillSecond("Prov", "b" + s + "-");
    }
    assertThat(sustained).isEqualTo(50);
    // 100 idle seconds save 500 units of burst credit, spent at once with the second's own 5
    clock.advance(Duration.ofSeconds(101));
    assertThat(fillSecond("Prov", "c")).isEqualTo(505);
    clock.advance(Duration.ofSeconds(1));
    assertThat(fillSecond("Prov", "d")).isEqualTo(5);
  }

  @Test
  void burstCredit_stopsAtThreeHundredSeconds() {
    provisionedTable("Prov", 5, 5);
    clock.advance(Duration.ofHours(1));
    assertThat(fillSecond("Prov", "a")).isEqualTo(5 + 300 * 5);
  }

  @Test
  void provisionedGsi_overItsCapacity_throttlesTheBaseWrite() {
    calls
        .call(
            "CreateTable",
            "{'TableName':'Gsi','AttributeDefinitions':[{'AttributeName':'pk','AttributeType':'S'},"
                + "{'AttributeName':'g','AttributeType':'S'}],'KeySchema':[{'AttributeName':'pk',"
                + "'KeyType':'HASH'}],'ProvisionedThroughput':{'ReadCapacityUnits':100,"
                + "'WriteCapacityUnits':100},'GlobalSecondaryIndexes':[{'IndexName':'byG',"
                + "'KeySchema':[{'AttributeName':'g','KeyType':'HASH'}],'Projection':"
                + "{'ProjectionType':'ALL'},'ProvisionedThroughput':{'ReadCapacityUnits':1,"
                + "'WriteCapacityUnits':1}}]}")
        .ok();
    calls.call("PutItem", "{'TableName':'Gsi','Item':{'pk':{'S':'a'},'g':{'S':'x'}}}").ok();
    JsonCalls.Answer refused =
        calls.call("PutItem", "{'TableName':'Gsi','Item':{'pk':{'S':'b'},'g':{'S':'y'}}}");

    assertThat(refused.body().get("__type")).isEqualTo(THROUGHPUT_EXCEEDED);
    assertThat(reasons(refused))
        .containsExactly(
            Map.of(
                "reason",
                "IndexWriteProvisionedThroughputExceeded",
                "resource",
                TABLE_ARN + "Gsi/index/byG"));
    assertThat(calls.call("GetItem", "{'TableName':'Gsi','Key':{'pk':{'S':'b'}}}").body())
        .doesNotContainKey("Item");
    // a write that does not touch the index is not held back by it
    calls.call("PutItem", "{'TableName':'Gsi','Item':{'pk':{'S':'c'}}}").ok();
  }

  @Test
  void onDemandMaximum_isAThrottlingExceptionNamingIt() {
    calls
        .call(
            "CreateTable",
            "{'TableName':'Max','AttributeDefinitions':[{'AttributeName':'pk','AttributeType':'S'}],"
                + "'KeySchema':[{'AttributeName':'pk','KeyType':'HASH'}],"
                + "'BillingMode':'PAY_PER_REQUEST','OnDemandThroughput':{'MaxWriteRequestUnits':2}}")
        .ok();
    calls.call("PutItem", "{'TableName':'Max','Item':{'pk':{'S':'a'}}}").ok();
    calls.call("PutItem", "{'TableName':'Max','Item':{'pk':{'S':'b'}}}").ok();
    JsonCalls.Answer refused = calls.call("PutItem", "{'TableName':'Max','Item':{'pk':{'S':'c'}}}");

    assertThat(refused.body().get("__type")).isEqualTo(THROTTLING);
    assertThat(reasons(refused))
        .containsExactly(
            Map.of(
                "reason",
                "TableWriteMaxOnDemandThroughputExceeded",
                "resource",
                TABLE_ARN + "Max"));
  }

  @Test
  @SuppressWarnings("unchecked")
  void batchWrite_returnsTheThrottledPutsAsUnprocessed_andWritesOnlyTheRest() {
    onDemandTable("Hot");
    StringBuilder puts = new StringBuilder();
    for (int i = 0; i < 25; i++) {
      puts.append(i == 0 ? "" : ",")
          .append("{'PutRequest':{'Item':{'pk':{'S':'hot'},'sk':{'S':'s")
          .append(i)
          .append("'},'pad':{'S':'")
          .append(filler(100))
          .append("'}}}}");
    }
    Map<String, Object> body =
        calls.call("BatchWriteItem", "{'RequestItems':{'Hot':[" + puts + "]}}").ok().body();

    // 100 KB puts cost 100 units each: ten fit in the key's 1,000
    List<Object> unprocessed =
        (List<Object>) ((Map<String, Object>) body.get("UnprocessedItems")).get("Hot");
    assertThat(unprocessed).hasSize(15);
    for (int i = 0; i < 25; i++) {
      assertThat(exists("Hot", "hot", "s" + i)).as("s" + i).isEqualTo(i < 10);
    }
    Map<String, Object> first =
        (Map<String, Object>)
            ((Map<String, Object>) ((Map<String, Object>) unprocessed.get(0)).get("PutRequest"))
                .get("Item");
    assertThat(first.get("sk")).isEqualTo(Map.of("S", "s10"));
    // the same batch with nothing admitted is refused whole, as DynamoDB refuses it
    JsonCalls.Answer whole =
        calls.call("BatchWriteItem", "{'RequestItems':{'Hot':[" + puts + "]}}");
    assertThat(whole.body().get("__type")).isEqualTo(THROUGHPUT_EXCEEDED);
  }

  @Test
  @SuppressWarnings("unchecked")
  void batchGet_returnsTheThrottledKeysAsUnprocessed() {
    onDemandTable("Hot");
    for (int i = 0; i < 50; i++) {
      put("Hot", "hot", "s" + i, 300).ok();
      clock.advance(Duration.ofSeconds(1));
    }
    StringBuilder keys = new StringBuilder();
    for (int i = 0; i < 50; i++) {
      keys.append(i == 0 ? "" : ",")
          .append("{'pk':{'S':'hot'},'sk':{'S':'s")
          .append(i)
          .append("'}}");
    }
    String batch = "{'RequestItems':{'Hot':{'Keys':[" + keys + "],'ConsistentRead':true}}}";
    Map<String, Object> body = calls.call("BatchGetItem", batch).ok().body();

    // 300 KB items cost 75 read units strongly consistent: forty fit in the key's 3,000
    List<Object> got = (List<Object>) ((Map<String, Object>) body.get("Responses")).get("Hot");
    Map<String, Object> left =
        (Map<String, Object>) ((Map<String, Object>) body.get("UnprocessedKeys")).get("Hot");
    assertThat(got).hasSize(40);
    assertThat((List<Object>) left.get("Keys")).hasSize(10);
    assertThat(left.get("ConsistentRead")).isEqualTo(true);
    // the key's second is used up: with no key admitted the call is refused whole, as DynamoDB does
    JsonCalls.Answer whole = calls.call("BatchGetItem", batch);
    assertThat(whole.body().get("__type")).isEqualTo(THROUGHPUT_EXCEEDED);
    assertThat(reasons(whole).get(0).get("reason"))
        .isEqualTo("TableReadKeyRangeThroughputExceeded");
    clock.advance(Duration.ofSeconds(1));
    body = calls.call("BatchGetItem", batch).ok().body();
    assertThat((List<Object>) ((Map<String, Object>) body.get("Responses")).get("Hot")).hasSize(40);
  }

  @Test
  void getItem_readsAreCappedAtThreeThousandUnitsAKey() {
    onDemandTable("Hot");
    put("Hot", "hot", "big", 400).ok();
    clock.advance(Duration.ofSeconds(1));
    String get =
        "{'TableName':'Hot','Key':{'pk':{'S':'hot'},'sk':{'S':'big'}},'ConsistentRead':true}";
    // 400 KB costs 100 read units strongly consistent
    for (int i = 0; i < 30; i++) {
      calls.call("GetItem", get).ok();
    }
    JsonCalls.Answer refused = calls.call("GetItem", get);
    assertThat(reasons(refused))
        .containsExactly(
            Map.of("reason", "TableReadKeyRangeThroughputExceeded", "resource", TABLE_ARN + "Hot"));
    // a Query of the same partition is refused too, another partition is not
    String query =
        "{'TableName':'Hot','KeyConditionExpression':'pk = :p','ExpressionAttributeValues':"
            + "{':p':{'S':'%s'}}}";
    assertThat(reasons(calls.call("Query", query.formatted("hot")))).hasSize(1);
    calls.call("Query", query.formatted("cold")).ok();
  }

  @Test
  void transaction_throttled_isCancelledWithThrottlingError_andWritesNothing() {
    onDemandTable("Hot");
    // transactional writes cost twice: 100 KB is 200 units, five fill the key's second
    for (int i = 0; i < 5; i++) {
      put("Hot", "hot", "fill" + i, 200).ok();
    }
    List<Map<String, Object>> reasons =
        calls
            .call(
                "TransactWriteItems",
                "{'TransactItems':[{'Put':{'TableName':'Hot','Item':{'pk':{'S':'cold'},'sk':{'S':"
                    + "'a'}}}},{'Put':{'TableName':'Hot','Item':{'pk':{'S':'hot'},'sk':{'S':'b'}}}}]}")
            .cancelled();

    assertThat(reasons)
        .extracting(r -> r.get("Code"))
        .containsExactly("ThrottlingError", "ThrottlingError");
    assertThat(exists("Hot", "cold", "a")).isFalse();
    assertThat(exists("Hot", "hot", "b")).isFalse();
  }

  @Test
  void transaction_throttledOnOneTable_namesOnlyItsActions() {
    onDemandTable("Hot");
    onDemandTable("Other");
    for (int i = 0; i < 5; i++) {
      put("Hot", "hot", "fill" + i, 200).ok();
    }
    List<Map<String, Object>> reasons =
        calls
            .call(
                "TransactWriteItems",
                "{'TransactItems':[{'Put':{'TableName':'Other','Item':{'pk':{'S':'hot'},'sk':{'S':"
                    + "'a'}}}},{'Put':{'TableName':'Hot','Item':{'pk':{'S':'hot'},'sk':{'S':'b'}}}}]}")
            .cancelled();
    assertThat(reasons).extracting(r -> r.get("Code")).containsExactly("None", "ThrottlingError");
    assertThat(exists("Other", "hot", "a")).isFalse();
  }

  @Test
  void spreadOverManyKeys_nothingIsThrottled() {
    onDemandTable("Hot");
    List<Integer> refused = new ArrayList<>();
    for (int i = 0; i < 1000; i++) {
      if (put("Hot", "k" + i, "s", 16).status() != 200) {
        refused.add(i);
      }
    }
    assertThat(refused).isEmpty();
  }
}
