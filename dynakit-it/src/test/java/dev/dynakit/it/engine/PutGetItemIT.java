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
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

@ParameterizedClass
@EnumSource(EngineSetup.class)
class PutGetItemIT {
  @Parameter EngineSetup setup;
  EngineFixture fx;

  @BeforeEach
  void setUp() {
    fx = new EngineFixture(setup);
    fx.createTable("items");
  }

  @AfterEach
  void tearDown() {
    fx.close();
  }

  private Map<String, AttributeValue> get(String pk) {
    GetItemResponse r = fx.client.getItem(b -> b.tableName("items").key(key(pk)));
    return r.hasItem() ? r.item() : null;
  }

  @Test
  void putItem_allTenTypes_roundTrip() {
    Map<String, AttributeValue> item =
        Map.of(
            "pk", s("a"),
            "s", s("text ü 😀"),
            "n", n("-12.5"),
            "b", AttributeValue.fromB(SdkBytes.fromByteArray(new byte[] {0, 1, (byte) 255})),
            "bool", AttributeValue.fromBool(true),
            "nul", AttributeValue.fromNul(true),
            "ss", AttributeValue.fromSs(List.of("x", "y")),
            "ns", AttributeValue.fromNs(List.of("1", "2.5")),
            "bs", AttributeValue.fromBs(List.of(SdkBytes.fromUtf8String("q"))),
            "l",
                AttributeValue.fromL(
                    List.of(s("e"), n("1"), AttributeValue.fromM(Map.of("k", s("v"))))));
    fx.client.putItem(b -> b.tableName("items").item(item));
    Map<String, AttributeValue> got = get("a");
    assertThat(got).containsOnlyKeys(item.keySet());
    assertThat(got.get("s").s()).isEqualTo("text ü 😀");
    assertThat(got.get("b").b().asByteArray()).containsExactly(0, 1, 255);
    assertThat(got.get("ss").ss()).containsExactlyInAnyOrder("x", "y");
    assertThat(got.get("ns").ns()).containsExactlyInAnyOrder("1", "2.5");
    assertThat(got.get("nul").nul()).isTrue();
    assertThat(got.get("l").l().get(2).m().get("k").s()).isEqualTo("v");
  }

  @Test
  void getItem_missingItem_hasNoItem() {
    assertThat(get("nobody")).isNull();
  }

  @Test
  void putItem_numbers_areCanonicalAndKeepThirtyEightDigits() {
    fx.client.putItem(
        b ->
            b.tableName("items")
                .item(
                    item(
                        "pk", "a",
                        "a", n("01.500"),
                        "big", n("12345678901234567890123456789012345678"),
                        "exp", n("1E+3"),
                        "tiny", n("-1E-130"))));
    Map<String, AttributeValue> got = get("a");
    assertThat(got.get("a").n()).isEqualTo("1.5");
    assertThat(got.get("big").n()).isEqualTo("12345678901234567890123456789012345678");
    assertThat(got.get("exp").n()).isEqualTo("1000");
    assertThat(new java.math.BigDecimal(got.get("tiny").n()))
        .isEqualByComparingTo(new java.math.BigDecimal("-1E-130"));
  }

  @Test
  void putItem_invalidNumbers_areRefusedAndNothingWritten() {
    assertError(
        () ->
            fx.client.putItem(
                b ->
                    b.tableName("items")
                        .item(item("pk", "a", "n", n("123456789012345678901234567890123456789")))),
        "ValidationException",
        "38 significant digits");
    assertError(
        () -> fx.client.putItem(b -> b.tableName("items").item(item("pk", "a", "n", n("1E+126")))),
        "ValidationException",
        "Number overflow");
    assertError(
        () -> fx.client.putItem(b -> b.tableName("items").item(item("pk", "a", "n", n("1E-131")))),
        "ValidationException",
        "Number underflow");
    assertError(
        () -> fx.client.putItem(b -> b.tableName("items").item(item("pk", "a", "n", n("twelve")))),
        "ValidationException",
        "numeric");
    assertThat(get("a")).isNull();
  }

  @Test
  void putItem_setRules_areEnforced() {
    assertError(
        () ->
            fx.client.putItem(
                b ->
                    b.tableName("items")
                        .item(item("pk", "a", "ss", AttributeValue.fromSs(List.of("x", "x"))))),
        "ValidationException",
        "contains duplicates");
    assertError(
        () ->
            fx.client.putItem(
                b ->
                    b.tableName("items")
                        .item(item("pk", "a", "ns", AttributeValue.fromNs(List.of("1", "1.0"))))),
        "ValidationException",
        "contains duplicates");
    assertError(
        () ->
            fx.client.putItem(
                b ->
                    b.tableName("items")
                        .item(item("pk", "a", "ss", AttributeValue.fromSs(List.of())))),
        "ValidationException",
        "may not be empty");
    assertThat(get("a")).isNull();
  }

  @Test
  void putItem_emptyStringsOutsideKeys_areAllowed() {
    fx.client.putItem(
        b ->
            b.tableName("items")
                .item(
                    item(
                        "pk",
                        "a",
                        "e",
                        s(""),
                        "eb",
                        AttributeValue.fromB(SdkBytes.fromByteArray(new byte[0])))));
    assertThat(get("a").get("e").s()).isEmpty();
    assertError(
        () -> fx.client.putItem(b -> b.tableName("items").item(item("pk", ""))),
        "ValidationException",
        "empty string value");
  }

  @Test
  void putItem_keyProblems_areRefusedAndNothingWritten() {
    assertError(
        () -> fx.client.putItem(b -> b.tableName("items").item(item("other", "x"))),
        "ValidationException",
        "Missing the key pk in the item");
    assertError(
        () -> fx.client.putItem(b -> b.tableName("items").item(item("pk", n("1")))),
        "ValidationException",
        "Type mismatch for key pk expected: S actual: N");
    assertError(
        () -> fx.client.getItem(b -> b.tableName("items").key(item("pk", "a", "extra", "x"))),
        "ValidationException",
        "The provided key element does not match the schema");
    assertError(
        () -> fx.client.putItem(b -> b.tableName("items").item(item("pk", "x".repeat(2049)))),
        "ValidationException",
        "2048");
    assertThat(fx.client.describeTable(b -> b.tableName("items")).table().itemCount()).isZero();
  }

  @Test
  void putItem_over400KB_isRefused() {
    String big = "x".repeat(400 * 1024);
    assertError(
        () -> fx.client.putItem(b -> b.tableName("items").item(item("pk", "a", "big", big))),
        "ValidationException",
        "Item size has exceeded the maximum allowed size");
    assertThat(get("a")).isNull();
    String fits = "x".repeat(400 * 1024 - 20);
    fx.client.putItem(b -> b.tableName("items").item(item("pk", "a", "big", fits)));
    assertThat(get("a").get("big").s()).hasSize(fits.length());
  }

  @Test
  void nesting_31LevelsAroundTheLeafAreStored_32AreRefusedOnEveryWritePath() {
    // the attribute is level 1: 31 lists around the leaf put it at level 32, DynamoDB's deepest
    AttributeValue deepest = nested(31);
    fx.client.putItem(b -> b.tableName("items").item(item("pk", "a", "d", deepest)));
    assertThat(get("a")).containsEntry("d", deepest);

    AttributeValue tooDeep = nested(32);
    String refusal =
        "Nesting Levels have exceeded supported limits: Attributes in the item have nested levels"
            + " beyond supported limit";
    refusedOnEveryPut(item("pk", "b", "d", tooDeep), refusal);
    // far deeper than the limit: still DynamoDB's refusal, not the JSON reader's
    assertError(
        () -> fx.client.putItem(b -> b.tableName("items").item(item("pk", "b", "d", nested(100)))),
        "ValidationException",
        refusal);
    assertThat(get("b")).isNull();
  }

  /** Asserts that PutItem, BatchWriteItem and a transaction's Put each refuse {@code item}. */
  private void refusedOnEveryPut(Map<String, AttributeValue> item, String message) {
    assertError(
        () -> fx.client.putItem(b -> b.tableName("items").item(item)),
        "ValidationException",
        message);
    assertError(
        () ->
            fx.client.batchWriteItem(
                b ->
                    b.requestItems(
                        Map.of(
                            "items",
                            List.of(
                                WriteRequest.builder().putRequest(p -> p.item(item)).build())))),
        "ValidationException",
        message);
    assertError(
        () ->
            fx.client.transactWriteItems(
                b -> b.transactItems(t -> t.put(p -> p.tableName("items").item(item)))),
        "ValidationException",
        message);
  }

  private static AttributeValue nested(int levels) {
    AttributeValue value = s("leaf");
    for (int i = 0; i < levels; i++) {
      value = AttributeValue.fromM(Map.of("n", value));
    }
    return value;
  }

  @Test
  void attributeNames_emptyOrOf64KB_areRefusedOnEveryWritePath_andNothingWritten() {
    refusedOnEveryPut(item("pk", "a", "", "x"), "attribute name in the item is empty");
    assertError(
        () ->
            fx.client.updateItem(
                b ->
                    b.tableName("items")
                        .key(key("a"))
                        .updateExpression("SET #n = :v")
                        .expressionAttributeNames(Map.of("#n", ""))
                        .expressionAttributeValues(Map.of(":v", s("x")))),
        "ValidationException",
        "ExpressionAttributeNames contains invalid value: Empty attribute name for key #n");
    String longest = "n".repeat(64 * 1024 - 1);
    assertError(
        () -> fx.client.putItem(b -> b.tableName("items").item(item("pk", "a", longest + "n", 1))),
        "ValidationException",
        "65536 bytes long; attribute names must be less than 64 KB");
    assertThat(get("a")).isNull();
    fx.client.putItem(b -> b.tableName("items").item(item("pk", "a", longest, 1)));
    assertThat(get("a")).containsKey(longest);
  }

  @Test
  void putItem_missingTable_isResourceNotFound() {
    assertThatThrownBy(() -> fx.client.putItem(b -> b.tableName("nope").item(key("a"))))
        .isInstanceOf(ResourceNotFoundException.class);
  }

  @Test
  void putItem_returnValuesAllOld_returnsReplacedItem() {
    fx.client.putItem(b -> b.tableName("items").item(item("pk", "a", "v", 1)));
    PutItemResponse r =
        fx.client.putItem(
            b ->
                b.tableName("items")
                    .item(item("pk", "a", "v", 2))
                    .returnValues(ReturnValue.ALL_OLD));
    assertThat(r.attributes().get("v").n()).isEqualTo("1");
    assertThat(get("a").get("v").n()).isEqualTo("2");
    assertError(
        () ->
            fx.client.putItem(
                b -> b.tableName("items").item(key("a")).returnValues(ReturnValue.ALL_NEW)),
        "ValidationException",
        "ReturnValues can only be ALL_OLD or NONE");
  }

  @Test
  void putItem_conditionFails_keepsItemAndCanReturnIt() {
    fx.client.putItem(b -> b.tableName("items").item(item("pk", "a", "v", 1)));
    assertThatThrownBy(
            () ->
                fx.client.putItem(
                    b ->
                        b.tableName("items")
                            .item(item("pk", "a", "v", 2))
                            .conditionExpression("attribute_not_exists(pk)")
                            .returnValuesOnConditionCheckFailure(
                                ReturnValuesOnConditionCheckFailure.ALL_OLD)))
        .isInstanceOfSatisfying(
            ConditionalCheckFailedException.class,
            e -> {
              assertThat(e.awsErrorDetails().errorMessage())
                  .isEqualTo("The conditional request failed");
              assertThat(e.item().get("v").n()).isEqualTo("1");
            });
    assertThat(get("a").get("v").n()).isEqualTo("1");
  }

  @Test
  void putItem_legacyExpected_isHonoured() {
    fx.client.putItem(b -> b.tableName("items").item(item("pk", "a", "v", 1)));
    fx.client.putItem(
        b ->
            b.tableName("items")
                .item(item("pk", "a", "v", 2))
                .expected(
                    Map.of(
                        "v",
                        software.amazon.awssdk.services.dynamodb.model.ExpectedAttributeValue
                            .builder()
                            .value(n("1"))
                            .build())));
    assertThat(get("a").get("v").n()).isEqualTo("2");
    assertThatThrownBy(
            () ->
                fx.client.putItem(
                    b ->
                        b.tableName("items")
                            .item(item("pk", "a", "v", 3))
                            .expected(
                                Map.of(
                                    "v",
                                    software.amazon.awssdk.services.dynamodb.model
                                        .ExpectedAttributeValue.builder()
                                        .exists(false)
                                        .build()))))
        .isInstanceOf(ConditionalCheckFailedException.class);
    assertError(
        () ->
            fx.client.putItem(
                b ->
                    b.tableName("items")
                        .item(item("pk", "a"))
                        .conditionExpression("attribute_exists(pk)")
                        .expected(
                            Map.of(
                                "v",
                                software.amazon.awssdk.services.dynamodb.model
                                    .ExpectedAttributeValue.builder()
                                    .exists(false)
                                    .build()))),
        "ValidationException",
        "Can not use both expression and non-expression parameters");
    assertThat(get("a").get("v").n()).isEqualTo("2");
  }

  @Test
  void getItem_projectionAndAttributesToGet_selectAttributes() {
    fx.client.putItem(
        b ->
            b.tableName("items")
                .item(
                    item(
                        "pk",
                        "a",
                        "x",
                        1,
                        "y",
                        2,
                        "m",
                        AttributeValue.fromM(Map.of("p", s("q"), "r", s("t"))),
                        "l",
                        AttributeValue.fromL(List.of(s("l0"), s("l1"))))));
    Map<String, AttributeValue> p =
        fx.client
            .getItem(
                b ->
                    b.tableName("items")
                        .key(key("a"))
                        .projectionExpression("x, m.p, #l[1]")
                        .expressionAttributeNames(Map.of("#l", "l")))
            .item();
    assertThat(p).containsOnlyKeys("x", "m", "l");
    assertThat(p.get("m").m()).containsOnlyKeys("p");
    assertThat(p.get("l").l()).extracting(AttributeValue::s).containsExactly("l1");
    Map<String, AttributeValue> a =
        fx.client.getItem(b -> b.tableName("items").key(key("a")).attributesToGet("y")).item();
    assertThat(a).containsOnlyKeys("y");
  }

  @Test
  void consumedCapacity_followsReadAndWriteUnitRules() {
    String kb5 = "x".repeat(5 * 1024);
    double put =
        fx.client
            .putItem(
                b ->
                    b.tableName("items")
                        .item(item("pk", "a", "d", kb5))
                        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL))
            .consumedCapacity()
            .capacityUnits();
    assertThat(put).isEqualTo(6.0);
    double consistent =
        fx.client
            .getItem(
                b ->
                    b.tableName("items")
                        .key(key("a"))
                        .consistentRead(true)
                        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL))
            .consumedCapacity()
            .capacityUnits();
    double eventual =
        fx.client
            .getItem(
                b ->
                    b.tableName("items")
                        .key(key("a"))
                        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL))
            .consumedCapacity()
            .capacityUnits();
    assertThat(consistent).isEqualTo(2.0);
    assertThat(eventual).isEqualTo(1.0);
    var indexes =
        fx.client
            .getItem(
                b ->
                    b.tableName("items")
                        .key(key("missing"))
                        .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES))
            .consumedCapacity();
    assertThat(indexes.capacityUnits()).isEqualTo(0.5);
    assertThat(indexes.table().capacityUnits()).isEqualTo(0.5);
    assertThat(indexes.tableName()).isEqualTo("items");
    // outside transactions DynamoDB reports CapacityUnits alone, without a read or write split
    assertThat(indexes.readCapacityUnits()).isNull();
    assertThat(indexes.table().readCapacityUnits()).isNull();
    var written =
        fx.client
            .deleteItem(
                b ->
                    b.tableName("items")
                        .key(key("a"))
                        .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES))
            .consumedCapacity();
    assertThat(written.capacityUnits()).isEqualTo(6.0);
    assertThat(written.writeCapacityUnits()).isNull();
    assertThat(written.table().writeCapacityUnits()).isNull();
  }

  @Test
  void rangeKeyTable_itemsAreDistinguishedBySortKey() {
    fx.createTable("ranged", "sk", ScalarAttributeType.N);
    fx.client.putItem(b -> b.tableName("ranged").item(item("pk", "a", "sk", 1, "v", "one")));
    fx.client.putItem(b -> b.tableName("ranged").item(item("pk", "a", "sk", 2, "v", "two")));
    assertThat(
            fx.client
                .getItem(b -> b.tableName("ranged").key(item("pk", "a", "sk", n("2.0"))))
                .item()
                .get("v")
                .s())
        .isEqualTo("two");
    assertError(
        () -> fx.client.getItem(b -> b.tableName("ranged").key(key("a"))),
        "ValidationException",
        "The provided key element does not match the schema");
  }
}
