package dev.dynakit.it.engine;

import static dev.dynakit.it.engine.EngineErrors.assertError;
import static dev.dynakit.it.engine.Items.item;
import static dev.dynakit.it.engine.Items.key;
import static dev.dynakit.it.engine.Items.n;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;
import software.amazon.awssdk.services.dynamodb.model.ComparisonOperator;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ExpectedAttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;

@ParameterizedClass
@EnumSource(EngineSetup.class)
class DeleteItemIT {
  @Parameter EngineSetup setup;
  EngineFixture fx;

  @BeforeEach
  void setUp() {
    fx = new EngineFixture(setup);
    fx.createTable("items");
    fx.client.putItem(b -> b.tableName("items").item(item("pk", "a", "v", 3)));
  }

  @AfterEach
  void tearDown() {
    fx.close();
  }

  private boolean exists(String pk) {
    return fx.client.getItem(b -> b.tableName("items").key(key(pk)).consistentRead(true)).hasItem();
  }

  @Test
  void deleteItem_removesAndReturnsOld() {
    var r =
        fx.client.deleteItem(
            b -> b.tableName("items").key(key("a")).returnValues(ReturnValue.ALL_OLD));
    assertThat(r.attributes().get("v").n()).isEqualTo("3");
    assertThat(exists("a")).isFalse();
    assertThat(fx.client.describeTable(b -> b.tableName("items")).table().itemCount()).isZero();
  }

  @Test
  void deleteItem_missingItem_succeedsWithoutAttributes() {
    var r =
        fx.client.deleteItem(
            b -> b.tableName("items").key(key("zz")).returnValues(ReturnValue.ALL_OLD));
    assertThat(r.hasAttributes()).isFalse();
  }

  @Test
  void deleteItem_conditionFails_keepsItem() {
    assertThatThrownBy(
            () ->
                fx.client.deleteItem(
                    b ->
                        b.tableName("items")
                            .key(key("a"))
                            .conditionExpression("v = :four")
                            .expressionAttributeValues(Map.of(":four", n("4")))))
        .isInstanceOf(ConditionalCheckFailedException.class);
    assertThat(exists("a")).isTrue();
    fx.client.deleteItem(
        b ->
            b.tableName("items")
                .key(key("a"))
                .conditionExpression("v BETWEEN :lo AND :hi")
                .expressionAttributeValues(Map.of(":lo", n("1"), ":hi", n("3"))));
    assertThat(exists("a")).isFalse();
  }

  @Test
  void deleteItem_legacyExpectedWithComparisonOperator() {
    assertThatThrownBy(
            () ->
                fx.client.deleteItem(
                    b ->
                        b.tableName("items")
                            .key(key("a"))
                            .expected(
                                Map.of(
                                    "v",
                                    ExpectedAttributeValue.builder()
                                        .comparisonOperator(ComparisonOperator.GT)
                                        .attributeValueList(n("3"))
                                        .build()))))
        .isInstanceOf(ConditionalCheckFailedException.class);
    fx.client.deleteItem(
        b ->
            b.tableName("items")
                .key(key("a"))
                .expected(
                    Map.of(
                        "v",
                        ExpectedAttributeValue.builder()
                            .comparisonOperator(ComparisonOperator.LE)
                            .attributeValueList(n("3"))
                            .build())));
    assertThat(exists("a")).isFalse();
  }

  @Test
  void deleteItem_invalidReturnValues_isRefused() {
    assertError(
        () ->
            fx.client.deleteItem(
                b -> b.tableName("items").key(key("a")).returnValues(ReturnValue.UPDATED_NEW)),
        "ValidationException",
        "ReturnValues can only be ALL_OLD or NONE");
    assertThat(exists("a")).isTrue();
  }
}
