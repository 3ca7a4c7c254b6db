package dev.dynakit.core.adapter;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.core.batch.Tables;
import dev.dynakit.core.schema.IndexSpec;
import dev.dynakit.core.schema.TableSpec;
import dev.dynakit.test.DynakitTest;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The canned technical-field hooks. */
@DynakitTest
class CannedHooksIT {
  static final Instant T0 = Instant.parse("2026-04-12T09:30:00Z");
  static final Map<String, Object> KEY = Rentals.key("TX", "Dallas", 1);

  DynamoDbClient client;
  MutableClock clock = new MutableClock(T0);

  @BeforeEach
  void setUp(DynamoDbClient client) {
    this.client = client;
    TestTables.create(client, Rentals.spec());
  }

  private Adapter adapter(Hooks... hooks) {
    return Adapter.builder(Rentals.spec(), client).clock(clock).hooks(hooks).build();
  }

  private List<Map<String, AttributeValue>> all() {
    return Tables.scan(client, Rentals.TABLE);
  }

  private Map<String, AttributeValue> stored() {
    return all().get(0);
  }

  @Test
  void createdAt_stampsTheFirstWriteOnly_isoOrEpoch() {
    Adapter adapter = adapter(CannedHooks.createdAt("_createdAt", TimeFormat.ISO));
    adapter.post(Rentals.car("TX", "Dallas", 1, "free", 1));
    assertThat(stored().get("_createdAt").s()).isEqualTo("2026-04-12T09:30:00Z");
    clock.now = T0.plusSeconds(60);
    Map<String, Object> read = adapter.getByKey(KEY).orElseThrow();
    assertThat(read).containsEntry("_createdAt", "2026-04-12T09:30:00Z");
    read.put("status", "rented");
    adapter.put(read);
    adapter.patch(KEY, Patch.of(Map.of("price", 2)));
    assertThat(stored().get("_createdAt").s()).isEqualTo("2026-04-12T09:30:00Z");
    Adapter epoch = adapter(CannedHooks.createdAt("_born", TimeFormat.EPOCH_MILLIS));
    epoch.post(Rentals.car("TX", "Dallas", 2, "free", 1));
    assertThat(all())
        .anySatisfy(
            item ->
                assertThat(item.get("_born"))
                    .isEqualTo(
                        AttributeValue.fromN(Long.toString(T0.plusSeconds(60).toEpochMilli()))));
  }

  @Test
  void updatedAt_stampsEveryWrite() {
    Adapter adapter = adapter(CannedHooks.updatedAt("_updatedAt", TimeFormat.EPOCH_SECONDS));
    adapter.post(Rentals.car("TX", "Dallas", 1, "free", 1));
    assertThat(stored().get("_updatedAt").n()).isEqualTo(Long.toString(T0.getEpochSecond()));
    clock.now = T0.plusSeconds(5);
    adapter.patch(KEY, Patch.of(Map.of("price", 2)));
    assertThat(stored().get("_updatedAt").n()).isEqualTo(Long.toString(T0.getEpochSecond() + 5));
  }

  @Test
  void ttl_setsEpochSeconds_andReadsHideExpiredItems() {
    Adapter adapter = adapter(CannedHooks.ttl("_ttl", Duration.ofHours(1), clock));
    adapter.post(Rentals.car("TX", "Dallas", 1, "free", 1));
    assertThat(stored().get("_ttl").n()).isEqualTo(Long.toString(T0.getEpochSecond() + 3600));
    assertThat(adapter.getByKey(KEY)).isPresent();
    clock.now = T0.plusSeconds(3601);
    assertThat(adapter.getByKey(KEY)).isEmpty();
    assertThat(adapter.getByKey(KEY, ReadOptions.builder().fields("price").build())).isEmpty();
    assertThat(adapter.listUnder(Map.of("state", "TX"), ListOptions.defaults()).items()).isEmpty();
    adapter.patch(KEY, Patch.of(Map.of("price", 3)));
    assertThat(adapter.getByKey(KEY)).isPresent();
  }

  @Test
  void ttl_listFilterDependsOnTheTime_butCursorsStayValid() {
    Adapter adapter = adapter(CannedHooks.ttl("_ttl", Duration.ofHours(1), clock));
    adapter.post(Rentals.car("TX", "Dallas", 1, "free", 1));
    adapter.post(Rentals.car("TX", "Dallas", 2, "free", 1));
    ListOptions options =
        ListOptions.builder()
            .keyCondition(adapter.buildKey(Map.of("state", "TX")))
            .limit(1)
            .build();
    CursorPage first = adapter.listByCursor(null, options);
    clock.now = T0.plusSeconds(10);
    CursorPage second = adapter.listByCursor(first.cursor(), options);
    assertThat(first.items()).extracting(item -> item.get("car")).containsExactly(BigDecimal.ONE);
    assertThat(second.items())
        .extracting(item -> item.get("car"))
        .containsExactly(new BigDecimal(2));
  }

  @Test
  void softDelete_stampsInsteadOfDeleting_andHidesTheItem() {
    Adapter adapter = adapter(CannedHooks.softDelete("_deletedAt"));
    adapter.post(Rentals.car("TX", "Dallas", 1, "free", 1));
    adapter.post(Rentals.car("TX", "Dallas", 2, "free", 1));
    adapter.delete(KEY);
    assertThat(all()).hasSize(2);
    assertThat(all())
        .anySatisfy(
            item -> {
              assertThat(item.get("_deletedAt").s()).isEqualTo("2026-04-12T09:30:00Z");
              assertThat(item.get("_v").n()).isEqualTo("2");
            });
    assertThat(adapter.getByKey(KEY)).isEmpty();
    assertThat(adapter.getByKey(KEY, ReadOptions.builder().fields("status").build())).isEmpty();
    assertThat(adapter.getByKey(KEY, ReadOptions.builder().raw().build())).isPresent();
    OffsetPage page =
        adapter.listUnder(Map.of("state", "TX", "city", "Dallas"), ListOptions.defaults());
    assertThat(page.items()).extracting(item -> item.get("car")).containsExactly(new BigDecimal(2));
    assertThat(page.total()).isEqualTo(1);
    adapter.delete(Rentals.key("TX", "Dallas", 9));
    assertThat(all()).hasSize(2);
  }

  @Test
  void softDelete_withASparseIndexKeyedOnTheDeletedAtField_listsTheDeletedRows() {
    TableSpec spec =
        TableSpec.builder("docs")
            .keyField("id")
            .technicalPrefix("_")
            .index(IndexSpec.global("deleted").partitionKey("folder").sortKey("_deletedAt"))
            .build();
    TestTables.create(client, spec);
    Adapter docs =
        Adapter.builder(spec, client)
            .clock(clock)
            .hooks(CannedHooks.softDelete("_deletedAt"))
            .build();
    docs.post(Map.of("id", "a", "folder", "inbox"));
    docs.post(Map.of("id", "b", "folder", "inbox"));
    docs.delete(Map.of("id", "a"));
    ListOptions deleted =
        ListOptions.builder()
            .index("deleted")
            .keyCondition(docs.keyConditions("deleted").selfAndChildren(Map.of("folder", "inbox")))
            .raw()
            .build();
    assertThat(docs.list(deleted).items()).extracting(item -> item.get("id")).containsExactly("a");
    ListOptions scanned = ListOptions.builder().index("deleted").raw().build();
    assertThat(docs.list(scanned).items()).extracting(item -> item.get("id")).containsExactly("a");
    assertThat(docs.list(ListOptions.defaults()).items())
        .extracting(item -> item.get("id"))
        .containsExactly("b");
  }

  @Test
  void asOf_withCreatedAtStoredAsEpochMillis_keepsTheItemsCreatedBefore() {
    Adapter adapter = adapter(CannedHooks.createdAt("_createdAt", TimeFormat.EPOCH_MILLIS));
    adapter.post(Rentals.car("TX", "Dallas", 1, "free", 1));
    clock.now = T0.plusSeconds(60);
    adapter.post(Rentals.car("TX", "Dallas", 2, "free", 1));
    ListOptions frozen = ListOptions.builder().asOf(T0.plusSeconds(30)).build();
    assertThat(adapter.list(frozen).items())
        .extracting(item -> item.get("car"))
        .containsExactly(BigDecimal.ONE);
  }

  @Test
  void overwritingPut_keepsTheCreatedAtStamp() {
    Adapter adapter = adapter(CannedHooks.createdAt("_createdAt", TimeFormat.ISO));
    adapter.post(Rentals.car("TX", "Dallas", 1, "free", 1));
    clock.now = T0.plusSeconds(60);
    adapter.put(Rentals.car("TX", "Dallas", 1, "rented", 2), WriteOptions.overwriting());
    assertThat(stored().get("_createdAt").s()).isEqualTo("2026-04-12T09:30:00Z");
    Map<String, Object> replaced =
        new java.util.LinkedHashMap<>(Rentals.car("TX", "Dallas", 1, "free", 3));
    replaced.put("_v", 2);
    adapter.put(replaced);
    assertThat(stored().get("_createdAt").s()).isEqualTo("2026-04-12T09:30:00Z");
    ListOptions frozen = ListOptions.builder().asOf(T0.plusSeconds(1)).build();
    assertThat(adapter.list(frozen).items()).hasSize(1);
  }

  @Test
  void lastModifiedBy_stampsTheActor() {
    Adapter adapter = adapter(CannedHooks.lastModifiedBy("_by", () -> "system"));
    adapter.post(
        Rentals.car("TX", "Dallas", 1, "free", 1), WriteOptions.builder().actor("ann").build());
    assertThat(stored().get("_by").s()).isEqualTo("ann");
    adapter.patch(KEY, Patch.of(Map.of("price", 2)));
    assertThat(stored().get("_by").s()).isEqualTo("system");
    Adapter actorOnly = adapter(CannedHooks.lastModifiedBy("_who"));
    actorOnly.patch(KEY, Patch.of(Map.of("price", 3)));
    assertThat(stored()).doesNotContainKey("_who");
  }

  /** A clock the test moves. */
  static final class MutableClock extends Clock {
    Instant now;

    MutableClock(Instant now) {
      this.now = now;
    }

    @Override
    public ZoneOffset getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(java.time.ZoneId zone) {
      return this;
    }

    @Override
    public Instant instant() {
      return now;
    }
  }
}
