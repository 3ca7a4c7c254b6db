package dev.dynakit.core.entity;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.core.entity.Shop.Customer;
import dev.dynakit.core.entity.Shop.Order;
import dev.dynakit.core.entity.Shop.OrderItem;
import dev.dynakit.core.schema.AccessPattern;
import dev.dynakit.core.schema.EntitySpec;
import dev.dynakit.core.schema.TableSpec;
import dev.dynakit.test.DynakitTest;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** Item collections: several entity types in one partition, read in one Query, typed, in order. */
@DynakitTest
class CollectionIT {
  record Address(String customerId, String addressId, String city) {}

  /** The shop with a third entity in the customer's partition and a pattern returning all three. */
  static final TableSpec SPEC =
      Shop.SPEC.toBuilder()
          .entity(
              EntitySpec.builder("address")
                  .field("customerId", "string")
                  .field("addressId", "string")
                  .field("city", "string")
                  .key("PK", "CUSTOMER#{customerId}")
                  .key("SK", "ADDRESS#{addressId}"))
          .accessPattern(
              AccessPattern.builder("customerEverything")
                  .partitionKey("PK", "CUSTOMER#{customerId}")
                  .returns("customer", "order", "address"))
          .build();

  EntityTable shop;

  @BeforeEach
  void setUp(DynamoDbClient client) {
    shop = Shop.create(client, SPEC);
    shop.entity("customer", Customer.class)
        .put(new Customer("c42", "Ada", "ada@example.com", "gold", null));
    shop.entity("customer", Customer.class)
        .put(new Customer("c43", "Bob", "bob@example.com", "free", null));
    EntityView<Order> orders = shop.entity("order", Order.class);
    orders.put(Shop.order("c42", "o1002", "2026-03-14", "SHIPPED", false));
    orders.put(Shop.order("c42", "o981", "2026-03-01", "NEW", false));
    orders.put(Shop.order("c43", "o5", "2026-02-01", "NEW", false));
    shop.entity("address", Address.class).put(new Address("c42", "home", "Austin"));
  }

  @Test
  void pattern_threeEntityTypes_returnsEachTyped_inSortKeyOrder() {
    PatternPage page = shop.pattern("customerEverything", Map.of("customerId", "c42"));

    assertThat(page.items())
        .extracting(EntityItem::entity)
        .containsExactly("address", "order", "order", "customer");
    assertThat(page.first("address", Address.class)).contains(new Address("c42", "home", "Austin"));
    assertThat(page.list("order", Order.class))
        .extracting(Order::orderId)
        .containsExactly("o981", "o1002");
    assertThat(page.first("customer", Customer.class).orElseThrow().name()).isEqualTo("Ada");
    assertThat(page.items().get(0).fields()).containsEntry("_type", "address");
    assertThat(page.cursor()).isNull();
  }

  @Test
  void pattern_customerWithOrders_groupsTheCustomerAndItsOrders_only() {
    PatternPage page = shop.pattern("customerWithOrders", Map.of("customerId", "c42"));

    assertThat(page.first("customer", Customer.class).orElseThrow().customerId()).isEqualTo("c42");
    assertThat(page.list("order", Order.class)).hasSize(2);
    assertThat(page.of("address")).isEmpty();
  }

  @Test
  void pattern_recentOrders_readsBackwards_andPagesWithACursor() {
    PatternPage first =
        shop.pattern("recentOrdersOfCustomer", Map.of("customerId", "c42"), 1, null);
    PatternPage second =
        shop.pattern("recentOrdersOfCustomer", Map.of("customerId", "c42"), 1, first.cursor());

    assertThat(first.list("order", Order.class))
        .extracting(Order::orderId)
        .containsExactly("o1002");
    assertThat(second.list("order", Order.class))
        .extracting(Order::orderId)
        .containsExactly("o981");
    assertThat(
            shop.pattern("recentOrdersOfCustomer", Map.of("customerId", "c42"), 1, second.cursor())
                .items())
        .isEmpty();
  }

  @Test
  void pattern_itemsOfOrder_ordersPaddedLinesNumerically() {
    EntityView<OrderItem> lines = shop.entity("orderItem", OrderItem.class);
    for (int line : List.of(10, 2, 1, 100)) {
      lines.put(new OrderItem("o981", line, "sku" + line, 1, BigDecimal.TEN));
    }

    PatternPage page = shop.pattern("itemsOfOrder", Map.of("orderId", "o981"));

    assertThat(page.list("orderItem", OrderItem.class))
        .extracting(OrderItem::line)
        .containsExactly(1, 2, 10, 100);
  }
}
