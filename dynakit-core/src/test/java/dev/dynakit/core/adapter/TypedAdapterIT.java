package dev.dynakit.core.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynakit.core.MarshallingException;
import dev.dynakit.core.VersionConflictException;
import dev.dynakit.core.batch.Tables;
import dev.dynakit.core.item.FieldCodecs;
import dev.dynakit.core.schema.KeyField;
import dev.dynakit.core.schema.TableSpec;
import dev.dynakit.test.DynakitTest;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Typed views of an Adapter over records: round trips, versions, edits, lists and refusals. */
@DynakitTest
class TypedAdapterIT {
  enum Status {
    OPEN,
    SHIPPED
  }

  record Line(String sku, int quantity, BigDecimal price) {}

  record Address(String city, String zip) {}

  record Order(
      String customer,
      Integer orderId,
      Status status,
      LocalDate placed,
      BigDecimal total,
      List<Line> lines,
      Address shipTo,
      Optional<String> note,
      Instant due,
      Long version,
      String createdAt) {
    Order withStatus(Status next) {
      return new Order(
          customer, orderId, next, placed, total, lines, shipTo, note, due, version, createdAt);
    }

    Order withVersion(Long next) {
      return new Order(
          customer, orderId, status, placed, total, lines, shipTo, note, due, next, createdAt);
    }
  }

  static final TableSpec SPEC =
      TableSpec.builder("orders")
          .keyFields(KeyField.string("customer"), KeyField.number("orderId", 6))
          .structuralKey("_sk")
          .technicalPrefix("_")
          .versionField("_v")
          .createdAtField("_createdAt")
          .codec("placed", FieldCodecs.localDateIso())
          .build();

  static final Instant DUE = Instant.parse("2026-05-01T12:00:00.123456789Z");

  DynamoDbClient client;
  Adapter adapter;
  TypedAdapter<Order> orders;

  @BeforeEach
  void setUp(DynamoDbClient client) {
    this.client = client;
    adapter =
        TestTables.adapterFor(client, SPEC)
            .hooks(CannedHooks.createdAt("_createdAt", TimeFormat.ISO))
            .build();
    orders =
        TypedAdapter.builder(adapter, Order.class)
            .codec(Instant.class, FieldCodecs.instantIso())
            .build();
  }

  private static Order order(String customer, int id, Status status) {
    return new Order(
        customer,
        id,
        status,
        LocalDate.of(2026, 4, 1),
        new BigDecimal("1234.50"),
        List.of(new Line("A-1", 2, new BigDecimal("99.99")), new Line("B-7", 1, BigDecimal.TEN)),
        new Address("Dallas", "75201"),
        Optional.of("leave at the door"),
        DUE,
        null,
        null);
  }

  private Map<String, AttributeValue> stored(String customer) {
    return Tables.scan(client, "orders").stream()
        .filter(item -> item.get("customer").s().equals(customer))
        .findFirst()
        .orElseThrow();
  }

  @Test
  void post_thenGet_roundTripsDatesEnumsDecimalsNestedRecordsAndLists() {
    Order input = order("ann", 1, Status.OPEN);
    Order written = orders.post(input);
    assertThat(written.version()).isEqualTo(1L);
    assertThat(written.createdAt()).isNotBlank();
    Order expected =
        new Order(
            "ann",
            1,
            Status.OPEN,
            input.placed(),
            input.total(),
            input.lines(),
            input.shipTo(),
            input.note(),
            DUE,
            1L,
            written.createdAt());
    assertThat(written).isEqualTo(expected);
    // DynamoDB keeps a number's value, not its scale: 1234.50 reads back as 1234.5
    assertThat(orders.getByKey(orders.keyOf(input)).orElseThrow())
        .usingRecursiveComparison()
        .withComparatorForType(BigDecimal::compareTo, BigDecimal.class)
        .isEqualTo(expected);
    assertThat(orders.getByKey(orders.keyOf(input)).orElseThrow().total())
        .isEqualTo(new BigDecimal("1234.5"));
    assertThat(orders.getByKey(Map.of("customer", "ann", "orderId", 2))).isEmpty();

    Map<String, AttributeValue> raw = stored("ann");
    assertThat(raw.get("placed").s()).isEqualTo("2026-04-01");
    assertThat(raw.get("status").s()).isEqualTo("OPEN");
    assertThat(raw.get("due").s()).isEqualTo("2026-05-01T12:00:00.123456789Z");
    assertThat(raw.get("lines").l().get(0).m().get("price").n()).isEqualTo("99.99");
    assertThat(raw.get("shipTo").m().get("zip").s()).isEqualTo("75201");
    assertThat(raw).doesNotContainKeys("version", "createdAt").containsKeys("_v", "_createdAt");
  }

  @Test
  void post_ignoresAVersionComponent_andAbsentFieldsBecomeEmptyComponents() {
    Order sparse =
        new Order(
            "bob",
            2,
            Status.OPEN,
            null,
            BigDecimal.ONE,
            null,
            null,
            Optional.empty(),
            null,
            7L,
            null);
    Order written = orders.post(sparse);
    assertThat(written.version()).isEqualTo(1L);
    assertThat(written.note()).isEmpty();
    assertThat(written.lines()).isNull();
    assertThat(stored("bob")).doesNotContainKeys("note", "lines", "placed");
  }

  @Test
  void put_checksTheVersionComponent() {
    Order written = orders.post(order("cid", 3, Status.OPEN));
    Order shipped = orders.put(written.withStatus(Status.SHIPPED));
    assertThat(shipped.version()).isEqualTo(2L);
    assertThat(shipped.status()).isEqualTo(Status.SHIPPED);
    assertThat(shipped.createdAt()).isEqualTo(written.createdAt());
    assertThatThrownBy(() -> orders.put(written.withStatus(Status.OPEN)))
        .isInstanceOf(VersionConflictException.class);
    assertThat(orders.getByKey(orders.keyOf(written)).orElseThrow().status())
        .isEqualTo(Status.SHIPPED);
  }

  @Test
  void patchEditAndDelete_takeAndReturnRecords() {
    Order written = orders.post(order("dee", 4, Status.OPEN));
    adapter.patch(orders.keyOf(written), Patch.of(Map.of("giftWrap", true)));
    Order patched =
        orders.patch(orders.keyOf(written), Patch.of(Map.of("total", 10))).orElseThrow();
    assertThat(patched.total()).isEqualByComparingTo("10");
    assertThat(patched.version()).isEqualTo(3L);

    Order edited =
        orders.edit(orders.keyOf(written), order -> order.withStatus(Status.SHIPPED)).orElseThrow();
    assertThat(edited.status()).isEqualTo(Status.SHIPPED);
    assertThat(edited.version()).isEqualTo(4L);
    // a field the record does not know survives a typed edit
    assertThat(adapter.getByKey(orders.keyOf(written)).orElseThrow())
        .containsEntry("giftWrap", true);

    orders.delete(edited);
    assertThat(orders.getByKey(orders.keyOf(written))).isEmpty();
  }

  @Test
  void lists_returnRecords() {
    orders.post(order("eve", 5, Status.OPEN));
    orders.post(order("eve", 6, Status.SHIPPED));
    orders.post(order("fay", 7, Status.OPEN));
    TypedPage<Order> page = orders.listUnder(Map.of("customer", "eve"), ListOptions.defaults());
    assertThat(page.items()).extracting(Order::orderId).containsExactly(5, 6);
    assertThat(page.total()).isEqualTo(2L);
    TypedPage<Order> first = orders.listByCursor(null, ListOptions.builder().limit(2).build());
    TypedPage<Order> second =
        orders.listByCursor(first.cursor(), ListOptions.builder().limit(2).build());
    assertThat(first.items()).hasSize(2);
    assertThat(first.hasMore()).isTrue();
    assertThat(second.items()).hasSize(1);
    assertThat(
            orders.getByKeys(
                List.of(
                    Map.of("customer", "fay", "orderId", 7),
                    Map.of("customer", "fay", "orderId", 8))))
        .extracting(order -> order == null ? null : order.status())
        .containsExactly(Status.OPEN, null);
  }

  record Untyped(String customer, Integer orderId, Instant due) {}

  record WrongCodecType(String customer, Integer orderId, String placed) {}

  record Technical(String customer, Integer orderId, String _sk) {}

  record Versioned(String customer, Integer orderId, Long revision) {}

  record Primitive(String customer, int orderId, int quantity) {}

  @Test
  void unmappableRecords_areRefusedWhenTheViewIsMade_namingTheComponent() {
    assertThatThrownBy(() -> adapter.typed(Untyped.class))
        .isInstanceOf(MarshallingException.class)
        .hasMessageContaining("Untyped.due")
        .hasMessageContaining("java.time.Instant has no built-in mapping")
        .hasMessageContaining("TypedAdapter.builder(...).codec(type, codec)");
    assertThatThrownBy(() -> adapter.typed(WrongCodecType.class))
        .isInstanceOf(MarshallingException.class)
        .hasMessageContaining("WrongCodecType.placed: is String but the table declares the codec")
        .hasMessageContaining("declare the component as LocalDate");
    assertThatThrownBy(() -> adapter.typed(Technical.class))
        .isInstanceOf(MarshallingException.class)
        .hasMessageContaining("Technical._sk: maps to the technical field '_sk'");
    assertThatThrownBy(
            () -> TypedAdapter.builder(adapter, Versioned.class).component("rev", "_v").build())
        .isInstanceOf(MarshallingException.class)
        .hasMessageContaining("rev: not a component");
  }

  @Test
  void renamedComponents_andPrimitiveComponentsOfMissingFields() {
    TypedAdapter<Versioned> versioned =
        TypedAdapter.builder(adapter, Versioned.class).component("revision", "_v").build();
    assertThat(versioned.post(new Versioned("gus", 8, null)).revision()).isEqualTo(1L);
    TypedAdapter<Primitive> primitive = adapter.typed(Primitive.class);
    assertThatThrownBy(() -> primitive.getByKey(Map.of("customer", "gus", "orderId", 8)))
        .isInstanceOf(MarshallingException.class)
        .hasMessageContaining("Primitive.quantity")
        .hasMessageContaining("primitive int");
  }
}
