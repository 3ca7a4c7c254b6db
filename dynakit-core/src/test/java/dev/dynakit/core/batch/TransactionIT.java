package dev.dynakit.core.batch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynakit.core.TransactionLimitExceededException;
import dev.dynakit.engine.DynakitEngine;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

class TransactionIT {
  private static final RetryBudget FAST =
      RetryBudget.builder().maxAttempts(20).baseDelay(Duration.ZERO).build();

  private DynakitEngine engine;
  private FaultyHttpClient faulty;
  private DynamoDbClient client;
  private Batches batches;

  @BeforeEach
  void start() {
    engine = DynakitEngine.inMemory();
    faulty = FaultyHttpClient.of(engine, 3).operations("TransactWriteItems", "TransactGetItems");
    client = faulty.client();
    Tables.create(client, "Things");
    Tables.create(client, "Others");
    batches = Batches.builder(client).retry(FAST).build();
  }

  @AfterEach
  void stop() {
    client.close();
    engine.close();
  }

  private static TransactWriteItem put(String table, Map<String, AttributeValue> item) {
    return TransactWriteItem.builder().put(p -> p.tableName(table).item(item)).build();
  }

  private static TransactWriteItem increment(String table, Map<String, AttributeValue> key) {
    return TransactWriteItem.builder()
        .update(
            u ->
                u.tableName(table)
                    .key(key)
                    .updateExpression("ADD #c :one")
                    .expressionAttributeNames(Map.of("#c", "counter"))
                    .expressionAttributeValues(Map.of(":one", AttributeValue.fromN("1"))))
        .build();
  }

  @Test
  void transactWrite_over100Actions_isRefusedBeforeSending() {
    List<TransactWriteItem> actions = new ArrayList<>();
    for (int i = 0; i < 101; i++) {
      actions.add(put("Things", Tables.item("a", i, "x")));
    }

    assertThatThrownBy(() -> batches.transactWrite(actions))
        .isInstanceOfSatisfying(
            TransactionLimitExceededException.class,
            e -> assertThat(e.actionCount()).isEqualTo(101))
        .hasMessageContaining("101 actions")
        .hasMessageContaining("limit of 100");
    assertThatThrownBy(() -> batches.transactGet(gets(101)))
        .isInstanceOf(TransactionLimitExceededException.class);
    assertThat(faulty.requests("TransactWriteItems")).isZero();
    assertThat(faulty.requests("TransactGetItems")).isZero();

    batches.transactWrite(actions.subList(0, 100));
    assertThat(Tables.scan(client, "Things")).hasSize(100);
  }

  @Test
  void transactWrite_cancelled_isExplainedPerAction() {
    client.putItem(r -> r.tableName("Others").item(Tables.item("taken", 1, "old")));
    TransactWriteItem ok = put("Things", Tables.item("a", 1, "x"));
    TransactWriteItem collides =
        TransactWriteItem.builder()
            .put(
                p ->
                    p.tableName("Others")
                        .item(Tables.item("taken", 1, "new"))
                        .conditionExpression("attribute_not_exists(pk)")
                        .returnValuesOnConditionCheckFailure(
                            ReturnValuesOnConditionCheckFailure.ALL_OLD))
            .build();
    TransactWriteItem check =
        TransactWriteItem.builder()
            .conditionCheck(
                c ->
                    c.tableName("Things")
                        .key(Tables.key("missing", 9))
                        .conditionExpression("attribute_exists(pk)"))
            .build();

    assertThatThrownBy(() -> batches.transactWrite(List.of(ok, collides, check)))
        .isInstanceOfSatisfying(
            TransactionFailedException.class,
            e -> {
              assertThat(e.failures()).hasSize(2);
              ActionFailure first = e.failures().get(0);
              assertThat(first.index()).isEqualTo(1);
              assertThat(first.kind()).isEqualTo(ActionKind.PUT);
              assertThat(first.table()).isEqualTo("Others");
              assertThat(first.key()).isEqualTo(Tables.key("taken", 1));
              assertThat(first.code()).isEqualTo("ConditionalCheckFailed");
              assertThat(first.item()).isEqualTo(Tables.item("taken", 1, "old"));
              ActionFailure second = e.failures().get(1);
              assertThat(second.index()).isEqualTo(2);
              assertThat(second.kind()).isEqualTo(ActionKind.CONDITION_CHECK);
              assertThat(second.key()).isEqualTo(Tables.key("missing", 9));
              assertThat(second.item()).isNull();
              assertThat(e.getMessage())
                  .contains("action 1 (PUT on Others {pk: \"taken\", sk: 1}) failed:")
                  .contains("action 2 (CONDITION_CHECK on Things {pk: \"missing\", sk: 9})");
              assertThat(e.getCause()).isInstanceOf(TransactionCanceledException.class);
            });
    assertThat(Tables.scan(client, "Things")).isEmpty();
    assertThat(faulty.requests("TransactWriteItems")).isEqualTo(1);
  }

  @Test
  void explain_aCancellationTheCallerSent() {
    TransactWriteItem check =
        TransactWriteItem.builder()
            .conditionCheck(
                c ->
                    c.tableName("Things")
                        .key(Tables.key("missing", 9))
                        .conditionExpression("attribute_exists(pk)"))
            .build();
    List<TransactWriteItem> actions = List.of(put("Others", Tables.item("b", 2, "y")), check);
    TransactionCanceledException cancellation =
        (TransactionCanceledException)
            org.assertj.core.api.Assertions.catchThrowable(
                () -> client.transactWriteItems(r -> r.transactItems(actions)));

    List<ActionFailure> failures = batches.explain(cancellation, actions);

    assertThat(failures).extracting(ActionFailure::index).containsExactly(1);
  }

  @Test
  void transactWrite_lostAnswer_isResentWithTheSameTokenAndAppliedOnce() {
    faulty.failNext(
        2, 500, "{\"__type\":\"com.amazonaws.dynamodb.v20120810#InternalServerError\"}", true);
    Map<String, AttributeValue> key = Tables.key("counter", 1);

    String token = batches.transactWrite(List.of(increment("Things", key)));

    assertThat(token).hasSize(36);
    assertThat(faulty.requests("TransactWriteItems")).isEqualTo(3);
    assertThat(client.getItem(r -> r.tableName("Things").key(key)).item().get("counter").n())
        .isEqualTo("1");
  }

  @Test
  void transactWrite_conflictCancellation_isRetried() {
    faulty.failNext(
        2,
        400,
        "{\"__type\":\"com.amazonaws.dynamodb.v20120810#TransactionCanceledException\","
            + "\"message\":\"Transaction cancelled, please refer cancellation reasons for specific"
            + " reasons [None, TransactionConflict]\",\"CancellationReasons\":[{\"Code\":\"None\"},"
            + "{\"Code\":\"TransactionConflict\",\"Message\":\"conflict\"}]}",
        false);
    Map<String, AttributeValue> key = Tables.key("counter", 1);

    batches.transactWrite(
        List.of(increment("Things", key), increment("Others", key)), "my-own-token");

    assertThat(faulty.requests("TransactWriteItems")).isEqualTo(3);
    assertThat(client.getItem(r -> r.tableName("Others").key(key)).item().get("counter").n())
        .isEqualTo("1");
  }

  @Test
  void transactWrite_budgetRunsOut_failsWithTheToken() {
    faulty.failNext(
        100, 400, "{\"__type\":\"com.amazonaws.dynamodb.v20120810#ThrottlingException\"}", false);
    Batches impatient =
        Batches.builder(client)
            .retry(RetryBudget.builder().maxAttempts(3).baseDelay(Duration.ZERO).build())
            .build();

    assertThatThrownBy(
            () ->
                impatient.transactWrite(List.of(increment("Things", Tables.key("c", 1))), "tok-1"))
        .isInstanceOfSatisfying(
            TransactionFailedException.class,
            e -> {
              assertThat(e.clientRequestToken()).isEqualTo("tok-1");
              assertThat(e.failures()).isEmpty();
              assertThat(e.getMessage()).contains("not confirmed within the retry budget");
            });
    assertThat(faulty.requests("TransactWriteItems")).isEqualTo(3);
  }

  @Test
  void transactGet_returnsItemsInOrder() {
    client.putItem(r -> r.tableName("Things").item(Tables.item("g", 3, "three")));
    client.putItem(r -> r.tableName("Things").item(Tables.item("g", 1, "one")));
    faulty.failNext(
        1, 500, "{\"__type\":\"com.amazonaws.dynamodb.v20120810#InternalServerError\"}", false);

    List<Map<String, AttributeValue>> items = batches.transactGet(gets(4));

    assertThat(items)
        .containsExactly(null, Tables.item("g", 1, "one"), null, Tables.item("g", 3, "three"));
  }

  private static List<TransactGetItem> gets(int count) {
    List<TransactGetItem> gets = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      int sk = i;
      gets.add(
          TransactGetItem.builder()
              .get(g -> g.tableName("Things").key(Tables.key("g", sk)))
              .build());
    }
    return gets;
  }
}
