package dev.dynakit.core.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynakit.core.CreatedAtFieldNotDeclaredException;
import dev.dynakit.core.InvalidCursorException;
import dev.dynakit.core.InvalidExpressionException;
import dev.dynakit.core.InvalidFilterException;
import dev.dynakit.core.InvalidTokenException;
import dev.dynakit.core.NoIndexForSortException;
import dev.dynakit.core.expr.FilterClause;
import dev.dynakit.core.schema.FilterOp;
import dev.dynakit.test.DynakitTest;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Lists: offset and cursor paging, subtrees, sorting through an index, filters, search, the "as of"
 * scope and the hidden descriptor row.
 */
@DynakitTest
class ListIT {
  DynamoDbClient client;
  Adapter adapter;
  List<RequestEvent> events = new ArrayList<>();

  @BeforeEach
  void setUp(DynamoDbClient client) {
    this.client = client;
    adapter = TestTables.adapterFor(client, Rentals.spec()).listener(events::add).build();
    adapter.post(Map.of("state", "TX", "name", "Texas"));
    adapter.post(Map.of("state", "TX", "city", "Dallas", "name", "Dallas"));
    adapter.post(Map.of("state", "TX", "city", "Austin", "name", "Austin"));
    for (int car = 1; car <= 25; car++) {
      Map<String, Object> item =
          new LinkedHashMap<>(
              Rentals.car("TX", car % 2 == 0 ? "Dallas" : "Austin", car, status(car), car));
      item.put("rentedAt", String.format("2026-04-%02d", car));
      adapter.post(item);
    }
    adapter.post(Rentals.car("CA", "Fresno", 1, "free", 100));
    events.clear();
  }

  private static String status(int car) {
    return car % 3 == 0 ? "rented" : "free";
  }

  private static List<Object> cars(List<Map<String, Object>> items) {
    List<Object> cars = new ArrayList<>();
    for (Map<String, Object> item : items) {
      cars.add(((BigDecimal) item.get("car")).intValue());
    }
    return cars;
  }

  @Test
  void listUnder_readsTheChildrenOfAPartialKey_inKeyOrder() {
    OffsetPage page =
        adapter.listUnder(
            Map.of("state", "TX", "city", "Dallas"), ListOptions.builder().limit(5).build());
    assertThat(cars(page.items())).containsExactly(2, 4, 6, 8, 10);
    assertThat(page.total()).isEqualTo(12);
    assertThat(page.items().get(0)).containsEntry("kind", "car");
    OffsetPage cities =
        adapter.listUnder(Map.of("state", "TX"), ListOptions.builder().limit(100).build());
    assertThat(cities.total()).isEqualTo(27);
    assertThat(cities.items()).extracting(item -> item.get("kind")).startsWith("city");
    assertThat(events).extracting(RequestEvent::operation).allMatch("Query"::equals);
  }

  @Test
  void offsetPaging_skipsCountsAndTotals() {
    ListOptions options =
        ListOptions.builder()
            .keyCondition(adapter.buildKey(Map.of("state", "TX", "city", "Austin")))
            .offset(5)
            .limit(4)
            .build();
    OffsetPage page = adapter.list(options);
    assertThat(cars(page.items())).containsExactly(11, 13, 15, 17);
    assertThat(page.offset()).isEqualTo(5);
    assertThat(page.limit()).isEqualTo(4);
    assertThat(page.total()).isEqualTo(13);
    OffsetPage beyond = adapter.list(options.toBuilder().offset(50).build());
    assertThat(beyond.items()).isEmpty();
    assertThat(beyond.total()).isEqualTo(13);
    OffsetPage noTotal = adapter.list(options.toBuilder().needTotal(false).build());
    assertThat(noTotal.total()).isNull();
  }

  @Test
  void offsetPaging_withAFilter_startsExactlyAtTheOffset() {
    ListOptions options =
        ListOptions.builder()
            .keyCondition(adapter.buildKey(Map.of("state", "TX", "city", "Austin")))
            .filter(FilterClause.of("status", FilterOp.EQ, "free"))
            .offset(3)
            .limit(3)
            .build();
    OffsetPage page = adapter.list(options);
    // Austin: odd cars; free unless a multiple of 3: 1, 5, 7, 11, 13, 17, 19, 23, 25
    assertThat(cars(page.items())).containsExactly(11, 13, 17);
    assertThat(page.total()).isEqualTo(9);
  }

  @Test
  void cursorPaging_walksEveryItemOnce() {
    ListOptions options =
        ListOptions.builder()
            .keyCondition(adapter.buildKey(Map.of("state", "TX", "city", "Dallas")))
            .filter(FilterClause.of("status", FilterOp.NE, "rented"))
            .limit(3)
            .build();
    List<Object> seen = new ArrayList<>();
    String cursor = null;
    int pages = 0;
    do {
      CursorPage page = adapter.listByCursor(cursor, options);
      seen.addAll(cars(page.items()));
      cursor = page.cursor();
      pages++;
    } while (cursor != null);
    assertThat(seen).containsExactly(2, 4, 8, 10, 14, 16, 20, 22);
    assertThat(pages).isBetween(3, 4);
  }

  @Test
  void cursor_alteredOrUsedForOtherParameters_isRefused() {
    ListOptions options =
        ListOptions.builder()
            .keyCondition(adapter.buildKey(Map.of("state", "TX", "city", "Dallas")))
            .limit(2)
            .build();
    String cursor = adapter.listByCursor(null, options).cursor();
    assertThat(cursor).isNotNull();
    assertThat(adapter.listByCursor(cursor, options).items()).hasSize(2);
    ListOptions other =
        options.toBuilder()
            .keyCondition(adapter.buildKey(Map.of("state", "TX", "city", "Austin")))
            .build();
    assertThatThrownBy(() -> adapter.listByCursor(cursor, other))
        .isInstanceOf(InvalidCursorException.class)
        .hasMessageContaining("with other parameters")
        .hasCauseInstanceOf(InvalidTokenException.class);
    String altered = (cursor.charAt(0) == 'A' ? 'B' : 'A') + cursor.substring(1);
    assertThatThrownBy(() -> adapter.listByCursor(altered, options))
        .isInstanceOf(InvalidCursorException.class);
    Adapter another = Adapter.builder(Rentals.spec(), client).build();
    assertThatThrownBy(() -> another.listByCursor(cursor, options))
        .isInstanceOf(InvalidCursorException.class);
    byte[] key = new byte[32];
    Adapter keyed = Adapter.builder(Rentals.spec(), client).cursorKey(key).build();
    Adapter sameKey = Adapter.builder(Rentals.spec(), client).cursorKey(key).build();
    String shared = keyed.listByCursor(null, options).cursor();
    assertThat(sameKey.listByCursor(shared, options).items()).hasSize(2);
  }

  @Test
  void sortBy_readsTheIndexSortedByTheField_descending() {
    ListOptions options =
        ListOptions.builder()
            .sortBy("rentedAt")
            .descending()
            .filter(FilterClause.of("status", FilterOp.EQ, "rented"))
            .limit(3)
            .build();
    OffsetPage page = adapter.list(options);
    assertThat(cars(page.items())).containsExactly(24, 21, 18);
    assertThat(page.total()).isEqualTo(8);
    assertThat(events)
        .extracting(e -> e.operation() + ":" + e.index())
        .allMatch("Query:byStatus"::equals);
    assertThatThrownBy(() -> adapter.list(ListOptions.builder().sortBy("colour").build()))
        .isInstanceOf(NoIndexForSortException.class);
  }

  @Test
  void filtersOnTheIndexSortKey_narrowTheKeyCondition() {
    ListOptions options =
        ListOptions.builder()
            .index("byStatus")
            .keyCondition(
                adapter.keyConditions("byStatus").selfAndChildren(Map.of("status", "free")))
            .filter(FilterClause.of("rentedAt", FilterOp.BETWEEN, "2026-04-05", "2026-04-09"))
            .build();
    assertThat(cars(adapter.list(options).items())).containsExactly(5, 7, 8);
    ListOptions twice =
        options.toBuilder()
            .filter(
                FilterClause.of("rentedAt", FilterOp.GE, "2026-04-05"),
                FilterClause.of("rentedAt", FilterOp.LT, "2026-04-09"))
            .build();
    assertThatThrownBy(() -> adapter.list(twice))
        .isInstanceOf(InvalidFilterException.class)
        .hasMessageContaining("rentedAt");
    ListOptions otherPartition =
        options.toBuilder().filter(FilterClause.of("status", FilterOp.EQ, "rented")).build();
    assertThatThrownBy(() -> adapter.list(otherPartition))
        .isInstanceOf(InvalidFilterException.class);
  }

  @Test
  void filterClauses_onTheTableKey_turnAScanIntoAQuery() {
    ListOptions options =
        ListOptions.builder().filter(FilterClause.of("state", FilterOp.EQ, "CA")).build();
    assertThat(adapter.list(options).items())
        .singleElement()
        .satisfies(item -> assertThat(item).containsEntry("city", "Fresno"));
    assertThat(events).extracting(RequestEvent::operation).containsOnly("Query");
  }

  @Test
  void filterClauses_notAllowed_areRefusedBeforeReading() {
    assertThatThrownBy(
            () ->
                adapter.list(
                    ListOptions.builder().filter(FilterClause.of("vin", FilterOp.EQ, "x")).build()))
        .isInstanceOf(InvalidFilterException.class);
    assertThatThrownBy(
            () ->
                adapter.list(
                    ListOptions.builder()
                        .filter(FilterClause.of("status", FilterOp.LT, "x"))
                        .build()))
        .isInstanceOf(InvalidFilterException.class);
    assertThat(events).isEmpty();
  }

  @Test
  void search_matchesTheMirrorsCaseInsensitively() {
    OffsetPage page = adapter.list(ListOptions.builder().search("DALLAS CAR 1").limit(100).build());
    // "tx dallas car 1…": Dallas has the even cars
    assertThat(cars(page.items())).containsExactlyInAnyOrder(10, 12, 14, 16, 18);
    assertThatThrownBy(
            () -> adapter.list(ListOptions.builder().search("x").searchIn("status").build()))
        .isInstanceOf(InvalidExpressionException.class);
  }

  @Test
  void fieldsAndKeysOnly_cutTheItems() {
    ListOptions under =
        ListOptions.builder()
            .keyCondition(adapter.buildKey(Map.of("state", "CA", "city", "Fresno")))
            .build();
    assertThat(adapter.list(under.toBuilder().fields("price").build()).items())
        .containsExactly(Map.of("price", new BigDecimal(100)));
    assertThat(adapter.list(under.toBuilder().keysOnly().build()).items())
        .containsExactly(Map.of("state", "CA", "city", "Fresno", "car", BigDecimal.ONE));
  }

  @Test
  void scans_hideTheDescriptorRow_unlessAsked() {
    client.putItem(
        b ->
            b.tableName(Rentals.TABLE)
                .item(
                    Map.of(
                        "state", AttributeValue.fromS("__descriptor"),
                        "_sk", AttributeValue.fromS("__descriptor"))));
    ListOptions all = ListOptions.builder().limit(100).build();
    assertThat(adapter.list(all).total()).isEqualTo(29);
    assertThat(adapter.list(all.toBuilder().includeDescriptor().build()).total()).isEqualTo(30);
  }

  @Test
  void asOf_keepsItemsCreatedUpToThatTime() {
    Adapter stamped =
        Adapter.builder(Rentals.spec(), client)
            .clock(
                java.time.Clock.fixed(
                    java.time.Instant.parse("2026-05-01T00:00:00Z"), java.time.ZoneOffset.UTC))
            .hooks(CannedHooks.createdAt("_createdAt", TimeFormat.ISO))
            .build();
    stamped.post(Rentals.car("NV", "Reno", 1, "free", 1));
    ListOptions nevada =
        ListOptions.builder().keyCondition(adapter.buildKey(Map.of("state", "NV"))).build();
    assertThat(
            adapter
                .list(
                    nevada.toBuilder()
                        .asOf(java.time.Instant.parse("2026-04-30T00:00:00Z"))
                        .build())
                .items())
        .isEmpty();
    assertThat(adapter.list(nevada.toBuilder().asOf("2026-05-01T00:00:00Z").build()).items())
        .hasSize(1);
    dev.dynakit.core.schema.TableSpec bare =
        dev.dynakit.core.schema.TableSpec.builder("bare").keyField("id").build();
    assertThatThrownBy(
            () ->
                Adapter.builder(bare, client).build().list(ListOptions.builder().asOf("x").build()))
        .isInstanceOf(CreatedAtFieldNotDeclaredException.class);
  }

  @Test
  void raw_listsItemsAsStored() {
    ListOptions options =
        ListOptions.builder()
            .keyCondition(adapter.buildKey(Map.of("state", "CA", "city", "Fresno")))
            .raw()
            .build();
    assertThat(adapter.list(options).items())
        .singleElement()
        .satisfies(item -> assertThat(item).containsKeys("_sk", "_search-name"));
  }
}
