package dev.dynakit.core.entity;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.core.adapter.ListOptions;
import dev.dynakit.core.adapter.Patch;
import dev.dynakit.core.entity.Shop.Order;
import dev.dynakit.core.mass.MassOperations;
import dev.dynakit.core.mass.MassOptions;
import dev.dynakit.test.DynakitTest;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The sparse review queue (GSI2, keys only, read indirectly): an order is in it exactly while it
 * needs review, on every write path.
 */
@DynakitTest
class SparseQueueIT {
  static Map<String, Object> key(String id) {
    return Map.of("customerId", "c42", "orderDate", LocalDate.parse("2026-03-01"), "orderId", id);
  }

  DynamoDbClient client;
  EntityTable shop;
  EntityView<Order> orders;

  @BeforeEach
  void setUp(DynamoDbClient client) {
    this.client = client;
    shop = Shop.create(client, Shop.SPEC);
    orders = shop.entity("order", Order.class);
  }

  private List<String> queue() {
    return shop.pattern("reviewQueue", Map.of()).list("order", Order.class).stream()
        .map(Order::orderId)
        .toList();
  }

  private Map<String, AttributeValue> stored(String id) {
    return client
        .getItem(
            b ->
                b.tableName("shop")
                    .key(
                        Map.of(
                            "PK", AttributeValue.fromS("CUSTOMER#c42"),
                            "SK", AttributeValue.fromS("ORDER#2026-03-01#" + id))))
        .item();
  }

  @Test
  void put_entersAndLeavesTheQueue() {
    orders.put(Shop.order("c42", "o1", "2026-03-01", "NEW", true));
    assertThat(queue()).containsExactly("o1");

    Order current = orders.get(key("o1")).orElseThrow();
    orders.put(
        new Order(
            "c42", "o1", current.orderDate(), "NEW", current.total(), false, current.version()));

    assertThat(queue()).isEmpty();
    assertThat(stored("o1")).doesNotContainKeys("GSI2PK", "GSI2SK").containsKey("GSI1PK");
  }

  @Test
  void patch_entersAndLeavesTheQueue() {
    orders.put(Shop.order("c42", "o1", "2026-03-01", "NEW", false));
    assertThat(queue()).isEmpty();

    orders.patch(key("o1"), Patch.of(Map.of("needsReview", true)));
    assertThat(queue()).containsExactly("o1");
    assertThat(stored("o1").get("GSI2SK").s()).isEqualTo("2026-03-01#o1");

    orders.patch(key("o1"), Patch.builder().remove("needsReview").build());
    assertThat(queue()).isEmpty();
    assertThat(stored("o1")).doesNotContainKeys("GSI2PK", "GSI2SK");
  }

  @Test
  void edit_entersAndLeavesTheQueue() {
    orders.put(Shop.order("c42", "o1", "2026-03-01", "NEW", false));

    orders.edit(key("o1"), o -> withReview(o, true));
    assertThat(queue()).containsExactly("o1");

    orders.edit(key("o1"), o -> withReview(o, false));
    assertThat(queue()).isEmpty();
    assertThat(stored("o1")).doesNotContainKeys("GSI2PK", "GSI2SK");
  }

  @Test
  void massOperations_putAllAndEdit_moveItemsInAndOut() {
    MassOperations mass = MassOperations.of(shop.adapter(), client);
    List<Map<String, Object>> items = new java.util.ArrayList<>();
    for (String id : List.of("o1", "o2", "o3")) {
      Map<String, Object> item = new LinkedHashMap<>(orders.primaryKey(key(id)));
      item.putAll(
          Map.of(
              "customerId",
              "c42",
              "orderId",
              id,
              "orderDate",
              "2026-03-01",
              "status",
              "NEW",
              "needsReview",
              !id.equals("o2")));
      items.add(item);
    }
    mass.putAll(items);
    assertThat(queue()).containsExactly("o1", "o3");

    dev.dynakit.core.mass.MassResult edited =
        mass.edit(
            ListOptions.defaults(),
            item -> {
              Map<String, Object> next = new LinkedHashMap<>(item);
              next.put("needsReview", "o2".equals(item.get("orderId")));
              return next;
            },
            MassOptions.defaults());

    assertThat(edited.failed()).isEmpty();
    assertThat(edited.conflicts()).isEmpty();
    assertThat(edited.processed()).isEqualTo(3);
    assertThat(queue()).containsExactly("o2");
  }

  private static Order withReview(Order o, boolean review) {
    return new Order(
        o.customerId(), o.orderId(), o.orderDate(), o.status(), o.total(), review, o.version());
  }
}
