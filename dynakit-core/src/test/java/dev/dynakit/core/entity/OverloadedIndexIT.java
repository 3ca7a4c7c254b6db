package dev.dynakit.core.entity;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.core.entity.Shop.Order;
import dev.dynakit.core.schema.AccessPattern;
import dev.dynakit.core.schema.EntitySpec;
import dev.dynakit.core.schema.TableSpec;
import dev.dynakit.test.DynakitTest;
import java.time.LocalDate;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** One GSI whose keys two entities write: each pattern returns what it names, typed. */
@DynakitTest
class OverloadedIndexIT {
  record Shipment(String shipmentId, String status, LocalDate shippedOn) {}

  static final TableSpec SPEC =
      Shop.SPEC.toBuilder()
          .entity(
              EntitySpec.builder("shipment")
                  .field("shipmentId", "string")
                  .field("status", "string")
                  .field("shippedOn", "localDateIso")
                  .key("PK", "SHIPMENT#{shipmentId}")
                  .key("SK", "SHIPMENT")
                  .key("GSI1PK", "STATUS#{status}")
                  .key("GSI1SK", "{shippedOn}#{shipmentId}"))
          .accessPattern(
              AccessPattern.builder("anythingByStatus")
                  .index("GSI1")
                  .partitionKey("GSI1PK", "STATUS#{status}")
                  .returns("order", "shipment"))
          .build();

  EntityTable shop;

  @BeforeEach
  void setUp(DynamoDbClient client) {
    shop = Shop.create(client, SPEC);
    shop.entity("order", Order.class)
        .put(Shop.order("c42", "o981", "2026-03-01", "SHIPPED", false));
    shop.entity("order", Order.class).put(Shop.order("c43", "o7", "2026-03-09", "SHIPPED", false));
    shop.entity("order", Order.class).put(Shop.order("c43", "o8", "2026-03-02", "NEW", false));
    shop.entity("shipment", Shipment.class)
        .put(new Shipment("s1", "SHIPPED", LocalDate.parse("2026-03-05")));
  }

  @Test
  void pattern_overloadedIndex_returnsBothEntitiesTyped_inIndexOrder() {
    PatternPage page = shop.pattern("anythingByStatus", Map.of("status", "SHIPPED"));

    assertThat(page.items())
        .extracting(EntityItem::entity)
        .containsExactly("order", "shipment", "order");
    assertThat(page.first("shipment", Shipment.class))
        .contains(new Shipment("s1", "SHIPPED", LocalDate.parse("2026-03-05")));
    assertThat(page.list("order", Order.class))
        .extracting(Order::orderId)
        .containsExactly("o981", "o7");
  }

  @Test
  void pattern_namingOneEntity_neverReturnsTheOther() {
    PatternPage page = shop.pattern("ordersByStatus", Map.of("status", "SHIPPED"), 1, null);
    PatternPage rest =
        shop.pattern("ordersByStatus", Map.of("status", "SHIPPED"), 5, page.cursor());

    assertThat(page.items()).extracting(EntityItem::entity).containsExactly("order");
    assertThat(rest.items()).extracting(EntityItem::entity).containsExactly("order");
    assertThat(rest.cursor()).isNull();
  }
}
