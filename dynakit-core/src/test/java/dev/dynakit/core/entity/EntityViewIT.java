package dev.dynakit.core.entity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynakit.core.DeclarationException;
import dev.dynakit.core.KeyFieldChangedException;
import dev.dynakit.core.MalformedKeyException;
import dev.dynakit.core.adapter.Adapter;
import dev.dynakit.core.adapter.Hooks;
import dev.dynakit.core.adapter.Patch;
import dev.dynakit.core.adapter.WriteContext;
import dev.dynakit.core.entity.Shop.Customer;
import dev.dynakit.core.entity.Shop.Order;
import dev.dynakit.core.entity.Shop.OrderItem;
import dev.dynakit.core.schema.TableSpec;
import dev.dynakit.test.DynakitTest;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Entity views write and read through the Adapter: keys, type field, versions, hooks. */
@DynakitTest
class EntityViewIT {
  static final Map<String, Object> ORDER_KEY =
      Map.of("customerId", "c42", "orderDate", LocalDate.parse("2026-03-01"), "orderId", "o981");

  /** Stamps every written item with who wrote it, as any Adapter hook would. */
  static final Hooks STAMP =
      new Hooks() {
        @Override
        public Map<String, Object> prepare(Map<String, Object> item, WriteContext context) {
          Map<String, Object> stamped = new LinkedHashMap<>(item);
          stamped.put("writtenBy", "hook");
          return stamped;
        }
      };

  DynamoDbClient client;
  EntityTable shop;

  @BeforeEach
  void setUp(DynamoDbClient client) {
    this.client = client;
    shop = Shop.create(client, Shop.SPEC, STAMP);
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
  void put_composesTheKeys_stampsTypeAndVersion_andRunsTheHooks() {
    Order written =
        shop.entity("order", Order.class).put(Shop.order("c42", "o981", "2026-03-01", "NEW", true));

    assertThat(written.version()).isEqualTo(1L);
    Map<String, AttributeValue> item = stored("CUSTOMER#c42", "ORDER#2026-03-01#o981");
    assertThat(item.get("_type").s()).isEqualTo("order");
    assertThat(item.get("_v").n()).isEqualTo("1");
    assertThat(item.get("GSI1PK").s()).isEqualTo("STATUS#NEW");
    assertThat(item.get("GSI1SK").s()).isEqualTo("2026-03-01#o981");
    assertThat(item.get("GSI2PK").s()).isEqualTo("REVIEW");
    assertThat(item.get("orderDate").s()).isEqualTo("2026-03-01");
    assertThat(item.get("writtenBy").s()).isEqualTo("hook");
  }

  @Test
  void get_returnsTheRecordWithCodecs_andTheMapWithTheTypeField() {
    shop.entity("order", Order.class).put(Shop.order("c42", "o981", "2026-03-01", "NEW", false));

    Order order = shop.entity("order", Order.class).get(ORDER_KEY).orElseThrow();
    Map<String, Object> map = shop.entity("order").get(ORDER_KEY).orElseThrow();

    assertThat(order.orderDate()).isEqualTo(LocalDate.parse("2026-03-01"));
    assertThat(order.total()).isEqualByComparingTo("10.5");
    assertThat(map)
        .containsEntry("_type", "order")
        .containsEntry("orderDate", LocalDate.parse("2026-03-01"))
        .containsEntry("_v", BigDecimal.ONE)
        .doesNotContainKeys("PK", "SK", "GSI1PK");
  }

  @Test
  void get_anItemStoredUnderAnotherEntityType_isNotReturnedAsThisEntity() {
    client.putItem(
        b ->
            b.tableName("shop")
                .item(
                    Map.of(
                        "PK", AttributeValue.fromS("CUSTOMER#c1"),
                        "SK", AttributeValue.fromS("PROFILE"),
                        "_type", AttributeValue.fromS("order"))));

    assertThat(shop.entity("customer").get(Map.of("customerId", "c1"))).isEmpty();
  }

  @Test
  void patch_changingAPrimaryKeyField_isRefused_andOtherFieldsMoveTheIndexKeys() {
    EntityView<Order> orders = shop.entity("order", Order.class);
    orders.put(Shop.order("c42", "o981", "2026-03-01", "NEW", false));

    assertThatThrownBy(() -> orders.patch(ORDER_KEY, Patch.of(Map.of("orderId", "o1"))))
        .isInstanceOf(KeyFieldChangedException.class)
        .hasMessageContaining("orderId");
    Order shipped = orders.patch(ORDER_KEY, Patch.of(Map.of("status", "SHIPPED"))).orElseThrow();

    assertThat(shipped.status()).isEqualTo("SHIPPED");
    assertThat(shipped.version()).isEqualTo(2L);
    assertThat(stored("CUSTOMER#c42", "ORDER#2026-03-01#o981").get("GSI1PK").s())
        .isEqualTo("STATUS#SHIPPED");
  }

  @Test
  void edit_changingAPrimaryKeyField_isRefused() {
    EntityView<Order> orders = shop.entity("order", Order.class);
    orders.put(Shop.order("c42", "o981", "2026-03-01", "NEW", false));

    assertThatThrownBy(
            () ->
                orders.edit(
                    ORDER_KEY,
                    o ->
                        new Order(
                            "c43",
                            o.orderId(),
                            o.orderDate(),
                            o.status(),
                            o.total(),
                            o.needsReview(),
                            o.version())))
        .isInstanceOf(KeyFieldChangedException.class)
        .hasMessageContaining("customerId");
    assertThat(orders.get(ORDER_KEY).orElseThrow().customerId()).isEqualTo("c42");
  }

  @Test
  void create_delete_andKeysDecomposeEscapedValues() {
    EntityView<Customer> customers = shop.entity("customer", Customer.class);
    customers.create(new Customer("a#b%c", "Ada", "ada@example.com", "gold", null));

    assertThat(stored("CUSTOMER#a%23b%25c", "PROFILE")).containsKey("name");
    assertThat(customers.get(Map.of("customerId", "a#b%c")).orElseThrow().name()).isEqualTo("Ada");
    customers.delete(Map.of("customerId", "a#b%c"));
    assertThat(customers.get(Map.of("customerId", "a#b%c"))).isEmpty();
  }

  @Test
  void put_aNegativeNumberInAPaddedSlot_isRefusedAndWritesNothing() {
    EntityView<OrderItem> lines = shop.entity("orderItem", OrderItem.class);

    assertThatThrownBy(() -> lines.put(new OrderItem("o981", -1, "sku", 1, BigDecimal.ONE)))
        .isInstanceOf(MalformedKeyException.class)
        .hasMessageContaining("line: -1 is negative");
    assertThat(client.scan(b -> b.tableName("shop")).items()).isEmpty();
  }

  @Test
  void put_aMapReadBack_writesAgain_butAnotherEntitysTypeIsRefused() {
    EntityView<Map<String, Object>> orders = shop.entity("order");
    orders.put(
        new LinkedHashMap<>(
            Map.of(
                "customerId",
                "c42",
                "orderId",
                "o981",
                "orderDate",
                "2026-03-01",
                "status",
                "NEW")));
    Map<String, Object> read = new LinkedHashMap<>(orders.get(ORDER_KEY).orElseThrow());
    read.put("status", "PAID");

    assertThat(orders.put(read))
        .containsEntry("status", "PAID")
        .containsEntry("_v", BigDecimal.valueOf(2));
    read.put("_type", "customer");
    read.put("_v", 2);
    assertThatThrownBy(() -> orders.put(read))
        .isInstanceOf(dev.dynakit.core.TechnicalFieldException.class)
        .hasMessageContaining("the item's type is 'order', not 'customer'");
  }

  @Test
  void keyFields_areTheTemplateFieldsInOrder_andKeyOfReadsThemFromAnItem() {
    EntityView<Order> orders = shop.entity("order", Order.class);

    assertThat(orders.keyFields()).containsExactly("customerId", "orderDate", "orderId");
    assertThat(orders.keyOf(Shop.order("c42", "o981", "2026-03-01", "NEW", false)))
        .containsExactly(
            Map.entry("customerId", "c42"),
            Map.entry("orderDate", "2026-03-01"),
            Map.entry("orderId", "o981"));
    assertThat(shop.entity("vote").keyFields()).containsExactly("itemId", "voter");
  }

  @Test
  void of_aTableWithoutEntities_isRefused() {
    TableSpec plain = TableSpec.builder("plain").keyField("id").build();

    assertThatThrownBy(() -> EntityTable.of(Adapter.builder(plain, client).build()))
        .isInstanceOf(DeclarationException.class)
        .hasMessageContaining("entities: an entity table needs entities");
  }

  @Test
  void entity_unknownName_isNamedWithTheDeclaredOnes() {
    assertThatThrownBy(() -> shop.entity("product"))
        .isInstanceOf(EntityNotDeclaredException.class)
        .hasMessage(
            "table 'shop' declares no entity 'product'; it declares"
                + " [customer, order, orderItem, vote]");
    assertThat(List.of(shop.spec().entities().keySet())).isNotEmpty();
  }
}
