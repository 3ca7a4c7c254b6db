package dev.dynakit.core.entity;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.core.adapter.Hooks;
import dev.dynakit.core.adapter.Patch;
import dev.dynakit.core.adapter.WriteContext;
import dev.dynakit.core.entity.Shop.Order;
import dev.dynakit.core.schema.EntitySpec;
import dev.dynakit.core.schema.TableSpec;
import dev.dynakit.test.DynakitTest;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * Patches that race on one item leave its index attributes agreeing with its fields: a patch
 * composes them from the item it read, so it applies only to that version (and reads again when
 * another write came first).
 */
@DynakitTest
class ConcurrentPatchIT {
  static final int THREADS = 8;
  static final int PATCHES_PER_THREAD = 25;
  static final List<String> STATUSES = List.of("NEW", "PAID", "SHIPPED");

  /**
   * Runs another write once, between a patch's read and its write (the last hook before sending).
   */
  static final class Interleave implements Hooks {
    final AtomicReference<Runnable> next = new AtomicReference<>();

    @Override
    public TransactWriteItem updateInput(TransactWriteItem action, WriteContext context) {
      Runnable write = next.getAndSet(null);
      if (write != null) {
        write.run();
      }
      return action;
    }
  }

  static final Map<String, Object> KEY =
      Map.of("customerId", "c42", "orderDate", LocalDate.parse("2026-03-01"), "orderId", "o1");

  static Map<String, AttributeValue> stored(DynamoDbClient client) {
    return client
        .getItem(
            b ->
                b.tableName("shop")
                    .consistentRead(true)
                    .key(
                        Map.of(
                            "PK", AttributeValue.fromS("CUSTOMER#c42"),
                            "SK", AttributeValue.fromS("ORDER#2026-03-01#o1"))))
        .item();
  }

  @Test
  void patch_overtakenBetweenItsReadAndItsWrite_movesOnlyTheIndexKeysOfItsOwnFields(
      DynamoDbClient client) {
    Interleave interleave = new Interleave();
    EntityView<Order> orders =
        Shop.create(client, Shop.SPEC, interleave).entity("order", Order.class);
    orders.put(Shop.order("c42", "o1", "2026-03-01", "NEW", true));
    interleave.next.set(() -> orders.patch(KEY, Patch.of(Map.of("needsReview", false))));

    orders.patch(KEY, Patch.of(Map.of("status", "PAID")));

    Map<String, AttributeValue> item = stored(client);
    assertThat(item.get("needsReview").bool()).isFalse();
    assertThat(item).doesNotContainKeys("GSI2PK", "GSI2SK");
    assertThat(item.get("GSI1PK").s()).isEqualTo("STATUS#PAID");
  }

  @Test
  void patch_ofAnIndexKeyThatAlsoReadsAnotherField_isRetriedWhenOvertaken(DynamoDbClient client) {
    TableSpec spec =
        Shop.SPEC.toBuilder()
            .entity(
                EntitySpec.builder("ticket")
                    .field("ticketId", "string")
                    .field("team", "string")
                    .field("priority", "string")
                    .key("PK", "TICKET#{ticketId}")
                    .key("SK", "TICKET")
                    .key("GSI1PK", "QUEUE#{team}#{priority}")
                    .key("GSI1SK", "{ticketId}"))
            .build();
    Interleave interleave = new Interleave();
    EntityView<Map<String, Object>> tickets =
        Shop.create(client, spec, interleave).entity("ticket");
    Map<String, Object> key = Map.of("ticketId", "t1");
    tickets.put(
        new java.util.LinkedHashMap<>(Map.of("ticketId", "t1", "team", "ops", "priority", "low")));
    interleave.next.set(() -> tickets.patch(key, Patch.of(Map.of("team", "dev"))));

    Map<String, Object> after =
        tickets.patch(key, Patch.of(Map.of("priority", "high"))).orElseThrow();

    assertThat(after).containsEntry("team", "dev").containsEntry("priority", "high");
    Map<String, AttributeValue> item =
        client
            .getItem(
                b ->
                    b.tableName("shop")
                        .consistentRead(true)
                        .key(
                            Map.of(
                                "PK", AttributeValue.fromS("TICKET#t1"),
                                "SK", AttributeValue.fromS("TICKET"))))
            .item();
    assertThat(item.get("GSI1PK").s()).isEqualTo("QUEUE#dev#high");
  }

  @Test
  void racingPatches_leaveTheSparseAndOverloadedIndexKeysInStepWithTheFields(DynamoDbClient client)
      throws Exception {
    EntityTable shop = Shop.create(client, Shop.SPEC);
    EntityView<Order> orders = shop.entity("order", Order.class);
    orders.put(Shop.order("c42", "o1", "2026-03-01", "NEW", false));
    Map<String, Object> key =
        Map.of("customerId", "c42", "orderDate", LocalDate.parse("2026-03-01"), "orderId", "o1");
    ExecutorService pool = Executors.newFixedThreadPool(THREADS);
    CountDownLatch start = new CountDownLatch(1);
    List<Future<?>> done = new ArrayList<>();
    for (int t = 0; t < THREADS; t++) {
      Random random = new Random(t);
      done.add(
          pool.submit(
              () -> {
                start.await();
                for (int i = 0; i < PATCHES_PER_THREAD; i++) {
                  Patch patch =
                      random.nextBoolean()
                          ? Patch.of(Map.of("needsReview", random.nextBoolean()))
                          : Patch.of(Map.of("status", STATUSES.get(random.nextInt(3))));
                  orders.patch(key, patch);
                }
                return null;
              }));
    }
    start.countDown();
    for (Future<?> future : done) {
      future.get(2, TimeUnit.MINUTES);
    }
    pool.shutdown();

    Map<String, AttributeValue> item =
        client
            .getItem(
                b ->
                    b.tableName("shop")
                        .consistentRead(true)
                        .key(
                            Map.of(
                                "PK", AttributeValue.fromS("CUSTOMER#c42"),
                                "SK", AttributeValue.fromS("ORDER#2026-03-01#o1"))))
            .item();
    assertThat(item.get("GSI1PK").s()).isEqualTo("STATUS#" + item.get("status").s());
    assertThat(item.containsKey("GSI2PK")).isEqualTo(item.get("needsReview").bool());
    assertThat(item.get("_v").n()).isEqualTo(Integer.toString(1 + THREADS * PATCHES_PER_THREAD));
  }
}
