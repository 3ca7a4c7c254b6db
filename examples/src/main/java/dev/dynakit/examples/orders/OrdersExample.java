package dev.dynakit.examples.orders;

import dev.dynakit.core.stream.StreamListener;
import dev.dynakit.core.stream.StreamSubscription;
import dev.dynakit.embedded.DynakitClients;
import dev.dynakit.engine.DynakitEngine;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * The stream example, end to end on a fresh in-memory engine: creates the tables, writes, moves and
 * deletes a few orders, lets {@link OrderCounts} follow the orders' stream (polled by hand, one
 * step after each write) and prints the counts next to a recount of the orders.
 */
public final class OrdersExample {
  private OrdersExample() {}

  /** Runs the example, printing to standard output. */
  public static void main(String[] args) {
    PrintWriter out = new PrintWriter(System.out, true, StandardCharsets.UTF_8);
    try (DynakitEngine engine = DynakitEngine.inMemory();
        DynamoDbClient dynamo = DynakitClients.inProcess(engine);
        DynamoDbStreamsClient streams = DynakitClients.streamsInProcess(engine)) {
      run(dynamo, streams, out);
    }
  }

  /** Runs the example over the given clients (the caller's to close). */
  public static void run(DynamoDbClient dynamo, DynamoDbStreamsClient streams, PrintWriter out) {
    OrderTables.create(dynamo);
    StreamListener listener =
        StreamListener.builder(dynamo, streams).consumer("order-counts").build();
    try (StreamSubscription counting = listener.open(OrderTables.ORDERS, new OrderCounts(dynamo))) {
      put(dynamo, "o1", "alice");
      put(dynamo, "o2", "alice");
      put(dynamo, "o3", "bob");
      out.println("three orders:          " + step(counting, dynamo));
      put(dynamo, "o2", "bob");
      out.println("o2 moved to bob:       " + step(counting, dynamo));
      dynamo.deleteItem(b -> b.tableName(OrderTables.ORDERS).key(Map.of("orderId", s("o1"))));
      out.println("o1 deleted:            " + step(counting, dynamo));
      out.println("recount of the orders: " + OrderCounts.recount(dynamo));
    }
  }

  private static Map<String, Long> step(StreamSubscription counting, DynamoDbClient dynamo) {
    counting.pollOnce();
    return OrderCounts.counts(dynamo);
  }

  private static void put(DynamoDbClient dynamo, String orderId, String customer) {
    dynamo.putItem(
        b ->
            b.tableName(OrderTables.ORDERS)
                .item(Map.of("orderId", s(orderId), "customer", s(customer), "status", s("new"))));
  }

  private static AttributeValue s(String value) {
    return AttributeValue.builder().s(value).build();
  }
}
