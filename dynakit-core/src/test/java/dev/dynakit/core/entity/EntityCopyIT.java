package dev.dynakit.core.entity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynakit.core.ItemExistsException;
import dev.dynakit.core.adapter.Patch;
import dev.dynakit.core.adapter.WriteOptions;
import dev.dynakit.core.entity.Shop.Customer;
import dev.dynakit.core.entity.Shop.Order;
import dev.dynakit.core.entity.internal.EntityItems;
import dev.dynakit.test.DynakitTest;
import java.time.LocalDate;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Entity clone and move through the Adapter's copy: keys, index attributes and type derived for the
 * new item, version restarted, existing targets refused, a move atomic.
 */
@DynakitTest
class EntityCopyIT {
  static final Map<String, Object> ORDER_KEY = EntityViewIT.ORDER_KEY;
  static final Map<String, Object> COPY_KEY =
      Map.of("customerId", "c42", "orderDate", LocalDate.parse("2026-03-01"), "orderId", "o982");

  DynamoDbClient client;
  EntityTable shop;
  EntityView<Order> orders;

  @BeforeEach
  void setUp(DynamoDbClient client) {
    this.client = client;
    shop = Shop.create(client, Shop.SPEC, EntityViewIT.STAMP);
    orders = shop.entity("order", Order.class);
    orders.put(Shop.order("c42", "o981", "2026-03-01", "NEW", true));
    orders.patch(ORDER_KEY, Patch.of(Map.of("status", "SHIPPED"))); // version 2
  }

  private Map<String, AttributeValue> stored(String pk, String sk) {
    return client
        .getItem(
            b ->
                b.tableName("shop")
                    .key(Map.of("PK", AttributeValue.fromS(pk), "SK", AttributeValue.fromS(sk))))
        .item();
  }

  @Test
  void clone_composesTheNewKeys_derivesIndexAttributesAndType_andStartsAtVersion1() {
    Order copy =
        orders
            .clone(
                ORDER_KEY,
                Map.of("orderId", "o982", "orderDate", "2026-04-02", "needsReview", false))
            .orElseThrow();

    assertThat(copy.orderId()).isEqualTo("o982");
    assertThat(copy.orderDate()).isEqualTo(LocalDate.parse("2026-04-02"));
    assertThat(copy.status()).isEqualTo("SHIPPED");
    assertThat(copy.version()).isEqualTo(1L);
    Map<String, AttributeValue> item = stored("CUSTOMER#c42", "ORDER#2026-04-02#o982");
    assertThat(item.get("_type").s()).isEqualTo("order");
    assertThat(item.get("_v").n()).isEqualTo("1");
    assertThat(item.get("GSI1PK").s()).isEqualTo("STATUS#SHIPPED");
    assertThat(item.get("GSI1SK").s()).isEqualTo("2026-04-02#o982");
    assertThat(item).doesNotContainKeys("GSI2PK", "GSI2SK"); // left the sparse review queue
    assertThat(item.get("writtenBy").s()).isEqualTo("hook");
    Map<String, AttributeValue> source = stored("CUSTOMER#c42", "ORDER#2026-03-01#o981");
    assertThat(source.get("GSI2PK").s()).isEqualTo("REVIEW");
    assertThat(source.get("_v").n()).isEqualTo("2");
  }

  @Test
  void clone_ontoAnExistingItem_isRefused_unlessOverwriting() {
    orders.put(Shop.order("c42", "o982", "2026-03-01", "NEW", false));

    assertThatThrownBy(() -> orders.clone(ORDER_KEY, Map.of("orderId", "o982")))
        .isInstanceOf(ItemExistsException.class);
    assertThat(orders.get(COPY_KEY).orElseThrow().status()).isEqualTo("NEW");

    Order replaced =
        orders
            .clone(ORDER_KEY, Map.of("orderId", "o982"), WriteOptions.overwriting())
            .orElseThrow();
    assertThat(replaced.status()).isEqualTo("SHIPPED");
    assertThat(stored("CUSTOMER#c42", "ORDER#2026-03-01#o982").get("GSI2PK").s())
        .isEqualTo("REVIEW");
  }

  @Test
  void clone_ontoItself_isRefused_evenOverwriting() {
    assertThatThrownBy(
            () -> orders.clone(ORDER_KEY, Map.of("status", "LOST"), WriteOptions.overwriting()))
        .isInstanceOf(ItemExistsException.class)
        .hasMessageContaining("would land on the item itself");
    assertThat(orders.get(ORDER_KEY).orElseThrow().version()).isEqualTo(2L);
  }

  @Test
  void clone_ofAMissingItem_orAnItemOfAnotherEntity_isEmpty() {
    assertThat(orders.clone(COPY_KEY, Map.of("orderId", "o983"))).isEmpty();
    client.putItem(
        b ->
            b.tableName("shop")
                .item(
                    Map.of(
                        "PK", AttributeValue.fromS("CUSTOMER#c1"),
                        "SK", AttributeValue.fromS("PROFILE"),
                        "_type", AttributeValue.fromS("order"))));

    assertThat(
            shop.entity("customer").clone(Map.of("customerId", "c1"), Map.of("customerId", "c2")))
        .isEmpty();
    assertThat(stored("CUSTOMER#c2", "PROFILE")).isEmpty();
  }

  @Test
  void clone_aNullOverride_removesTheField() {
    EntityView<Customer> customers = shop.entity("customer", Customer.class);
    customers.create(new Customer("c42", "Ada", "ada@example.com", "gold", null));
    Map<String, Object> overrides = new HashMap<>();
    overrides.put("customerId", "c43");
    overrides.put("email", null);

    Customer copy = customers.clone(Map.of("customerId", "c42"), overrides).orElseThrow();

    assertThat(copy.email()).isNull();
    assertThat(copy.name()).isEqualTo("Ada");
    assertThat(stored("CUSTOMER#c43", "PROFILE")).doesNotContainKey("email");
  }

  @Test
  void move_writesTheCopyAndDeletesTheSource() {
    Order moved = orders.move(ORDER_KEY, Map.of("orderId", "o982")).orElseThrow();

    assertThat(moved.orderId()).isEqualTo("o982");
    assertThat(moved.version()).isEqualTo(1L);
    assertThat(orders.get(ORDER_KEY)).isEmpty();
    assertThat(orders.get(COPY_KEY).orElseThrow().status()).isEqualTo("SHIPPED");
    assertThat(stored("CUSTOMER#c42", "ORDER#2026-03-01#o982").get("GSI1SK").s())
        .isEqualTo("2026-03-01#o982");
  }

  @Test
  void move_ontoAnExistingItem_isRefused_andLeavesBothItems() {
    orders.put(Shop.order("c42", "o982", "2026-03-01", "NEW", false));

    assertThatThrownBy(() -> orders.move(ORDER_KEY, Map.of("orderId", "o982")))
        .isInstanceOf(ItemExistsException.class);

    assertThat(orders.get(ORDER_KEY).orElseThrow().status()).isEqualTo("SHIPPED");
    assertThat(orders.get(COPY_KEY).orElseThrow().status()).isEqualTo("NEW");
  }

  @Test
  void move_atAStaleExpectedVersion_writesNothing() {
    assertThatThrownBy(
            () ->
                orders.move(
                    ORDER_KEY,
                    Map.of("orderId", "o982"),
                    WriteOptions.builder().expectedVersion(1L).build()))
        .isInstanceOf(dev.dynakit.core.VersionConflictException.class);

    assertThat(orders.get(ORDER_KEY)).isPresent();
    assertThat(orders.get(COPY_KEY)).isEmpty();
  }

  @Test
  void move_ofAShardedItem_landsInTheShardOfItsNewField() {
    EntityView<Map<String, Object>> votes = shop.entity("vote");
    votes.put(new HashMap<>(Map.of("itemId", "item42", "voter", "v001")));

    votes.move(Map.of("itemId", "item42", "voter", "v001"), Map.of("voter", "v002")).orElseThrow();

    Integer shard =
        EntityItems.shardFor(shop.spec().entity("vote").orElseThrow(), Map.of("voter", "v002"));
    assertThat(stored("VOTES#item42#" + shard, "VOTER#v002")).containsKey("_type");
    assertThat(votes.get(Map.of("itemId", "item42", "voter", "v001"))).isEmpty();
  }
}
