package dev.dynakit.core.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynakit.core.ItemNotFoundException;
import dev.dynakit.core.VersionConflictException;
import dev.dynakit.core.batch.Tables;
import dev.dynakit.test.DynakitTest;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Optimistic concurrency with the version field. */
@DynakitTest
class VersioningIT {
  static final Map<String, Object> KEY = Rentals.key("TX", "Dallas", 42);

  DynamoDbClient client;
  Adapter adapter;

  @BeforeEach
  void setUp(DynamoDbClient client) {
    this.client = client;
    this.adapter = Rentals.adapter(client);
  }

  private Map<String, AttributeValue> stored() {
    return Tables.scan(client, Rentals.TABLE).get(0);
  }

  private Map<String, Object> read() {
    return adapter.getByKey(KEY).orElseThrow();
  }

  @Test
  void writes_startAtOne_andBumpByOne() {
    adapter.post(Rentals.car("TX", "Dallas", 42, "free", 30));
    assertThat(read()).containsEntry("_v", BigDecimal.ONE);
    Map<String, Object> item = read();
    item.put("status", "rented");
    assertThat(adapter.put(item)).containsEntry("_v", new BigDecimal(2));
    assertThat(adapter.patch(KEY, Patch.of(Map.of("price", 1))).orElseThrow())
        .containsEntry("_v", new BigDecimal(3));
    assertThat(stored().get("_v").n()).isEqualTo("3");
  }

  @Test
  void put_withAStaleVersion_isAConflict_andChangesNothing() {
    adapter.post(Rentals.car("TX", "Dallas", 42, "free", 30));
    Map<String, Object> mine = read();
    Map<String, Object> theirs = read();
    theirs.put("status", "rented");
    adapter.put(theirs);
    mine.put("status", "lost");
    assertThatThrownBy(() -> adapter.put(mine))
        .isInstanceOfSatisfying(
            VersionConflictException.class,
            e -> {
              assertThat(e.key())
                  .isEqualTo(Map.of("state", "TX", "city", "Dallas", "car", new BigDecimal(42)));
              assertThat(e.expectedVersion()).isEqualTo(1);
              assertThat(e.actualVersion()).isEqualTo(2L);
            });
    assertThat(stored().get("status").s()).isEqualTo("rented");
    assertThat(stored().get("_v").n()).isEqualTo("2");
  }

  @Test
  void put_overwrite_ignoresTheCarriedVersion_butHonoursAnExpectedOne() {
    adapter.post(Rentals.car("TX", "Dallas", 42, "free", 30));
    Map<String, Object> stale = new LinkedHashMap<>(Rentals.car("TX", "Dallas", 42, "x", 1));
    stale.put("_v", 7);
    assertThat(adapter.put(stale, WriteOptions.overwriting()))
        .containsEntry("_v", new BigDecimal(8));
    WriteOptions expecting = WriteOptions.builder().overwrite().expectedVersion(3L).build();
    assertThatThrownBy(() -> adapter.put(Rentals.car("TX", "Dallas", 42, "y", 1), expecting))
        .isInstanceOf(VersionConflictException.class);
    assertThat(stored().get("status").s()).isEqualTo("x");
    adapter.put(Rentals.car("TX", "Austin", 1, "new", 1), expecting);
    assertThat(adapter.getByKey(Rentals.key("TX", "Austin", 1)).orElseThrow())
        .containsEntry("_v", new BigDecimal(4));
  }

  @Test
  void patch_withAnExpectedVersion_requiresTheItem_andNeverCreatesAPartialOne() {
    assertThatThrownBy(
            () ->
                adapter.patch(
                    KEY, Patch.of(Map.of("status", "x")), WriteOptions.expectingVersion(1)))
        .isInstanceOf(ItemNotFoundException.class);
    assertThat(Tables.scan(client, Rentals.TABLE)).isEmpty();
    adapter.post(Rentals.car("TX", "Dallas", 42, "free", 30));
    assertThatThrownBy(
            () ->
                adapter.patch(
                    KEY, Patch.of(Map.of("status", "x")), WriteOptions.expectingVersion(5)))
        .isInstanceOfSatisfying(
            VersionConflictException.class, e -> assertThat(e.actualVersion()).isEqualTo(1L));
    adapter.patch(KEY, Patch.of(Map.of("status", "y")), WriteOptions.expectingVersion(1));
    assertThat(stored().get("status").s()).isEqualTo("y");
  }

  @Test
  void delete_withAnExpectedVersion() {
    adapter.post(Rentals.car("TX", "Dallas", 42, "free", 30));
    assertThatThrownBy(() -> adapter.delete(KEY, WriteOptions.expectingVersion(2)))
        .isInstanceOf(VersionConflictException.class);
    assertThat(Tables.scan(client, Rentals.TABLE)).hasSize(1);
    adapter.delete(KEY, WriteOptions.expectingVersion(1));
    assertThat(Tables.scan(client, Rentals.TABLE)).isEmpty();
    assertThatThrownBy(() -> adapter.delete(KEY, WriteOptions.expectingVersion(1)))
        .isInstanceOf(ItemNotFoundException.class);
  }

  @Test
  void edit_conflictsWithAConcurrentWrite() {
    adapter.post(Rentals.car("TX", "Dallas", 42, "free", 30));
    assertThatThrownBy(
            () ->
                adapter.edit(
                    KEY,
                    item -> {
                      adapter.patch(KEY, Patch.of(Map.of("price", 99)));
                      item.put("status", "rented");
                      return item;
                    }))
        .isInstanceOf(VersionConflictException.class);
    assertThat(stored().get("status").s()).isEqualTo("free");
    assertThat(stored().get("price").n()).isEqualTo("99");
  }

  @Test
  void edit_withAnExpectedVersion_thatIsStale_writesNothing() {
    adapter.post(Rentals.car("TX", "Dallas", 42, "free", 30));
    assertThatThrownBy(() -> adapter.edit(KEY, item -> item, WriteOptions.expectingVersion(2)))
        .isInstanceOf(VersionConflictException.class);
    assertThat(stored().get("_v").n()).isEqualTo("1");
  }

  @Test
  void edit_ofAnItemWrittenWithoutAVersion_startsItsVersion() {
    client.putItem(
        b ->
            b.tableName(Rentals.TABLE)
                .item(
                    Map.of(
                        "state", AttributeValue.fromS("TX"),
                        "_sk", AttributeValue.fromS("TX|Dallas|00042"),
                        "city", AttributeValue.fromS("Dallas"),
                        "car", AttributeValue.fromN("42"),
                        "status", AttributeValue.fromS("legacy"))));
    Map<String, Object> edited =
        adapter
            .edit(
                KEY,
                item -> {
                  item.put("status", "migrated");
                  return item;
                })
            .orElseThrow();
    assertThat(edited).containsEntry("_v", new BigDecimal(1));
    assertThat(stored().get("_v").n()).isEqualTo("1");
    assertThat(stored().get("status").s()).isEqualTo("migrated");
  }

  @Test
  void rawWrites_areVersionedToo() {
    Map<String, Object> raw = new LinkedHashMap<>(Rentals.car("TX", "Dallas", 42, "free", 30));
    raw.put("_sk", "TX|Dallas|00042");
    adapter.post(RawItem.of(raw), WriteOptions.defaults());
    assertThat(stored().get("_v").n()).isEqualTo("1");
    assertThat(stored()).doesNotContainKeys("kind", "_search-name");
    Map<String, Object> back =
        adapter.getByKey(KEY, ReadOptions.builder().raw().build()).orElseThrow();
    back.put("status", "rented");
    adapter.put(RawItem.of(back), WriteOptions.defaults());
    assertThat(stored().get("_v").n()).isEqualTo("2");
    assertThatThrownBy(() -> adapter.put(RawItem.of(back), WriteOptions.defaults()))
        .isInstanceOf(VersionConflictException.class);
  }

  @Test
  void expectedVersion_onATableWithoutVersionField_isRefused() {
    dev.dynakit.core.schema.TableSpec spec =
        dev.dynakit.core.schema.TableSpec.builder("plain").keyField("id").build();
    Adapter plain = TestTables.adapterFor(client, spec).build();
    assertThatThrownBy(() -> plain.post(Map.of("id", "a"), WriteOptions.expectingVersion(1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("versionField");
    assertThat(Tables.scan(client, "plain")).isEmpty();
  }
}
