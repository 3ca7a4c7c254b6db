package dev.dynakit.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynakit.engine.DynakitEngine;
import java.util.Map;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/** The asynchronous direct client answers as the asynchronous wire-format client does. */
class DirectAsyncResponsesIT {
  private final DynakitEngine engine = DynakitEngine.inMemory();
  private final DynamoDbAsyncClient direct = DynakitClients.inProcessDirectAsync(engine);
  private final DynamoDbAsyncClient wire = DynakitClients.inProcessAsync(engine);

  @AfterEach
  void close() {
    direct.close();
    wire.close();
    engine.close();
  }

  @Test
  void itemsAndPages_areAlike_andErrorsStillMapToExceptions() {
    direct
        .createTable(
            b ->
                b.tableName("things")
                    .billingMode(BillingMode.PAY_PER_REQUEST)
                    .keySchema(
                        k -> k.attributeName("pk").keyType(KeyType.HASH),
                        k -> k.attributeName("sk").keyType(KeyType.RANGE))
                    .attributeDefinitions(
                        a -> a.attributeName("pk").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("sk").attributeType(ScalarAttributeType.N)))
        .join();
    for (int i = 0; i < 5; i++) {
      Map<String, AttributeValue> item = Items.everyType("p", i);
      direct.putItem(b -> b.tableName("things").item(item)).join();
    }
    QueryResponse fromDirect = direct.query(DirectAsyncResponsesIT::firstPage).join();
    QueryResponse fromWire = wire.query(DirectAsyncResponsesIT::firstPage).join();
    assertThat(fromDirect.equalsBySdkFields(fromWire)).as("%s%n%s", fromDirect, fromWire).isTrue();
    assertThat(fromDirect.items()).hasSize(3);
    assertThat(fromDirect.sdkHttpResponse().firstMatchingHeader("x-amz-crc32")).isEmpty();

    assertThatThrownBy(
            () ->
                direct
                    .putItem(
                        b ->
                            b.tableName("things")
                                .item(Items.everyType("p", 1))
                                .conditionExpression("attribute_not_exists(pk)"))
                    .join())
        .isInstanceOf(CompletionException.class)
        .hasCauseInstanceOf(ConditionalCheckFailedException.class);
  }

  private static void firstPage(QueryRequest.Builder b) {
    b.tableName("things")
        .keyConditionExpression("pk = :p")
        .expressionAttributeValues(Map.of(":p", AttributeValue.fromS("p")))
        .limit(3)
        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL);
  }
}
