package dev.dynakit.examples.orders;

import dev.dynakit.core.stream.StreamChange;
import dev.dynakit.core.stream.StreamHandler;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * A stream handler that keeps, per customer, the number of orders in {@link OrderTables#ORDERS}:
 * each change moves the counts of the customers it touches (an INSERT adds one to the new order's
 * customer, a REMOVE takes one from the old order's, a MODIFY that changes the customer moves one
 * from the old to the new).
 *
 * <p>Idempotent under redelivery: the stream delivers at least once, so each record's count change
 * is made in one transaction with a marker item keyed by the record's event id, written on the
 * condition that it does not exist yet. A record delivered again finds its marker, the transaction
 * is cancelled on that condition alone, and the record is skipped: the counts move exactly once. A
 * marker expires (time to live) an hour after the stream's 24-hour retention, when its record can
 * no longer be delivered.
 *
 * <pre>{@code
 * StreamListener listener = StreamListener.builder(dynamo, streams).consumer("order-counts").build();
 * try (StreamSubscription counting = listener.subscribe(OrderTables.ORDERS, new OrderCounts(dynamo))) {
 *   ... // write orders; order-counts follows
 * }
 * }</pre>
 */
public final class OrderCounts implements StreamHandler {
  private static final Duration MARKER_LIFETIME = Duration.ofHours(25);

  private final DynamoDbClient client;

  public OrderCounts(DynamoDbClient client) {
    this.client = Objects.requireNonNull(client, "client");
  }

  @Override
  public void handle(List<StreamChange> batch) {
    // one record at a time, in the shard's order: a transaction per record keeps each marker with
    // exactly the count changes it stands for
    for (StreamChange change : batch) {
      apply(change);
    }
  }

  private void apply(StreamChange change) {
    Map<String, Long> deltas = deltas(change);
    if (deltas.isEmpty()) {
      return;
    }
    List<TransactWriteItem> writes = new ArrayList<>();
    writes.add(marker(change));
    deltas.forEach((customer, delta) -> writes.add(count(customer, delta)));
    try {
      client.transactWriteItems(b -> b.transactItems(writes));
    } catch (TransactionCanceledException e) {
      if (!alreadyCounted(e)) {
        throw e;
      }
    }
  }

  /** How the change moves each customer's count (a change of status only moves none). */
  static Map<String, Long> deltas(StreamChange change) {
    String before = customer(change.oldImage());
    String after = customer(change.newImage());
    Map<String, Long> deltas = new TreeMap<>();
    if (!Objects.equals(before, after)) {
      if (before != null) {
        deltas.merge(before, -1L, Long::sum);
      }
      if (after != null) {
        deltas.merge(after, 1L, Long::sum);
      }
    }
    return deltas;
  }

  private static @Nullable String customer(@Nullable Map<String, Object> image) {
    return image == null ? null : (String) image.get("customer");
  }

  private static TransactWriteItem marker(StreamChange change) {
    long expires = change.approximateCreation().plus(MARKER_LIFETIME).getEpochSecond();
    return TransactWriteItem.builder()
        .put(
            p ->
                p.tableName(OrderTables.EVENTS)
                    .item(
                        Map.of(
                            "event", s(change.eventId()),
                            "expires", AttributeValue.builder().n(Long.toString(expires)).build()))
                    .conditionExpression("attribute_not_exists(#event)")
                    .expressionAttributeNames(Map.of("#event", "event")))
        .build();
  }

  private static TransactWriteItem count(String customer, long delta) {
    return TransactWriteItem.builder()
        .update(
            u ->
                u.tableName(OrderTables.COUNTS)
                    .key(Map.of("customer", s(customer)))
                    .updateExpression("ADD #orders :delta")
                    .expressionAttributeNames(Map.of("#orders", "orders"))
                    .expressionAttributeValues(
                        Map.of(":delta", AttributeValue.builder().n(Long.toString(delta)).build())))
        .build();
  }

  /** Whether the transaction was cancelled by the marker's condition alone: a redelivery. */
  private static boolean alreadyCounted(TransactionCanceledException e) {
    List<CancellationReason> reasons = e.cancellationReasons();
    if (reasons.isEmpty() || !"ConditionalCheckFailed".equals(reasons.get(0).code())) {
      return false;
    }
    for (CancellationReason other : reasons.subList(1, reasons.size())) {
      if (other.code() != null && !"None".equals(other.code())) {
        return false;
      }
    }
    return true;
  }

  /** The counts as the counts table holds them, zeros left out: customer to number of orders. */
  public static Map<String, Long> counts(DynamoDbClient client) {
    Map<String, Long> out = new TreeMap<>();
    client
        .scanPaginator(ScanRequest.builder().tableName(OrderTables.COUNTS).build())
        .items()
        .forEach(
            item -> {
              long n = Long.parseLong(item.get("orders").n());
              if (n != 0) {
                out.put(item.get("customer").s(), n);
              }
            });
    return out;
  }

  /** The counts recounted from the orders table itself: customer to number of orders. */
  public static Map<String, Long> recount(DynamoDbClient client) {
    Map<String, Long> out = new HashMap<>();
    client
        .scanPaginator(
            ScanRequest.builder().tableName(OrderTables.ORDERS).consistentRead(true).build())
        .items()
        .forEach(item -> out.merge(item.get("customer").s(), 1L, Long::sum));
    return new TreeMap<>(out);
  }

  private static AttributeValue s(String value) {
    return AttributeValue.builder().s(value).build();
  }
}
