package dev.dynakit.examples.orders;

import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;

/**
 * The example's tables: {@code orders} (key {@code orderId}, a stream with old and new images, so
 * that a deletion or a change of customer tells whose count to lower), {@code order-counts} (key
 * {@code customer}, attribute {@code orders}) and {@code order-count-events} (key {@code event}:
 * the records already counted, expiring with the stream's 24-hour retention).
 */
public final class OrderTables {
  public static final String ORDERS = "orders";
  public static final String COUNTS = "order-counts";
  public static final String EVENTS = "order-count-events";

  private OrderTables() {}

  /** Creates the three tables through {@code client}. */
  public static void create(DynamoDbClient client) {
    client.createTable(
        b ->
            b.tableName(ORDERS)
                .billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(k -> k.attributeName("orderId").keyType(KeyType.HASH))
                .attributeDefinitions(string("orderId"))
                .streamSpecification(
                    s -> s.streamEnabled(true).streamViewType(StreamViewType.NEW_AND_OLD_IMAGES)));
    client.createTable(
        b ->
            b.tableName(COUNTS)
                .billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(k -> k.attributeName("customer").keyType(KeyType.HASH))
                .attributeDefinitions(string("customer")));
    client.createTable(
        b ->
            b.tableName(EVENTS)
                .billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(k -> k.attributeName("event").keyType(KeyType.HASH))
                .attributeDefinitions(string("event")));
    client.updateTimeToLive(
        b ->
            b.tableName(EVENTS)
                .timeToLiveSpecification(t -> t.enabled(true).attributeName("expires")));
  }

  private static AttributeDefinition string(String name) {
    return AttributeDefinition.builder()
        .attributeName(name)
        .attributeType(ScalarAttributeType.S)
        .build();
  }
}
