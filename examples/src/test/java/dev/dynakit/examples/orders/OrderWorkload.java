package dev.dynakit.examples.orders;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * Random writes to the orders table, through every write path that makes stream records: puts of
 * new and replaced orders, updates of the customer or the status, deletes, batch writes and
 * transactions. Twenty order ids and five customers, so that changes hit the same orders often.
 */
final class OrderWorkload {
  private final DynamoDbClient client;
  private final Random random;

  OrderWorkload(DynamoDbClient client, Random random) {
    this.client = client;
    this.random = random;
  }

  /** One random write. */
  void step() {
    switch (random.nextInt(6)) {
      case 0 -> client.putItem(b -> b.tableName(OrderTables.ORDERS).item(order(orderId())));
      case 1 -> update("SET #customer = :c", Map.of(":c", s(customer())));
      case 2 ->
          // a change of status alone moves no count; a missing order is created with a customer
          update(
              "SET #status = :s, #customer = if_not_exists(#customer, :c)",
              Map.of(":s", s(random.nextBoolean() ? "paid" : "shipped"), ":c", s(customer())));
      case 3 -> client.deleteItem(b -> b.tableName(OrderTables.ORDERS).key(key(orderId())));
      case 4 -> batchWrite();
      default -> transaction();
    }
  }

  private void update(String expression, Map<String, AttributeValue> values) {
    Map<String, String> names = new HashMap<>(Map.of("#customer", "customer"));
    if (expression.contains("#status")) {
      names.put("#status", "status");
    }
    client.updateItem(
        b ->
            b.tableName(OrderTables.ORDERS)
                .key(key(orderId()))
                .updateExpression(expression)
                .expressionAttributeNames(names)
                .expressionAttributeValues(values));
  }

  private void batchWrite() {
    List<WriteRequest> writes = new ArrayList<>();
    for (String id : distinctIds(4)) {
      writes.add(
          random.nextInt(3) == 0
              ? WriteRequest.builder().deleteRequest(d -> d.key(key(id))).build()
              : WriteRequest.builder().putRequest(p -> p.item(order(id))).build());
    }
    client.batchWriteItem(b -> b.requestItems(Map.of(OrderTables.ORDERS, writes)));
  }

  private void transaction() {
    List<String> ids = new ArrayList<>(distinctIds(3));
    client.transactWriteItems(
        b ->
            b.transactItems(
                TransactWriteItem.builder()
                    .put(p -> p.tableName(OrderTables.ORDERS).item(order(ids.get(0))))
                    .build(),
                TransactWriteItem.builder()
                    .update(
                        u ->
                            u.tableName(OrderTables.ORDERS)
                                .key(key(ids.get(1)))
                                .updateExpression("SET customer = :c")
                                .expressionAttributeValues(Map.of(":c", s(customer()))))
                    .build(),
                TransactWriteItem.builder()
                    .delete(d -> d.tableName(OrderTables.ORDERS).key(key(ids.get(2))))
                    .build()));
  }

  private Set<String> distinctIds(int n) {
    Set<String> ids = new LinkedHashSet<>();
    while (ids.size() < n) {
      ids.add(orderId());
    }
    return ids;
  }

  private String orderId() {
    return "o" + random.nextInt(20);
  }

  private String customer() {
    return "c" + random.nextInt(5);
  }

  private Map<String, AttributeValue> order(String id) {
    return Map.of("orderId", s(id), "customer", s(customer()), "status", s("new"));
  }

  private static Map<String, AttributeValue> key(String id) {
    return Map.of("orderId", s(id));
  }

  private static AttributeValue s(String v) {
    return AttributeValue.builder().s(v).build();
  }
}
