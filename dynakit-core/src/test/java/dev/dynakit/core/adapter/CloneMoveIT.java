package dev.dynakit.core.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynakit.core.ItemExistsException;
import dev.dynakit.core.VersionConflictException;
import dev.dynakit.core.batch.Tables;
import dev.dynakit.test.DynakitTest;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Clone and move of one item. */
@DynakitTest
class CloneMoveIT {
  static final Map<String, Object> SOURCE = Rentals.key("TX", "Dallas", 1);
  static final Map<String, Object> TARGET = Rentals.key("TX", "Austin", 7);

  DynamoDbClient client;
  Adapter adapter;

  @BeforeEach
  void setUp(DynamoDbClient client) {
    this.client = client;
    adapter = Rentals.adapter(client);
    adapter.post(Rentals.car("TX", "Dallas", 1, "free", 10));
    adapter.patch(SOURCE, Patch.of(Map.of("price", 11)));
  }

  private static UnaryOperator<Map<String, Object>> to(Map<String, Object> key) {
    return item -> {
      item.putAll(key);
      return item;
    };
  }

  private List<Map<String, AttributeValue>> stored() {
    return Tables.scan(client, Rentals.TABLE);
  }

  @Test
  void clone_writesANewItemAtTheMappedKey() {
    Map<String, Object> copy = adapter.clone(SOURCE, to(TARGET)).orElseThrow();
    assertThat(copy).containsEntry("city", "Austin").containsEntry("_v", new BigDecimal(1));
    assertThat(stored()).hasSize(2);
    assertThat(adapter.getByKey(TARGET).orElseThrow())
        .containsEntry("price", new BigDecimal(11))
        .containsEntry("kind", "car");
    assertThat(
            stored().stream()
                .filter(item -> item.get("_sk").s().equals("TX|Austin|00007"))
                .findFirst()
                .orElseThrow()
                .get("_search-name")
                .s())
        .isEqualTo("tx dallas car 1");
  }

  @Test
  void clone_ontoAnExistingItem_needsOverwrite() {
    adapter.clone(SOURCE, to(TARGET));
    assertThatThrownBy(() -> adapter.clone(SOURCE, to(TARGET)))
        .isInstanceOf(ItemExistsException.class);
    adapter.patch(SOURCE, Patch.of(Map.of("price", 12)));
    adapter.clone(SOURCE, to(TARGET), WriteOptions.overwriting());
    assertThat(adapter.getByKey(TARGET).orElseThrow()).containsEntry("price", new BigDecimal(12));
  }

  @Test
  void clone_missingSourceOrNullMapping_isEmpty() {
    assertThat(adapter.clone(Rentals.key("TX", "Dallas", 9), to(TARGET))).isEmpty();
    assertThat(adapter.clone(SOURCE, item -> null)).isEmpty();
    assertThat(stored()).hasSize(1);
  }

  @Test
  void move_writesTheNewItemAndDeletesTheSource_inOneTransaction() {
    List<RequestEvent> events = new java.util.ArrayList<>();
    Adapter watched = Adapter.builder(Rentals.spec(), client).listener(events::add).build();
    Map<String, Object> moved = watched.move(SOURCE, to(TARGET)).orElseThrow();
    assertThat(moved).containsEntry("city", "Austin");
    assertThat(stored())
        .singleElement()
        .satisfies(item -> assertThat(item.get("_sk").s()).isEqualTo("TX|Austin|00007"));
    assertThat(events)
        .extracting(RequestEvent::operation)
        .containsExactly("GetItem", "TransactWriteItems");
  }

  @Test
  void move_ontoAnExistingItem_isRefused_andNothingChanges() {
    adapter.post(Rentals.car("TX", "Austin", 7, "taken", 1));
    assertThatThrownBy(() -> adapter.move(SOURCE, to(TARGET)))
        .isInstanceOf(ItemExistsException.class);
    assertThat(stored()).hasSize(2);
    assertThat(adapter.getByKey(TARGET).orElseThrow()).containsEntry("status", "taken");
    assertThat(adapter.getByKey(SOURCE)).isPresent();
  }

  @Test
  void move_withAStaleExpectedVersion_isRefused() {
    assertThatThrownBy(() -> adapter.move(SOURCE, to(TARGET), WriteOptions.expectingVersion(1)))
        .isInstanceOf(VersionConflictException.class);
    adapter.move(SOURCE, to(TARGET), WriteOptions.expectingVersion(2));
    assertThat(adapter.getByKey(SOURCE)).isEmpty();
  }

  @Test
  void cloneOrMove_toTheSameKey_isRefused_evenOverwriting_andKeepsTheVersion() {
    adapter.patch(SOURCE, Patch.of(Map.of("status", "patched")));
    String version = stored().get(0).get("_v").n();
    assertThat(version).isNotEqualTo("1");
    assertThatThrownBy(() -> adapter.move(SOURCE, item -> item))
        .isInstanceOf(ItemExistsException.class);
    UnaryOperator<Map<String, Object>> inPlace =
        item -> {
          item.put("status", "moved in place");
          return item;
        };
    assertThatThrownBy(() -> adapter.move(SOURCE, inPlace, WriteOptions.overwriting()))
        .isInstanceOf(ItemExistsException.class)
        .hasMessageContaining("itself");
    assertThatThrownBy(() -> adapter.clone(SOURCE, inPlace, WriteOptions.overwriting()))
        .isInstanceOf(ItemExistsException.class);
    assertThat(stored())
        .singleElement()
        .satisfies(
            item -> {
              assertThat(item.get("status").s()).isEqualTo("patched");
              assertThat(item.get("_v").n()).isEqualTo(version);
            });
  }

  @Test
  void edit_withAllowedKeyChange_moves() {
    Map<String, Object> moved =
        adapter
            .edit(SOURCE, to(TARGET), WriteOptions.builder().allowKeyChange().build())
            .orElseThrow();
    assertThat(moved).containsEntry("city", "Austin");
    assertThat(stored())
        .singleElement()
        .satisfies(item -> assertThat(item.get("_sk").s()).isEqualTo("TX|Austin|00007"));
  }
}
