package dev.dynakit.it.engine;

import static dev.dynakit.it.engine.EngineErrors.assertError;
import static dev.dynakit.it.engine.Items.item;
import static dev.dynakit.it.engine.Items.key;
import static dev.dynakit.it.engine.Items.n;
import static dev.dynakit.it.engine.Items.s;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.ConditionCheck;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.Get;
import software.amazon.awssdk.services.dynamodb.model.IdempotentParameterMismatchException;
import software.amazon.awssdk.services.dynamodb.model.ItemResponse;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.Update;

@ParameterizedClass
@EnumSource(EngineSetup.class)
class TransactionsIT {
  @Parameter EngineSetup setup;
  EngineFixture fx;

  @BeforeEach
  void setUp() {
    fx = new EngineFixture(setup);
    fx.createTable("accounts");
    fx.createTable("ledger", "seq", ScalarAttributeType.N);
    fx.client.putItem(b -> b.tableName("accounts").item(item("pk", "alice", "balance", 100)));
    fx.client.putItem(b -> b.tableName("accounts").item(item("pk", "bob", "balance", 20)));
  }

  @AfterEach
  void tearDown() {
    fx.close();
  }

  static TransactWriteItem put(String table, Map<String, AttributeValue> item) {
    return TransactWriteItem.builder()
        .put(Put.builder().tableName(table).item(item).build())
        .build();
  }

  static TransactWriteItem delete(String table, Map<String, AttributeValue> key) {
    return TransactWriteItem.builder()
        .delete(Delete.builder().tableName(table).key(key).build())
        .build();
  }

  static TransactWriteItem add(String pk, long amount) {
    return TransactWriteItem.builder()
        .update(
            Update.builder()
                .tableName("accounts")
                .key(key(pk))
                .updateExpression("SET balance = balance + :a")
                .expressionAttributeValues(Map.of(":a", n(Long.toString(amount))))
                .build())
        .build();
  }

  static TransactWriteItem debit(String pk, long amount) {
    return TransactWriteItem.builder()
        .update(
            Update.builder()
                .tableName("accounts")
                .key(key(pk))
                .updateExpression("SET balance = balance - :a")
                .conditionExpression("balance >= :a")
                .expressionAttributeValues(Map.of(":a", n(Long.toString(amount))))
                .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)
                .build())
        .build();
  }

  private Map<String, AttributeValue> get(String table, Map<String, AttributeValue> key) {
    return fx.client.getItem(b -> b.tableName(table).key(key).consistentRead(true)).item();
  }

  private boolean exists(String table, Map<String, AttributeValue> key) {
    return fx.client.getItem(b -> b.tableName(table).key(key).consistentRead(true)).hasItem();
  }

  private long balance(String pk) {
    return Long.parseLong(get("accounts", key(pk)).get("balance").n());
  }

  private TransactWriteItemsResponse transact(TransactWriteItem... items) {
    return fx.client.transactWriteItems(b -> b.transactItems(items));
  }

  private TransactionCanceledException cancelled(TransactWriteItem... items) {
    Throwable t = org.assertj.core.api.Assertions.catchThrowable(() -> transact(items));
    assertThat(t).isInstanceOf(TransactionCanceledException.class);
    return (TransactionCanceledException) t;
  }

  private static List<String> codes(TransactionCanceledException e) {
    List<String> codes = new ArrayList<>();
    for (CancellationReason r : e.cancellationReasons()) {
      codes.add(r.code());
    }
    return codes;
  }

  @Test
  void transactWrite_appliesEveryActionOverTwoTables() {
    TransactWriteItemsResponse r =
        fx.client.transactWriteItems(
            b ->
                b.transactItems(
                        debit("alice", 30),
                        add("bob", 30),
                        put("ledger", item("pk", "alice", "seq", 1, "amount", -30)),
                        TransactWriteItem.builder()
                            .conditionCheck(
                                ConditionCheck.builder()
                                    .tableName("ledger")
                                    .key(item("pk", "alice", "seq", 0))
                                    .conditionExpression("attribute_not_exists(pk)")
                                    .build())
                            .build())
                    .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
    assertThat(balance("alice")).isEqualTo(70);
    assertThat(balance("bob")).isEqualTo(50);
    assertThat(get("ledger", item("pk", "alice", "seq", 1))).containsEntry("amount", n("-30"));
    assertThat(exists("ledger", item("pk", "alice", "seq", 0))).isFalse();
    // Transactional writes cost two units per item.
    assertThat(r.consumedCapacity())
        .extracting(c -> c.tableName() + "=" + c.capacityUnits())
        .containsExactly("accounts=4.0", "ledger=4.0");
  }

  @Test
  void transactWrite_failingConditionInTheMiddle_appliesNothing() {
    TransactionCanceledException e =
        cancelled(
            put("ledger", item("pk", "bob", "seq", 1, "amount", -50)),
            add("alice", 50),
            debit("bob", 50),
            delete("ledger", item("pk", "alice", "seq", 0)),
            put("accounts", item("pk", "carol", "balance", 0)));
    assertThat(codes(e)).containsExactly("None", "None", "ConditionalCheckFailed", "None", "None");
    assertThat(e.awsErrorDetails().errorMessage())
        .isEqualTo(
            "Transaction cancelled, please refer cancellation reasons for specific reasons"
                + " [None, None, ConditionalCheckFailed, None, None]");
    CancellationReason failed = e.cancellationReasons().get(2);
    assertThat(failed.message()).isEqualTo("The conditional request failed");
    assertThat(failed.item()).isEqualTo(item("pk", "bob", "balance", 20));
    assertThat(e.cancellationReasons().get(0).item()).isEmpty();
    assertThat(balance("alice")).isEqualTo(100);
    assertThat(balance("bob")).isEqualTo(20);
    assertThat(exists("ledger", item("pk", "bob", "seq", 1))).isFalse();
    assertThat(exists("accounts", key("carol"))).isFalse();
  }

  @Test
  void transactWrite_reportsEveryFailedCondition_andItemOnlyWhenAsked() {
    TransactionCanceledException e =
        cancelled(
            TransactWriteItem.builder()
                .conditionCheck(
                    ConditionCheck.builder()
                        .tableName("accounts")
                        .key(key("alice"))
                        .conditionExpression("balance > :x")
                        .expressionAttributeValues(Map.of(":x", n("1000")))
                        .build())
                .build(),
            debit("bob", 21));
    assertThat(codes(e)).containsExactly("ConditionalCheckFailed", "ConditionalCheckFailed");
    assertThat(e.cancellationReasons().get(0).item()).isEmpty();
    assertThat(e.cancellationReasons().get(1).item()).containsEntry("balance", n("20"));
  }

  @Test
  void transactWrite_updateFailingOnTheItem_isCancelledWithValidationError() {
    fx.client.putItem(b -> b.tableName("accounts").item(item("pk", "text", "balance", "many")));
    TransactionCanceledException e = cancelled(add("alice", 1), add("text", 1));
    assertThat(codes(e)).containsExactly("None", "ValidationError");
    assertThat(e.cancellationReasons().get(1).message())
        .contains("An operand in the update expression has an incorrect data type");
    assertThat(balance("alice")).isEqualTo(100);
  }

  @Test
  void transactWrite_keyNotFittingTheTable_isCancelledWithValidationError() {
    TransactionCanceledException e =
        cancelled(
            add("alice", 1), put("accounts", item("pk", 7)), put("accounts", Map.of("pk", n("8"))));
    assertThat(codes(e)).containsExactly("None", "ValidationError", "None");
    assertThat(e.cancellationReasons().get(1).message())
        .isEqualTo(
            "One or more parameter values were invalid: Type mismatch for key pk expected: S"
                + " actual: N");
    e = cancelled(delete("accounts", item("pk", "alice", "extra", 1)));
    assertThat(e.cancellationReasons().get(0).message())
        .isEqualTo("The provided key element does not match the schema");
    assertThat(balance("alice")).isEqualTo(100);
  }

  @Test
  void transactWrite_requestErrors_areValidationExceptions() {
    assertError(
        () -> transact(add("alice", 1), delete("accounts", key("alice"))),
        "ValidationException",
        "Transaction request cannot include multiple operations on one item");
    assertError(
        () ->
            transact(
                TransactWriteItem.builder()
                    .put(Put.builder().tableName("accounts").item(item("pk", "x")).build())
                    .delete(Delete.builder().tableName("accounts").key(key("y")).build())
                    .build()),
        "ValidationException",
        "TransactItems can only contain one of Check, Put, Update or Delete");
    List<TransactWriteItem> many = new ArrayList<>();
    for (int i = 0; i < 101; i++) {
      many.add(put("accounts", item("pk", "p" + i)));
    }
    assertError(
        () -> fx.client.transactWriteItems(b -> b.transactItems(many)),
        "ValidationException",
        "Member must have length less than or equal to 100");
    fx.client.transactWriteItems(b -> b.transactItems(many.subList(0, 100)));
    assertThat(exists("accounts", key("p99"))).isTrue();
    assertError(
        () ->
            transact(
                TransactWriteItem.builder()
                    .update(
                        Update.builder()
                            .tableName("accounts")
                            .key(key("alice"))
                            .updateExpression("SET pk = :v")
                            .expressionAttributeValues(Map.of(":v", s("z")))
                            .build())
                    .build()),
        "ValidationException",
        "Cannot update attribute pk. This attribute is part of the key");
    assertError(
        () ->
            transact(
                TransactWriteItem.builder()
                    .conditionCheck(
                        ConditionCheck.builder()
                            .tableName("accounts")
                            .key(key("alice"))
                            .conditionExpression("attribute_exists(pk)")
                            .expressionAttributeValues(Map.of(":v", s("unused")))
                            .build())
                    .build()),
        "ValidationException",
        "Value provided in ExpressionAttributeValues unused in expressions: keys: {:v}");
    assertThatThrownBy(() -> transact(add("alice", 1), put("nosuchtable", item("pk", "x"))))
        .isInstanceOf(ResourceNotFoundException.class);
    String payload = "x".repeat(100_000);
    List<TransactWriteItem> large = new ArrayList<>();
    for (int i = 0; i < 45; i++) {
      large.add(put("accounts", item("pk", "large" + i, "data", payload)));
    }
    assertError(
        () -> fx.client.transactWriteItems(b -> b.transactItems(large)),
        "ValidationException",
        "size cannot exceed 4 MB");
    assertThat(exists("accounts", key("large0"))).isFalse();
    assertThat(balance("alice")).isEqualTo(100);
  }

  @Test
  void transactWrite_clientRequestToken_makesARetryIdempotent() {
    TransactWriteItem[] transfer = {debit("alice", 10), add("bob", 10)};
    fx.client.transactWriteItems(b -> b.clientRequestToken("transfer-1").transactItems(transfer));
    fx.client.transactWriteItems(b -> b.clientRequestToken("transfer-1").transactItems(transfer));
    assertThat(balance("alice")).isEqualTo(90);
    assertThat(balance("bob")).isEqualTo(30);
    assertThatThrownBy(
            () ->
                fx.client.transactWriteItems(
                    b ->
                        b.clientRequestToken("transfer-1")
                            .transactItems(debit("alice", 11), add("bob", 11))))
        .isInstanceOf(IdempotentParameterMismatchException.class);
    // Without a token the same request applies again.
    transact(transfer);
    assertThat(balance("alice")).isEqualTo(80);
    // A cancelled transaction does not use up its token.
    cancelled(debit("bob", 1000));
    assertThatThrownBy(
            () ->
                fx.client.transactWriteItems(
                    b -> b.clientRequestToken("transfer-2").transactItems(debit("bob", 1000))))
        .isInstanceOf(TransactionCanceledException.class);
    fx.client.putItem(b -> b.tableName("accounts").item(item("pk", "bob", "balance", 5000)));
    fx.client.transactWriteItems(
        b -> b.clientRequestToken("transfer-2").transactItems(debit("bob", 1000)));
    assertThat(balance("bob")).isEqualTo(4000);
  }

  /** The transfer of 10 from alice to bob under a client token, with more settings. */
  private TransactWriteItemsResponse transferWithToken(
      String token, Consumer<TransactWriteItemsRequest.Builder> settings) {
    return fx.client.transactWriteItems(
        b ->
            settings.accept(
                b.clientRequestToken(token).transactItems(debit("alice", 10), add("bob", 10))));
  }

  @Test
  void transactWrite_clientRequestToken_coversEveryParameter_andARetryReportsReadCapacity() {
    Consumer<TransactWriteItemsRequest.Builder> total =
        b -> b.returnConsumedCapacity(ReturnConsumedCapacity.TOTAL);
    TransactWriteItemsResponse first = transferWithToken("transfer-3", total);
    assertThat(first.consumedCapacity().get(0).writeCapacityUnits()).isEqualTo(4.0);

    // the same actions, but another capacity setting or collection metrics: not the same request
    assertThatThrownBy(() -> transferWithToken("transfer-3", b -> {}))
        .isInstanceOf(IdempotentParameterMismatchException.class);
    assertThatThrownBy(
            () ->
                transferWithToken(
                    "transfer-3", total.andThen(b -> b.returnItemCollectionMetrics("SIZE"))))
        .isInstanceOf(IdempotentParameterMismatchException.class);

    // the retry applies nothing and is charged for reading the two items, not for writing them:
    // a transactional read (two units) of each item's larger image
    TransactWriteItemsResponse retry = transferWithToken("transfer-3", total);
    assertThat(balance("alice")).isEqualTo(90);
    assertThat(retry.consumedCapacity()).hasSize(1);
    assertThat(retry.consumedCapacity().get(0).tableName()).isEqualTo("accounts");
    assertThat(retry.consumedCapacity().get(0).readCapacityUnits()).isEqualTo(4.0);
    assertThat(retry.consumedCapacity().get(0).writeCapacityUnits()).isNull();
  }

  @Test
  void transactGet_itemsOver4Megabytes_areRefused() {
    String filler = "f".repeat(390_000);
    List<TransactGetItem> gets = new ArrayList<>();
    for (int i = 0; i < 11; i++) {
      String pk = "big" + i;
      fx.client.putItem(b -> b.tableName("accounts").item(item("pk", pk, "data", filler)));
      gets.add(
          TransactGetItem.builder()
              .get(Get.builder().tableName("accounts").key(key(pk)).build())
              .build());
    }
    // ten of them (3.9 MB) are read; eleven (4.3 MB) are more than a transaction may read
    assertThat(fx.client.transactGetItems(b -> b.transactItems(gets.subList(0, 10))).responses())
        .hasSize(10);
    assertError(
        () -> fx.client.transactGetItems(b -> b.transactItems(gets)),
        "ValidationException",
        "The aggregate size of the items in the transaction exceeded 4 MB");
  }

  @Test
  void transactGet_readsInOrder_withProjectionsAndMissingItems() {
    fx.client.putItem(
        b -> b.tableName("ledger").item(item("pk", "alice", "seq", 1, "amount", 5, "note", "x")));
    var r =
        fx.client.transactGetItems(
            b ->
                b.transactItems(
                        TransactGetItem.builder()
                            .get(Get.builder().tableName("accounts").key(key("bob")).build())
                            .build(),
                        TransactGetItem.builder()
                            .get(Get.builder().tableName("accounts").key(key("nobody")).build())
                            .build(),
                        TransactGetItem.builder()
                            .get(
                                Get.builder()
                                    .tableName("ledger")
                                    .key(item("pk", "alice", "seq", 1))
                                    .projectionExpression("#a")
                                    .expressionAttributeNames(Map.of("#a", "amount"))
                                    .build())
                            .build(),
                        TransactGetItem.builder()
                            .get(
                                Get.builder()
                                    .tableName("accounts")
                                    .key(key("alice"))
                                    .projectionExpression("nothere")
                                    .build())
                            .build())
                    .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
    List<ItemResponse> responses = r.responses();
    assertThat(responses).hasSize(4);
    assertThat(responses.get(0).item()).isEqualTo(item("pk", "bob", "balance", 20));
    assertThat(responses.get(1).hasItem()).isFalse();
    assertThat(responses.get(2).item()).isEqualTo(item("amount", 5));
    // a present item of which the projection matches nothing: no Item, as DynamoDB answers
    assertThat(responses.get(3).hasItem()).isFalse();
    assertThat(r.consumedCapacity())
        .extracting(c -> c.tableName() + "=" + c.capacityUnits() + "/" + c.readCapacityUnits())
        .containsExactly("accounts=6.0/6.0", "ledger=2.0/2.0");
    assertError(
        () ->
            fx.client.transactGetItems(
                b ->
                    b.transactItems(
                        TransactGetItem.builder()
                            .get(Get.builder().tableName("accounts").key(key("bob")).build())
                            .build(),
                        TransactGetItem.builder()
                            .get(Get.builder().tableName("accounts").key(key("bob")).build())
                            .build())),
        "ValidationException",
        "Transaction request cannot include multiple operations on one item");
    Throwable t =
        org.assertj.core.api.Assertions.catchThrowable(
            () ->
                fx.client.transactGetItems(
                    b ->
                        b.transactItems(
                            TransactGetItem.builder()
                                .get(Get.builder().tableName("accounts").key(Map.of()).build())
                                .build())));
    assertThat(t).isInstanceOf(TransactionCanceledException.class);
    assertThat(codes((TransactionCanceledException) t)).containsExactly("ValidationError");
  }
}
