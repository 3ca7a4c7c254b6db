package dev.dynakit.core.schema;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The repository's single-table example loads as written, with every part of its meaning. */
class ShopDeclarationTest {
  static final Path SHOP = Path.of("..", "examples", "specs", "shop.json");

  @Test
  void fromJson_shop_loadsGenericKeysEntitiesAndPatterns() {
    TableSpec shop = TableSpec.fromJson(SHOP);

    assertThat(shop.genericKeys()).isTrue();
    assertThat(shop.primaryKeyNames()).containsExactly("PK", "SK");
    assertThat(shop.keyEncoder()).isNull();
    assertThat(shop.typeField()).isEqualTo("_type");
    assertThat(shop.entities()).containsOnlyKeys("customer", "order", "orderItem", "vote");
    EntitySpec order = shop.entity("order").orElseThrow();
    assertThat(order.fields()).containsEntry("orderDate", "localDateIso");
    assertThat(order.codecs()).containsOnlyKeys("orderDate");
    assertThat(order.keys().get("SK").source()).isEqualTo("ORDER#{orderDate}#{orderId}");
    assertThat(order.keys().get("GSI2PK").when())
        .isEqualTo(SparseCondition.eq("needsReview", true));
    assertThat(shop.entity("orderItem").orElseThrow().keys().get("SK").parts())
        .containsExactly(new KeyTemplate.Literal("ITEM#"), new KeyTemplate.Slot("line", 4));
    assertThat(shop.entity("vote").orElseThrow().shards()).isEqualTo(ShardSpec.by(10, "voter"));

    AccessPattern recent = shop.accessPatterns().get("recentOrdersOfCustomer");
    assertThat(recent.partitionAttribute()).isEqualTo("PK");
    assertThat(recent.sortKey()).isEqualTo(SortCondition.of("SK", SortOp.BEGINS_WITH, "ORDER#"));
    assertThat(recent.descending()).isTrue();
    assertThat(recent.returns()).containsExactly("order");
    assertThat(shop.accessPatterns().get("ordersByStatus").index()).isEqualTo("GSI1");
    assertThat(shop.accessPatterns().get("voteCount").counts()).isTrue();
    assertThat(shop.accessPatterns().get("votersOfItem").sharded()).isTrue();
    assertThat(shop.accessPatterns().get("customerWithOrders").parameters())
        .isEqualTo(List.of("customerId"));
  }

  @Test
  void builder_equalsTheFileInPower() {
    TableSpec built =
        TableSpec.builder("shop")
            .partitionKey("PK")
            .sortKey("SK")
            .technicalPrefix("_")
            .typeField("_type")
            .index(IndexSpec.global("GSI1").partitionKey("GSI1PK").sortKey("GSI1SK").build())
            .entity(
                EntitySpec.builder("customer")
                    .field("customerId", "string")
                    .key("PK", "CUSTOMER#{customerId}")
                    .key("SK", "PROFILE"))
            .entity(
                EntitySpec.builder("order")
                    .field("customerId", "string")
                    .field("orderId", "string")
                    .field("status", "string")
                    .key("PK", "CUSTOMER#{customerId}")
                    .key("SK", "ORDER#{orderId}")
                    .key("GSI1PK", "STATUS#{status}")
                    .key(
                        "GSI1SK",
                        KeyTemplate.of("{orderId}").when(SparseCondition.exists("status"))))
            .accessPattern(
                AccessPattern.builder("ordersByStatus")
                    .index("GSI1")
                    .partitionKey("GSI1PK", "STATUS#{status}")
                    .returns("order"))
            .build();

    assertThat(built.entities()).containsOnlyKeys("customer", "order");
    assertThat(built.accessPatterns().get("ordersByStatus").parameters()).containsExactly("status");
  }

  @Test
  void toJson_shop_readsBackToTheSameDeclaration() {
    TableSpec shop = TableSpec.fromJson(SHOP);

    String written = shop.toJson();

    assertThat(TableSpec.fromJson(written).toJson()).isEqualTo(written);
    TableSpec again = TableSpec.fromJson(written);
    shop.entities()
        .forEach(
            (name, entity) -> {
              assertThat(again.entity(name).orElseThrow().keys()).isEqualTo(entity.keys());
              assertThat(again.entity(name).orElseThrow().fields()).isEqualTo(entity.fields());
              assertThat(again.entity(name).orElseThrow().shards()).isEqualTo(entity.shards());
            });
  }
}
