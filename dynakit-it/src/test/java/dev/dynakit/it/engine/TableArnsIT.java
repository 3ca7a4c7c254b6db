package dev.dynakit.it.engine;

import static dev.dynakit.it.engine.EngineErrors.assertError;
import static dev.dynakit.it.engine.Items.item;
import static dev.dynakit.it.engine.Items.key;
import static dev.dynakit.it.engine.Items.s;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/** A table named by its ARN wherever DynamoDB takes a table name or ARN. */
@ParameterizedClass
@EnumSource(EngineSetup.class)
class TableArnsIT {
  @Parameter EngineSetup setup;
  EngineFixture fx;
  String arn;

  @BeforeEach
  void setUp() {
    fx = new EngineFixture(setup);
    fx.createTable("users");
    arn = fx.client.describeTable(b -> b.tableName("users")).table().tableArn();
  }

  @AfterEach
  void tearDown() {
    fx.close();
  }

  @Test
  void itemCalls_queryAndScan_takeTheArn() {
    fx.client.putItem(b -> b.tableName(arn).item(item("pk", "a", "v", "1")));
    assertThat(fx.client.getItem(b -> b.tableName(arn).key(key("a"))).item())
        .containsEntry("v", s("1"));
    assertThat(
            fx.client
                .query(
                    b ->
                        b.tableName(arn)
                            .keyConditionExpression("pk = :p")
                            .expressionAttributeValues(Map.of(":p", s("a"))))
                .count())
        .isEqualTo(1);
    var scan = fx.client.scan(b -> b.tableName(arn).returnConsumedCapacity("TOTAL"));
    assertThat(scan.count()).isEqualTo(1);
    // DynamoDB names the table in ConsumedCapacity as the request did
    assertThat(scan.consumedCapacity().tableName()).isEqualTo(arn);
    fx.client.deleteItem(b -> b.tableName(arn).key(key("a")));
    assertThat(fx.client.getItem(b -> b.tableName("users").key(key("a"))).hasItem()).isFalse();
    assertThat(fx.client.describeTable(b -> b.tableName(arn)).table().tableName())
        .isEqualTo("users");
  }

  @Test
  void batches_answerUnderTheArnTheyWereAskedWith() {
    BatchWriteItemResponse written =
        fx.client.batchWriteItem(
            b ->
                b.returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                    .requestItems(
                        Map.of(
                            arn,
                            List.of(
                                WriteRequest.builder()
                                    .putRequest(p -> p.item(item("pk", "a", "v", "1")))
                                    .build()))));
    assertThat(written.consumedCapacity().get(0).tableName()).isEqualTo(arn);
    BatchGetItemResponse read =
        fx.client.batchGetItem(
            b ->
                b.requestItems(
                    Map.of(arn, KeysAndAttributes.builder().keys(List.of(key("a"))).build())));
    assertThat(read.responses()).containsOnlyKeys(arn);
    assertThat(read.responses().get(arn)).hasSize(1);
    assertError(
        () ->
            fx.client.batchGetItem(
                b ->
                    b.requestItems(
                        Map.of(
                            arn,
                            KeysAndAttributes.builder().keys(List.of(key("a"))).build(),
                            "users",
                            KeysAndAttributes.builder().keys(List.of(key("b"))).build()))),
        "ValidationException",
        "names the table users twice");
  }

  @Test
  void transactions_takeTheArn() {
    fx.client.transactWriteItems(
        b -> b.transactItems(t -> t.put(p -> p.tableName(arn).item(item("pk", "a", "v", "1")))));
    var got =
        fx.client.transactGetItems(
            b -> b.transactItems(t -> t.get(g -> g.tableName(arn).key(key("a")))));
    assertThat(got.responses().get(0).item()).containsEntry("v", s("1"));
  }

  @Test
  void anArnOfAnotherAccountOrOfAnIndex_namesNoTable() {
    String otherAccount = arn.replaceFirst(":[0-9]+:table/", ":999999999999:table/");
    assertError(
        () -> fx.client.getItem(b -> b.tableName(otherAccount).key(key("a"))),
        "ResourceNotFoundException",
        "is not the ARN of a table of this engine");
    assertError(
        () -> fx.client.getItem(b -> b.tableName(arn + "/index/byV").key(key("a"))),
        "ResourceNotFoundException",
        "is not the ARN of a table of this engine");
  }
}
