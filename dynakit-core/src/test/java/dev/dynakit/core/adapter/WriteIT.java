package dev.dynakit.core.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynakit.core.InvalidExpressionException;
import dev.dynakit.core.ItemExistsException;
import dev.dynakit.core.ItemNotFoundException;
import dev.dynakit.core.KeyFieldChangedException;
import dev.dynakit.core.MalformedKeyException;
import dev.dynakit.core.TechnicalFieldException;
import dev.dynakit.core.batch.Tables;
import dev.dynakit.core.expr.Cond;
import dev.dynakit.core.schema.TableSpec;
import dev.dynakit.test.DynakitTest;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;

/** Single writes: post, put, patch, delete, with the built-in prepare steps. */
@DynakitTest
class WriteIT {
  DynamoDbClient client;
  Adapter adapter;

  @BeforeEach
  void setUp(DynamoDbClient client) {
    this.client = client;
    this.adapter = Rentals.adapter(client);
  }

  private List<Map<String, AttributeValue>> stored() {
    return Tables.scan(client, Rentals.TABLE);
  }

  @Test
  void post_writesDerivedFields_andReturnsTheItemAsReadWouldReturnIt() {
    Map<String, Object> written = adapter.post(Rentals.car("TX", "Dallas", 42, "free", 30));
    Map<String, AttributeValue> raw = stored().get(0);
    assertThat(raw.get("_sk").s()).isEqualTo("TX|Dallas|00042");
    assertThat(raw.get("kind").s()).isEqualTo("car");
    assertThat(raw.get("_search-name").s()).isEqualTo("tx dallas car 42");
    assertThat(raw.get("_v").n()).isEqualTo("1");
    assertThat(written)
        .containsEntry("kind", "car")
        .containsEntry("_v", new BigDecimal(1))
        .doesNotContainKeys("_sk", "_search-name");
    assertThat(adapter.getByKey(Rentals.key("TX", "Dallas", 42)).orElseThrow())
        .containsEntry("price", new BigDecimal(30))
        .containsEntry("_v", BigDecimal.ONE)
        .doesNotContainKeys("_sk", "_search-name");
  }

  @Test
  void post_upperTiers_getShorterStructuralKeysAndTheirLabels() {
    adapter.post(Map.of("state", "TX"));
    adapter.post(Map.of("state", "TX", "city", "Dallas"));
    assertThat(stored())
        .extracting(item -> item.get("_sk").s() + "=" + item.get("kind").s())
        .containsExactlyInAnyOrder("TX=state", "TX|Dallas=city");
  }

  @Test
  void post_existingKey_failsWithItemExists_andWritesNothing() {
    adapter.post(Rentals.car("TX", "Dallas", 42, "free", 30));
    assertThatThrownBy(() -> adapter.post(Rentals.car("TX", "Dallas", 42, "rented", 99)))
        .isInstanceOf(ItemExistsException.class)
        .hasCauseInstanceOf(ConditionalCheckFailedException.class)
        .satisfies(
            e ->
                assertThat(((ItemExistsException) e).key())
                    .isEqualTo(Rentals.key("TX", "Dallas", 42)));
    assertThat(stored())
        .singleElement()
        .satisfies(item -> assertThat(item.get("status").s()).isEqualTo("free"));
  }

  @Test
  void post_technicalFieldInInput_isRefused_andNothingIsWritten() {
    Map<String, Object> item = new LinkedHashMap<>(Rentals.car("TX", "Dallas", 1, "free", 1));
    item.put("_sk", "forged");
    assertThatThrownBy(() -> adapter.post(item))
        .isInstanceOf(TechnicalFieldException.class)
        .hasMessageContaining("'_sk'");
    assertThat(stored()).isEmpty();
  }

  @Test
  void post_keyWithAGap_isRefused_andNothingIsWritten() {
    assertThatThrownBy(() -> adapter.post(Map.of("state", "TX", "car", 3)))
        .isInstanceOf(MalformedKeyException.class)
        .hasMessageContaining("car");
    assertThatThrownBy(() -> adapter.post(Map.of("state", "TX", "city", "a|b")))
        .isInstanceOf(MalformedKeyException.class);
    assertThat(stored()).isEmpty();
  }

  @Test
  void rawItem_withoutItsStoredKey_isRefused_andNothingIsWritten() {
    assertThatThrownBy(
            () ->
                adapter.post(
                    RawItem.of(Rentals.car("TX", "Dallas", 1, "free", 1)), WriteOptions.defaults()))
        .isInstanceOf(MalformedKeyException.class)
        .hasMessageContaining("_sk");
    assertThat(stored()).isEmpty();
  }

  @Test
  void put_ofAVersionedItem_replacesOnlyTheVersionItCarries() {
    Map<String, Object> missing = new LinkedHashMap<>(Rentals.car("TX", "Dallas", 42, "free", 30));
    missing.put("_v", 1);
    assertThatThrownBy(() -> adapter.put(missing)).isInstanceOf(ItemNotFoundException.class);
    assertThat(stored()).isEmpty();
    adapter.post(Rentals.car("TX", "Dallas", 42, "free", 30));
    Map<String, Object> replacement = new LinkedHashMap<>(Rentals.key("TX", "Dallas", 42));
    replacement.put("status", "rented");
    replacement.put("_v", 1);
    adapter.put(replacement);
    assertThat(adapter.getByKey(Rentals.key("TX", "Dallas", 42)).orElseThrow())
        .containsEntry("status", "rented")
        .doesNotContainKey("price");
  }

  @Test
  void put_overwrite_createsOrReplaces() {
    adapter.put(Rentals.car("TX", "Dallas", 42, "free", 30), WriteOptions.overwriting());
    adapter.put(Rentals.car("TX", "Dallas", 42, "rented", 30), WriteOptions.overwriting());
    assertThat(stored())
        .singleElement()
        .satisfies(item -> assertThat(item.get("status").s()).isEqualTo("rented"));
  }

  @Test
  void put_withACallerCondition_thatFails_passesTheSdkErrorThrough() {
    adapter.post(Rentals.car("TX", "Dallas", 42, "free", 30));
    WriteOptions options =
        WriteOptions.builder().condition(Cond.eq("status", "rented")).expectedVersion(1L).build();
    assertThatThrownBy(() -> adapter.put(Rentals.car("TX", "Dallas", 42, "lost", 1), options))
        .isInstanceOf(ConditionalCheckFailedException.class);
    assertThat(stored())
        .singleElement()
        .satisfies(item -> assertThat(item.get("status").s()).isEqualTo("free"));
  }

  @Test
  void patch_setsRemovesAddsAndAppends_andReturnsTheNewItem() {
    Map<String, Object> car = new LinkedHashMap<>(Rentals.car("TX", "Dallas", 42, "free", 30));
    car.put("tags", List.of("a"));
    car.put("notes", "x");
    adapter.post(car);
    Map<String, Object> after =
        adapter
            .patch(
                Rentals.key("TX", "Dallas", 42),
                Patch.builder()
                    .set("status", "rented")
                    .set("name", "Big Truck")
                    .remove("notes")
                    .add("price", 5)
                    .append("tags", List.of("b"))
                    .build())
            .orElseThrow();
    assertThat(after)
        .containsEntry("status", "rented")
        .containsEntry("price", new BigDecimal(35))
        .containsEntry("tags", List.of("a", "b"))
        .containsEntry("_v", new BigDecimal(2))
        .doesNotContainKey("notes");
    assertThat(stored().get(0).get("_search-name").s()).isEqualTo("big truck");
  }

  @Test
  void patch_nestedPathsWithASeparator() {
    Map<String, Object> car = new LinkedHashMap<>(Rentals.car("TX", "Dallas", 42, "free", 30));
    car.put("specs", Map.of("seats", 4, "fuel", "gas"));
    adapter.post(car);
    adapter.patch(
        Rentals.key("TX", "Dallas", 42),
        Patch.builder().separator("/").set("specs/seats", 7).remove("specs/fuel").build());
    assertThat(adapter.getByKey(Rentals.key("TX", "Dallas", 42)).orElseThrow().get("specs"))
        .isEqualTo(Map.of("seats", new BigDecimal(7)));
  }

  @Test
  void patch_missingItem_failsWithNotFound_andCreatesNothing() {
    assertThatThrownBy(
            () -> adapter.patch(Rentals.key("TX", "Dallas", 42), Patch.of(Map.of("status", "x"))))
        .isInstanceOf(ItemNotFoundException.class);
    assertThat(stored()).isEmpty();
  }

  @Test
  void patch_refusesKeyFieldChanges_ignoresTheVersion_andRefusesTechnicalFields() {
    adapter.post(Rentals.car("TX", "Dallas", 42, "free", 30));
    assertThatThrownBy(
            () ->
                adapter.patch(Rentals.key("TX", "Dallas", 42), Patch.of(Map.of("city", "Austin"))))
        .isInstanceOf(KeyFieldChangedException.class);
    adapter.patch(Rentals.key("TX", "Dallas", 42), Patch.of(Map.of("_v", 99, "status", "rented")));
    Map<String, AttributeValue> raw = stored().get(0);
    assertThat(raw.get("city").s()).isEqualTo("Dallas");
    assertThat(raw.get("_v").n()).isEqualTo("2");
    assertThatThrownBy(
            () ->
                adapter.patch(
                    Rentals.key("TX", "Dallas", 42), Patch.builder().remove("_sk").build()))
        .isInstanceOf(TechnicalFieldException.class);
    assertThat(stored().get(0).get("_v").n()).isEqualTo("2");
  }

  @Test
  void patch_removingASearchableField_removesItsMirror() {
    adapter.post(Rentals.car("TX", "Dallas", 42, "free", 30));
    adapter.patch(Rentals.key("TX", "Dallas", 42), Patch.builder().remove("name").build());
    assertThat(stored().get(0)).doesNotContainKeys("name", "_search-name");
  }

  @Test
  void patch_empty_onATableWithoutVersion_isRefusedBeforeSending() {
    TableSpec spec = TableSpec.builder("plain").keyField("id").build();
    Adapter plain = TestTables.adapterFor(client, spec).build();
    plain.post(Map.of("id", "a", "x", 1));
    assertThatThrownBy(() -> plain.patch(Map.of("id", "a"), Patch.builder().build()))
        .isInstanceOf(InvalidExpressionException.class);
    assertThat(Tables.scan(client, "plain"))
        .singleElement()
        .satisfies(item -> assertThat(item.get("x").n()).isEqualTo("1"));
  }

  @Test
  void delete_removesTheItem_andIsIdempotent() {
    adapter.post(Rentals.car("TX", "Dallas", 42, "free", 30));
    adapter.delete(Rentals.key("TX", "Dallas", 42));
    adapter.delete(Rentals.key("TX", "Dallas", 42));
    assertThat(stored()).isEmpty();
  }

  @Test
  void keys_acceptTheStructuralKeyDirectly_andNumbersAsText() {
    adapter.post(Rentals.car("TX", "Dallas", 42, "free", 30));
    assertThat(adapter.getByKey(Map.of("state", "TX", "_sk", "TX|Dallas|00042"))).isPresent();
    assertThat(adapter.getByKey(Map.of("state", "TX", "city", "Dallas", "car", "42"))).isPresent();
    assertThatThrownBy(
            () ->
                adapter.getByKey(
                    Map.of("state", "TX", "city", "Dallas", "car", 42, "_sk", "TX|Dallas|00041")))
        .isInstanceOf(MalformedKeyException.class);
  }

  @Test
  void codecs_applyOnWriteAndRead() {
    TableSpec spec =
        Rentals.specBuilder()
            .codec("since", dev.dynakit.core.item.FieldCodecs.instantEpochSeconds())
            .build();
    Adapter withCodecs = Adapter.builder(spec, client).build();
    Map<String, Object> car = new LinkedHashMap<>(Rentals.car("TX", "Dallas", 42, "free", 30));
    car.put("since", java.time.Instant.ofEpochSecond(1000));
    withCodecs.post(car);
    assertThat(stored().get(0).get("since").n()).isEqualTo("1000");
    assertThat(withCodecs.getByKey(Rentals.key("TX", "Dallas", 42)).orElseThrow())
        .containsEntry("since", java.time.Instant.ofEpochSecond(1000));
  }
}
