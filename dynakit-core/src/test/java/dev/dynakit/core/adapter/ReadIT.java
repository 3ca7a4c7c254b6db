package dev.dynakit.core.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynakit.core.ConsistentReadOnGlobalIndexException;
import dev.dynakit.core.InvalidExpressionException;
import dev.dynakit.test.DynakitTest;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;

/** Reads by key and by keys: projection, consistency, the raw bypass, index keys. */
@DynakitTest
class ReadIT {
  DynamoDbClient client;
  Adapter adapter;
  List<RequestEvent> events = new ArrayList<>();

  @BeforeEach
  void setUp(DynamoDbClient client) {
    this.client = client;
    this.adapter = TestTables.adapterFor(client, Rentals.spec()).listener(events::add).build();
    for (int car = 1; car <= 3; car++) {
      adapter.post(Rentals.car("TX", "Dallas", car, car == 2 ? "rented" : "free", 10 * car));
    }
    events.clear();
  }

  @Test
  void getByKey_missing_isEmpty() {
    assertThat(adapter.getByKey(Rentals.key("TX", "Dallas", 9))).isEmpty();
  }

  @Test
  void getByKey_fields_projectAndCutTheItem() {
    Map<String, Object> item =
        adapter
            .getByKey(
                Rentals.key("TX", "Dallas", 2), ReadOptions.builder().fields("status").build())
            .orElseThrow();
    assertThat(item).containsOnlyKeys("status").containsEntry("status", "rented");
  }

  @Test
  void getByKey_consistent_isSentAsAConsistentRead() {
    List<Boolean> consistent = new ArrayList<>();
    DynamoDbClient spy =
        new ForwardingClient(client) {
          @Override
          public GetItemResponse getItem(GetItemRequest request) {
            consistent.add(request.consistentRead());
            return super.getItem(request);
          }
        };
    Adapter reading = Adapter.builder(Rentals.spec(), spy).build();
    reading.getByKey(Rentals.key("TX", "Dallas", 1), ReadOptions.builder().consistent().build());
    reading.getByKey(Rentals.key("TX", "Dallas", 1));
    assertThat(consistent).containsExactly(true, null);
  }

  @Test
  void getByKey_raw_returnsTheItemAsStored() {
    Map<String, Object> raw =
        adapter
            .getByKey(Rentals.key("TX", "Dallas", 1), ReadOptions.builder().raw().build())
            .orElseThrow();
    assertThat(raw)
        .containsEntry("_sk", "TX|Dallas|00001")
        .containsEntry("_search-name", "tx dallas car 1")
        .containsEntry("_v", BigDecimal.ONE);
  }

  @Test
  void getByKeys_keepsTheOrderOfTheKeys_withNullsForMisses_andDuplicates() {
    List<Map<String, Object>> items =
        adapter.getByKeys(
            List.of(
                Rentals.key("TX", "Dallas", 3),
                Rentals.key("TX", "Dallas", 9),
                Rentals.key("TX", "Dallas", 1),
                Rentals.key("TX", "Dallas", 3)),
            ReadOptions.builder().fields("price").build());
    assertThat(items)
        .containsExactly(
            Map.of("price", new BigDecimal(30)),
            null,
            Map.of("price", new BigDecimal(10)),
            Map.of("price", new BigDecimal(30)));
    assertThat(events).extracting(RequestEvent::operation).containsExactly("BatchGetItem");
  }

  @Test
  void getByKeys_moreThanAHundredKeys_areSentInChunks() {
    List<Map<String, Object>> keys = new ArrayList<>();
    for (int car = 1; car <= 150; car++) {
      keys.add(Rentals.key("TX", "Dallas", car));
    }
    List<Map<String, Object>> items = adapter.getByKeys(keys);
    assertThat(items).hasSize(150);
    assertThat(items.subList(0, 3)).allSatisfy(item -> assertThat(item).isNotNull());
    assertThat(items.subList(3, 150)).containsOnlyNulls();
    assertThat(events)
        .extracting(RequestEvent::operation)
        .containsExactly("BatchGetItem", "BatchGetItem");
  }

  @Test
  void getByKeys_unprocessedKeys_areResentUntilDone() {
    DynamoDbClient stingy = new UnprocessingClient(client, 1);
    List<RequestEvent> seen = new ArrayList<>();
    Adapter reading = Adapter.builder(Rentals.spec(), stingy).listener(seen::add).build();
    List<Map<String, Object>> items =
        reading.getByKeys(
            List.of(
                Rentals.key("TX", "Dallas", 1),
                Rentals.key("TX", "Dallas", 2),
                Rentals.key("TX", "Dallas", 3)));
    assertThat(items).allSatisfy(item -> assertThat(item).isNotNull());
    assertThat(seen).extracting(RequestEvent::attempt).containsExactly(1, 2, 3);
  }

  @Test
  void getByKey_byIndexKey_readsTheFirstEntry() {
    Map<String, Object> item =
        adapter
            .getByKey(Map.of("status", "rented"), ReadOptions.builder().index("byStatus").build())
            .orElse(null);
    // the GSI needs its sort key too: rentedAt is absent on these items, so none is indexed
    assertThat(item).isNull();
    adapter.patch(Rentals.key("TX", "Dallas", 2), Patch.of(Map.of("rentedAt", "2026-04-01")));
    adapter.patch(
        Rentals.key("TX", "Dallas", 3),
        Patch.of(Map.of("status", "rented", "rentedAt", "2026-03-01")));
    ReadOptions byStatus = ReadOptions.builder().index("byStatus").build();
    assertThat(adapter.getByKey(Map.of("status", "rented"), byStatus).orElseThrow())
        .containsEntry("car", new BigDecimal(3));
    assertThat(
            adapter
                .getByKey(Map.of("status", "rented", "rentedAt", "2026-04-01"), byStatus)
                .orElseThrow())
        .containsEntry("car", new BigDecimal(2));
  }

  @Test
  void getByKey_byIndirectIndexKey_readsTheItemFromTheTable() {
    events.clear();
    Map<String, Object> item =
        adapter
            .getByKey(
                Map.of("vin", "VIN3"), ReadOptions.builder().index("byVin").fields("price").build())
            .orElseThrow();
    assertThat(item).isEqualTo(Map.of("price", new BigDecimal(30)));
    assertThat(events)
        .extracting(e -> e.operation() + ":" + e.index())
        .containsExactly("Query:byVin", "GetItem:null");
    Map<String, Object> entry =
        adapter
            .getByKey(
                Map.of("vin", "VIN3"),
                ReadOptions.builder().index("byVin").ignoreIndirection().raw().build())
            .orElseThrow();
    assertThat(entry).containsOnlyKeys("state", "_sk", "vin");
  }

  @Test
  void getByKey_consistentOnAGlobalIndex_isRefused() {
    assertThatThrownBy(
            () ->
                adapter.getByKey(
                    Map.of("vin", "VIN3"),
                    ReadOptions.builder().index("byVin").consistent().build()))
        .isInstanceOf(ConsistentReadOnGlobalIndexException.class)
        .hasMessageContaining("byVin");
    assertThatThrownBy(
            () -> adapter.getByKey(Map.of("x", 1), ReadOptions.builder().index("nope").build()))
        .isInstanceOf(InvalidExpressionException.class);
    assertThat(events).isEmpty();
  }

  @Test
  void getByKey_consistentOnALocalIndex_isAllowed() {
    Map<String, Object> item =
        adapter
            .getByKey(
                Map.of("state", "TX", "price", 20),
                ReadOptions.builder().index("byPrice").consistent().build())
            .orElseThrow();
    assertThat(item).containsEntry("car", new BigDecimal(2));
  }

  /** Answers every BatchGetItem with at most {@code perCall} items, the rest unprocessed. */
  static final class UnprocessingClient extends ForwardingClient {
    private final int perCall;

    UnprocessingClient(DynamoDbClient delegate, int perCall) {
      super(delegate);
      this.perCall = perCall;
    }

    @Override
    public BatchGetItemResponse batchGetItem(BatchGetItemRequest request) {
      Map<String, KeysAndAttributes> served = new HashMap<>();
      Map<String, KeysAndAttributes> left = new HashMap<>();
      request
          .requestItems()
          .forEach(
              (table, keys) -> {
                int cut = Math.min(perCall, keys.keys().size());
                served.put(table, keys.toBuilder().keys(keys.keys().subList(0, cut)).build());
                if (cut < keys.keys().size()) {
                  left.put(
                      table,
                      keys.toBuilder().keys(keys.keys().subList(cut, keys.keys().size())).build());
                }
              });
      BatchGetItemResponse response =
          delegate.batchGetItem(request.toBuilder().requestItems(served).build());
      return response.toBuilder().unprocessedKeys(left).build();
    }
  }
}
