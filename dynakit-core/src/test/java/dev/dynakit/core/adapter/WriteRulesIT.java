package dev.dynakit.core.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynakit.core.KeyFieldChangedException;
import dev.dynakit.core.MalformedKeyException;
import dev.dynakit.core.MarshallingException;
import dev.dynakit.core.TechnicalFieldException;
import dev.dynakit.core.VersionConflictException;
import dev.dynakit.core.VersionRequiredException;
import dev.dynakit.core.batch.Tables;
import dev.dynakit.test.DynakitTest;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What the Adapter's writes refuse or decide for the caller: versioned puts never replace blindly,
 * a create starts at version 1, key fields and declared types hold, the toolkit's own rows and
 * fields are its own, and a write returns what a read returns.
 */
@DynakitTest
class WriteRulesIT {
  static final Map<String, Object> KEY = Rentals.key("TX", "Dallas", 42);

  DynamoDbClient client;
  Adapter adapter;

  @BeforeEach
  void setUp(DynamoDbClient client) {
    this.client = client;
    adapter = Rentals.adapter(client);
  }

  private List<Map<String, AttributeValue>> all() {
    return Tables.scan(client, Rentals.TABLE);
  }

  private static Map<String, Object> car(String status, int price) {
    return new LinkedHashMap<>(Rentals.car("TX", "Dallas", 42, status, price));
  }

  @Test
  void versionedPut_withoutAVersion_neverReplacesAnExistingItem() {
    adapter.post(car("free", 30));
    assertThatThrownBy(() -> adapter.put(car("rented", 31)))
        .isInstanceOfSatisfying(
            VersionRequiredException.class, e -> assertThat(e.key()).containsEntry("car", 42));
    assertThat(all())
        .singleElement()
        .satisfies(item -> assertThat(item.get("_v").n()).isEqualTo("1"));
    Map<String, Object> versioned = car("rented", 31);
    versioned.put("_v", 1);
    assertThat(adapter.put(versioned)).containsEntry("_v", new BigDecimal(2));
    assertThat(adapter.put(car("free", 32), WriteOptions.builder().expectedVersion(2L).build()))
        .containsEntry("_v", new BigDecimal(3));
    assertThat(adapter.put(car("free", 33), WriteOptions.overwriting()))
        .containsEntry("price", new BigDecimal(33));
  }

  @Test
  void versionedPut_withoutAVersion_createsANewItem() {
    Map<String, Object> written = adapter.put(car("free", 30));
    assertThat(written).containsEntry("_v", BigDecimal.ONE);
    assertThat(adapter.getByKey(KEY)).contains(written);
  }

  @Test
  void overwritingPut_withoutAVersion_continuesTheStoredVersion() {
    adapter.post(car("free", 30));
    adapter.patch(KEY, Patch.of(Map.of("price", 31)));
    Map<String, Object> forced = adapter.put(car("rented", 32), WriteOptions.overwriting());
    assertThat(forced).containsEntry("_v", new BigDecimal(3));
    assertThatThrownBy(
            () ->
                adapter.patch(KEY, Patch.of(Map.of("price", 1)), WriteOptions.expectingVersion(1)))
        .isInstanceOf(VersionConflictException.class);
    assertThat(all().get(0).get("price").n()).isEqualTo("32");
  }

  @Test
  void post_carryingAVersion_startsAtVersionOne() {
    Map<String, Object> item = car("free", 30);
    item.put("_v", 7);
    assertThat(adapter.post(item)).containsEntry("_v", BigDecimal.ONE);
    assertThat(all().get(0).get("_v").n()).isEqualTo("1");
  }

  @Test
  void patch_changingAKeyField_isRefused() {
    adapter.post(car("free", 30));
    assertThatThrownBy(() -> adapter.patch(KEY, Patch.of(Map.of("city", "Austin"))))
        .isInstanceOfSatisfying(
            KeyFieldChangedException.class, e -> assertThat(e.fields()).containsExactly("city"));
    assertThat(all().get(0).get("_v").n()).isEqualTo("1");
    // naming a key field with the value it has changes nothing and is allowed
    assertThat(adapter.patch(KEY, Patch.of(Map.of("city", "Dallas", "price", 31))).orElseThrow())
        .containsEntry("price", new BigDecimal(31));
  }

  @Test
  void aFilterableFieldDeclaredAsANumber_refusesTextOnEveryWrite() {
    adapter.post(car("free", 30));
    Map<String, Object> cheap = car("free", 30);
    cheap.put("price", "cheap");
    assertThatThrownBy(() -> adapter.put(cheap, WriteOptions.overwriting()))
        .isInstanceOf(MarshallingException.class)
        .hasMessageContaining("price")
        .hasMessageContaining("cheap");
    assertThatThrownBy(() -> adapter.patch(KEY, Patch.of(Map.of("price", "cheap"))))
        .isInstanceOf(MarshallingException.class);
    assertThat(all().get(0).get("price").n()).isEqualTo("30");
  }

  @Test
  void theResultOfEveryWrite_equalsWhatAReadReturns() {
    Map<String, Object> posted = adapter.post(car("free", 30));
    assertThat(posted).isEqualTo(adapter.getByKey(KEY).orElseThrow());
    assertThat(posted.get("_v")).isInstanceOf(BigDecimal.class);
    Map<String, Object> put = adapter.put(posted);
    assertThat(put).isEqualTo(adapter.getByKey(KEY).orElseThrow());
    Map<String, Object> patched = adapter.patch(KEY, Patch.of(Map.of("price", 31))).orElseThrow();
    assertThat(patched).isEqualTo(adapter.getByKey(KEY).orElseThrow());
    Map<String, Object> edited =
        adapter
            .edit(
                KEY,
                item -> {
                  item.put("price", 32);
                  return item;
                })
            .orElseThrow();
    assertThat(edited).isEqualTo(adapter.getByKey(KEY).orElseThrow());
  }

  @Test
  void theDescriptorRow_cannotBeWrittenOrDeletedThroughTheAdapter() {
    Map<String, AttributeValue> descriptor =
        Map.of(
            "state", AttributeValue.fromS("__descriptor"),
            "_sk", AttributeValue.fromS("__descriptor"),
            "_spec", AttributeValue.fromS("{}"));
    client.putItem(b -> b.tableName(Rentals.TABLE).item(descriptor));
    Map<String, Object> key = Map.of("state", "__descriptor");
    assertThatThrownBy(() -> adapter.delete(key)).isInstanceOf(MalformedKeyException.class);
    assertThatThrownBy(
            () -> adapter.put(Map.of("state", "__descriptor"), WriteOptions.overwriting()))
        .isInstanceOf(MalformedKeyException.class)
        .hasMessageContaining("descriptor");
    assertThatThrownBy(() -> adapter.patch(key, Patch.of(Map.of("note", "x"))))
        .isInstanceOf(MalformedKeyException.class);
    assertThatThrownBy(
            () ->
                adapter.put(
                    RawItem.of(Map.of("state", "__descriptor", "_sk", "__descriptor")),
                    WriteOptions.overwriting()))
        .isInstanceOf(MalformedKeyException.class);
    assertThat(all()).containsExactly(descriptor);
  }

  @Test
  void theTypeField_isDerivedAndCannotBeOverwritten() {
    Map<String, Object> disguised = car("free", 30);
    disguised.put("kind", "state");
    assertThatThrownBy(() -> adapter.post(disguised))
        .isInstanceOf(TechnicalFieldException.class)
        .hasMessageContaining("kind");
    Map<String, Object> honest = car("free", 30);
    honest.put("kind", "car");
    adapter.post(honest);
    assertThatThrownBy(() -> adapter.patch(KEY, Patch.of(Map.of("kind", "state"))))
        .isInstanceOf(TechnicalFieldException.class);
    assertThat(all().get(0).get("kind").s()).isEqualTo("car");
  }

  @Test
  void keyValuesOfTheWrongDeclaredType_areRefused() {
    Map<String, Object> numericState = car("free", 30);
    numericState.put("state", 5);
    assertThatThrownBy(() -> adapter.post(numericState))
        .isInstanceOfSatisfying(
            MalformedKeyException.class, e -> assertThat(e.field()).isEqualTo("state"));
    Map<String, Object> textCar = car("free", 30);
    textCar.put("car", "42");
    assertThatThrownBy(() -> adapter.post(textCar)).isInstanceOf(MalformedKeyException.class);
    assertThatThrownBy(() -> adapter.delete(Map.of("state", 5)))
        .isInstanceOf(MalformedKeyException.class);
    assertThat(all()).isEmpty();
  }
}
