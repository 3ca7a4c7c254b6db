package dev.dynakit.it.engine;

import static dev.dynakit.it.engine.EngineErrors.assertError;
import static dev.dynakit.it.engine.Items.item;
import static dev.dynakit.it.engine.Items.key;
import static dev.dynakit.it.engine.Items.n;
import static dev.dynakit.it.engine.Items.s;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;

/** Condition expressions evaluated through a conditional write, against one stored item. */
@ParameterizedClass
@EnumSource(EngineSetup.class)
class ConditionExpressionIT {
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
                        "num", 10,
                        "str", "apple pie",
                        "bin", AttributeValue.fromB(SdkBytes.fromByteArray(new byte[] {1, 2, 3})),
                        "flag", AttributeValue.fromBool(true),
                        "tags", AttributeValue.fromSs(List.of("red", "green")),
                        "lst", AttributeValue.fromL(List.of(s("x"), n("2"))),
                        "map",
                            AttributeValue.fromM(
                                Map.of("deep", AttributeValue.fromM(Map.of("k", s("v"))))))));
  }

  @AfterEach
  void tearDown() {
    fx.close();
  }

  private boolean holds(String condition) {
    Map<String, AttributeValue> values = new HashMap<>();
    values.put(":ten", n("10"));
    values.put(":five", n("5"));
    values.put(":twenty", n("20"));
    values.put(":apple", s("apple"));
    values.put(":pie", s("pie"));
    values.put(":red", s("red"));
    values.put(":S", s("S"));
    values.put(":SS", s("SS"));
    values.put(":bin12", AttributeValue.fromB(SdkBytes.fromByteArray(new byte[] {1, 2})));
    values.put(":true", AttributeValue.fromBool(true));
    values.put(":v", s("v"));
    values.put(":x", s("x"));
    values.put(":three", n("3"));
    values.put(":nine", n("9"));
    try {
      fx.client.updateItem(
          b -> {
            b.tableName("items")
                .key(key("a"))
                .updateExpression("SET touched = :true")
                .conditionExpression(condition)
                .expressionAttributeValues(filterUsed(condition + " :true", values));
            if (condition.contains("#m")) {
              b.expressionAttributeNames(Map.of("#m", "map"));
            }
          });
      return true;
    } catch (ConditionalCheckFailedException e) {
      return false;
    }
  }

  private static Map<String, AttributeValue> filterUsed(
      String text, Map<String, AttributeValue> all) {
    Map<String, AttributeValue> used = new HashMap<>();
    all.forEach(
        (k, v) -> {
          if (java.util.regex.Pattern.compile(java.util.regex.Pattern.quote(k) + "(?![A-Za-z0-9_])")
              .matcher(text)
              .find()) {
            used.put(k, v);
          }
        });
    return used;
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "num = :ten and #m.deep.k = :v | true",
        "num <> :ten | false",
        "num < :twenty AND num > :five | true",
        "num <= :nine | false",
        "num >= :ten | true",
        "num BETWEEN :five AND :twenty | true",
        "num BETWEEN :twenty AND :twenty | false",
        "num IN (:five, :ten) and #m.deep.k = :v | true",
        "str IN (:apple, :pie) | false",
        "attribute_exists(#m.deep.k) | true",
        "attribute_not_exists(nothere) and #m.deep.k = :v | true",
        "attribute_exists(lst[1]) and #m.deep.k = :v | true",
        "attribute_exists(lst[5]) and #m.deep.k = :v | false",
        "attribute_type(str, :S) | true",
        "attribute_type(tags, :SS) | true",
        "attribute_type(str, :SS) | false",
        "begins_with(str, :apple) | true",
        "begins_with(str, :pie) | false",
        "begins_with(bin, :bin12) | true",
        "contains(str, :pie) | true",
        "contains(tags, :red) | true",
        "contains(lst, :x) | true",
        "size(str) = :nine | true",
        "size(tags) < :three | true",
        "size(lst) = :three | false",
        "NOT num = :five | true",
        "NOT (num = :ten OR num = :five) | false",
        "num = :five OR num = :ten AND str = :apple | false",
        "(num = :five OR num = :ten) AND begins_with(str, :apple) | true",
        "NOT num = :ten AND num = :ten | false",
        "flag = :true | true",
        "str < :pie | true",
        "num = :apple | false",
      })
  void condition_evaluatesLikeDynamoDb(String condition, boolean expected) {
    assertThat(holds(condition)).isEqualTo(expected);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "num = | Syntax error",
        "num === :ten | Syntax error",
        "size(num) | size",
        "unknown_fn(num) | Invalid function name",
        "num = :nothere | :nothere",
        "#nothere = :ten | #nothere",
      })
  void condition_malformed_isValidationError(String condition, String message) {
    Map<String, AttributeValue> before =
        fx.client.getItem(b -> b.tableName("items").key(key("a"))).item();
    assertError(
        () ->
            fx.client.updateItem(
                b -> {
                  b.tableName("items")
                      .key(key("a"))
                      .updateExpression("SET touched = :ten")
                      .conditionExpression(condition)
                      .expressionAttributeValues(Map.of(":ten", n("10")));
                  if (condition.contains("#m")) {
                    b.expressionAttributeNames(Map.of("#m", "map"));
                  }
                }),
        "ValidationException",
        message);
    assertThat(fx.client.getItem(b -> b.tableName("items").key(key("a"))).item()).isEqualTo(before);
  }
}
