package dev.dynakit.it.engine;

import static dev.dynakit.it.engine.EngineErrors.assertError;
import static dev.dynakit.it.engine.Items.item;
import static dev.dynakit.it.engine.Items.key;
import static dev.dynakit.it.engine.Items.n;
import static dev.dynakit.it.engine.Items.s;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeAction;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.AttributeValueUpdate;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

@ParameterizedClass
@EnumSource(EngineSetup.class)
class UpdateItemIT {
  @Parameter EngineSetup setup;
  EngineFixture fx;

  @BeforeEach
  void setUp() {
    fx = new EngineFixture(setup);
    fx.createTable("items");
    fx.client.putItem(
        b ->
            b.tableName("items")
                .item(
                    item(
                        "pk", "a",
                        "count", 5,
                        "name", "alpha",
                        "tags", AttributeValue.fromSs(List.of("x", "y")),
                        "nums", AttributeValue.fromNs(List.of("1", "2")),
                        "list", AttributeValue.fromL(List.of(s("l0"), s("l1"), s("l2"))),
                        "map",
                            AttributeValue.fromM(
                                Map.of("nest", AttributeValue.fromM(Map.of("v", n("1"))))))));
  }

  @AfterEach
  void tearDown() {
    fx.close();
  }

  private UpdateItemResponse update(
      String expression,
      Map<String, String> names,
      Map<String, AttributeValue> values,
      ReturnValue rv) {
    UpdateItemRequest.Builder b =
        UpdateItemRequest.builder()
            .tableName("items")
            .key(key("a"))
            .updateExpression(expression)
            .returnValues(rv);
    if (!names.isEmpty()) {
      b.expressionAttributeNames(names);
    }
    if (!values.isEmpty()) {
      b.expressionAttributeValues(values);
    }
    return fx.client.updateItem(b.build());
  }

  private Map<String, AttributeValue> current() {
    return fx.client.getItem(b -> b.tableName("items").key(key("a"))).item();
  }

  @Test
  void set_arithmeticIfNotExistsAndListAppend() {
    update(
        "SET #c = #c + :one, fresh = if_not_exists(fresh, :zero), #l = list_append(#l, :more),"
            + " diff = :one - :zero, #n = if_not_exists(#n, :zero)",
        Map.of("#c", "count", "#l", "list", "#n", "name"),
        Map.of(":one", n("1"), ":zero", n("0"), ":more", AttributeValue.fromL(List.of(s("l3")))),
        ReturnValue.NONE);
    Map<String, AttributeValue> item = current();
    assertThat(item.get("count").n()).isEqualTo("6");
    assertThat(item.get("fresh").n()).isEqualTo("0");
    assertThat(item.get("diff").n()).isEqualTo("1");
    assertThat(item.get("name").s()).isEqualTo("alpha");
    assertThat(item.get("list").l())
        .extracting(AttributeValue::s)
        .containsExactly("l0", "l1", "l2", "l3");
  }

  @Test
  void set_nestedPathsAndListIndexes() {
    update(
        "SET #m.nest.v = :two, #m.added = :two, #l[1] = :x, #l[10] = :y",
        Map.of("#m", "map", "#l", "list"),
        Map.of(":two", n("2"), ":x", s("X"), ":y", s("Y")),
        ReturnValue.NONE);
    Map<String, AttributeValue> item = current();
    assertThat(item.get("map").m().get("nest").m().get("v").n()).isEqualTo("2");
    assertThat(item.get("map").m().get("added").n()).isEqualTo("2");
    assertThat(item.get("list").l())
        .extracting(AttributeValue::s)
        .containsExactly("l0", "X", "l2", "Y");
  }

  @Test
  void remove_attributesAndListElements() {
    update(
        "REMOVE #n, #l[0], #l[2], absent",
        Map.of("#n", "name", "#l", "list"),
        Map.of(),
        ReturnValue.NONE);
    Map<String, AttributeValue> item = current();
    assertThat(item).doesNotContainKey("name");
    assertThat(item.get("list").l()).extracting(AttributeValue::s).containsExactly("l1");
  }

  @Test
  void addAndDelete_onNumbersAndSets() {
    update(
        "ADD #c :five, tags :z, newnum :five, newset :z DELETE nums :one",
        Map.of("#c", "count"),
        Map.of(
            ":five",
            n("5"),
            ":z",
            AttributeValue.fromSs(List.of("z")),
            ":one",
            AttributeValue.fromNs(List.of("1"))),
        ReturnValue.NONE);
    Map<String, AttributeValue> item = current();
    assertThat(item.get("count").n()).isEqualTo("10");
    assertThat(item.get("newnum").n()).isEqualTo("5");
    assertThat(item.get("tags").ss()).containsExactly("x", "y", "z");
    assertThat(item.get("newset").ss()).containsExactly("z");
    assertThat(item.get("nums").ns()).containsExactly("2");
    update(
        "DELETE nums :two",
        Map.of(),
        Map.of(":two", AttributeValue.fromNs(List.of("2"))),
        ReturnValue.NONE);
    assertThat(current()).doesNotContainKey("nums");
  }

  @Test
  void sets_comeBackInDynamoDbsOrder_notAsWritten() {
    // strings and binaries by their bytes, numbers by value, the empty string first
    update(
        "SET s = :s, n = :n, b = :b",
        Map.of(),
        Map.of(
            ":s", AttributeValue.fromSs(List.of("c", "a", "", "B", "\u00e9")),
            ":n", AttributeValue.fromNs(List.of("10", "-2", "3", "1.5", "100")),
            ":b",
                AttributeValue.fromBs(
                    List.of(
                        SdkBytes.fromByteArray(new byte[] {(byte) 0xff}),
                        SdkBytes.fromByteArray(new byte[] {1, 0}),
                        SdkBytes.fromByteArray(new byte[] {}),
                        SdkBytes.fromByteArray(new byte[] {1})))),
        ReturnValue.NONE);
    Map<String, AttributeValue> item = current();
    assertThat(item.get("s").ss()).containsExactly("", "B", "a", "c", "\u00e9");
    assertThat(item.get("n").ns()).containsExactly("-2", "1.5", "3", "10", "100");
    assertThat(item.get("b").bs())
        .extracting(SdkBytes::asByteArray)
        .containsExactly(
            new byte[] {}, new byte[] {1}, new byte[] {1, 0}, new byte[] {(byte) 0xff});
    // an added member takes its place in that order too
    update(
        "ADD s :e", Map.of(), Map.of(":e", AttributeValue.fromSs(List.of("A"))), ReturnValue.NONE);
    assertThat(current().get("s").ss()).containsExactly("", "A", "B", "a", "c", "\u00e9");
  }

  @Test
  void returnValues_everyChoice() {
    Map<String, AttributeValue> one = Map.of(":v", n("1"));
    Map<String, String> c = Map.of("#c", "count");
    assertThat(update("SET #c = #c + :v", c, one, ReturnValue.NONE).hasAttributes()).isFalse();
    assertThat(update("SET #c = #c + :v", c, one, ReturnValue.UPDATED_OLD).attributes())
        .isEqualTo(Map.of("count", n("6")));
    assertThat(update("SET #c = #c + :v", c, one, ReturnValue.UPDATED_NEW).attributes())
        .isEqualTo(Map.of("count", n("8")));
    Map<String, AttributeValue> allOld =
        update("SET #c = #c + :v", c, one, ReturnValue.ALL_OLD).attributes();
    assertThat(allOld.get("count").n()).isEqualTo("8");
    assertThat(allOld).containsKeys("pk", "name", "tags");
    Map<String, AttributeValue> allNew =
        update("SET #c = #c + :v", c, one, ReturnValue.ALL_NEW).attributes();
    assertThat(allNew.get("count").n()).isEqualTo("10");
    assertThat(allNew).containsKeys("pk", "name", "tags");
  }

  @Test
  void updateItem_missingItem_isCreatedWithItsKey() {
    fx.client.updateItem(
        b ->
            b.tableName("items")
                .key(key("new"))
                .updateExpression("SET v = :v")
                .expressionAttributeValues(Map.of(":v", s("hello"))));
    assertThat(fx.client.getItem(b -> b.tableName("items").key(key("new"))).item())
        .isEqualTo(Map.of("pk", s("new"), "v", s("hello")));
  }

  @Test
  void updateItem_onlyTakingAwayFromAMissingItem_createsNothing() {
    UpdateItemResponse removed =
        fx.client.updateItem(
            b ->
                b.tableName("items")
                    .key(key("gone"))
                    .updateExpression("REMOVE a, b")
                    .returnValues(ReturnValue.ALL_NEW));
    assertThat(removed.hasAttributes()).isFalse();
    fx.client.updateItem(
        b ->
            b.tableName("items")
                .key(key("gone"))
                .updateExpression("DELETE s :s")
                .expressionAttributeValues(Map.of(":s", AttributeValue.fromSs(List.of("x"))))
                .returnValues(ReturnValue.UPDATED_NEW));
    fx.client.updateItem(
        b ->
            b.tableName("items")
                .key(key("gone"))
                .attributeUpdates(
                    Map.of(
                        "a",
                        AttributeValueUpdate.builder().action(AttributeAction.DELETE).build())));
    fx.client.transactWriteItems(
        b ->
            b.transactItems(
                t ->
                    t.update(
                        u -> u.tableName("items").key(key("gone")).updateExpression("REMOVE a"))));
    assertThat(fx.client.getItem(b -> b.tableName("items").key(key("gone"))).hasItem()).isFalse();

    // anything that sets a value, or no update at all, creates the item with its key
    fx.client.updateItem(
        b ->
            b.tableName("items")
                .key(key("made"))
                .updateExpression("REMOVE a SET b = :b")
                .expressionAttributeValues(Map.of(":b", s("x"))));
    fx.client.updateItem(b -> b.tableName("items").key(key("bare")));
    assertThat(fx.client.getItem(b -> b.tableName("items").key(key("made"))).item())
        .isEqualTo(Map.of("pk", s("made"), "b", s("x")));
    assertThat(fx.client.getItem(b -> b.tableName("items").key(key("bare"))).item())
        .isEqualTo(Map.of("pk", s("bare")));
  }

  @Test
  void updateItem_growingTheItemPast400KB_isRefusedInTheUpdatesOwnWords() {
    String half = "h".repeat(210 * 1024);
    update("SET big1 = :v", Map.of(), Map.of(":v", s(half)), ReturnValue.NONE);
    assertError(
        () -> update("SET big2 = :v", Map.of(), Map.of(":v", s(half)), ReturnValue.NONE),
        "ValidationException",
        "Item size to update has exceeded the maximum allowed size");
    assertThat(current()).containsKey("big1").doesNotContainKey("big2");
  }

  @Test
  void updateItem_keyAttribute_isRefused() {
    assertError(
        () -> update("SET pk = :v", Map.of(), Map.of(":v", s("b")), ReturnValue.NONE),
        "ValidationException",
        "Cannot update attribute pk. This attribute is part of the key");
    assertThat(current().get("pk").s()).isEqualTo("a");
  }

  @Test
  void updateItem_expressionErrors_areValidationErrorsAndWriteNothing() {
    Map<String, AttributeValue> before = current();
    assertError(
        () -> update("SET a = :v, a = :v", Map.of(), Map.of(":v", s("x")), ReturnValue.NONE),
        "ValidationException",
        "Two document paths");
    assertError(
        () ->
            update(
                "SET #m.nest = :v REMOVE #m.nest.v",
                Map.of("#m", "map"),
                Map.of(":v", s("x")),
                ReturnValue.NONE),
        "ValidationException",
        "Two document paths");
    assertError(
        () -> update("SET a = :undefined", Map.of(), Map.of(":v", s("x")), ReturnValue.NONE),
        "ValidationException",
        ":undefined");
    assertError(
        () -> update("SET a = :v", Map.of("#unused", "x"), Map.of(":v", s("x")), ReturnValue.NONE),
        "ValidationException",
        "unused");
    assertError(
        () -> update("SET status = :v", Map.of(), Map.of(":v", s("x")), ReturnValue.NONE),
        "ValidationException",
        "reserved keyword");
    assertError(
        () -> update("SET a = :v +", Map.of(), Map.of(":v", s("x")), ReturnValue.NONE),
        "ValidationException",
        "Syntax error");
    assertError(
        () ->
            update(
                "SET #n = #n + :v", Map.of("#n", "name"), Map.of(":v", n("1")), ReturnValue.NONE),
        "ValidationException",
        "incorrect data type");
    assertError(
        () -> update("ADD #n :v", Map.of("#n", "name"), Map.of(":v", s("x")), ReturnValue.NONE),
        "ValidationException",
        "Incorrect operand type");
    assertError(
        () -> update("SET nothere.deeper = :v", Map.of(), Map.of(":v", s("x")), ReturnValue.NONE),
        "ValidationException",
        "document path provided in the update expression is invalid");
    assertThat(current()).isEqualTo(before);
  }

  @Test
  void updateItem_conditionFails_leavesItem() {
    Map<String, AttributeValue> before = current();
    assertThatThrownBy(
            () ->
                fx.client.updateItem(
                    b ->
                        b.tableName("items")
                            .key(key("a"))
                            .updateExpression("SET #c = :v")
                            .conditionExpression("#c > :big")
                            .expressionAttributeNames(Map.of("#c", "count"))
                            .expressionAttributeValues(Map.of(":v", n("0"), ":big", n("100")))))
        .isInstanceOf(ConditionalCheckFailedException.class);
    assertThat(current()).isEqualTo(before);
  }

  @Test
  void updateItem_legacyAttributeUpdates_putAddDelete() {
    fx.client.updateItem(
        b ->
            b.tableName("items")
                .key(key("a"))
                .attributeUpdates(
                    Map.of(
                        "name",
                            AttributeValueUpdate.builder()
                                .action(AttributeAction.PUT)
                                .value(s("beta"))
                                .build(),
                        "count",
                            AttributeValueUpdate.builder()
                                .action(AttributeAction.ADD)
                                .value(n("2"))
                                .build(),
                        "tags",
                            AttributeValueUpdate.builder()
                                .action(AttributeAction.DELETE)
                                .value(AttributeValue.fromSs(List.of("x")))
                                .build(),
                        "list",
                            AttributeValueUpdate.builder()
                                .action(AttributeAction.DELETE)
                                .build())));
    Map<String, AttributeValue> item = current();
    assertThat(item.get("name").s()).isEqualTo("beta");
    assertThat(item.get("count").n()).isEqualTo("7");
    assertThat(item.get("tags").ss()).containsExactly("y");
    assertThat(item).doesNotContainKey("list");
  }
}
