package dev.dynakit.core.mass;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.core.adapter.Adapter;
import dev.dynakit.core.adapter.Patch;
import dev.dynakit.core.batch.FaultyHttpClient;
import dev.dynakit.core.batch.RetryBudget;
import dev.dynakit.engine.DynakitEngine;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** Writes and reads of a caller-supplied set. */
class BulkIT {
  private DynakitEngine engine;
  private FaultyHttpClient faulty;
  private DynamoDbClient client;
  private Adapter adapter;

  @BeforeEach
  void start() {
    engine = DynakitEngine.inMemory();
    faulty = FaultyHttpClient.of(engine, 17);
    client = faulty.client();
    adapter = Fleet.adapter(client);
  }

  @AfterEach
  void stop() {
    client.close();
    engine.close();
  }

  private MassOperations mass(int attempts, int parallelism) {
    return MassOperations.builder(adapter, client)
        .retry(RetryBudget.builder().maxAttempts(attempts).baseDelay(Duration.ZERO).build())
        .parallelism(parallelism)
        .build();
  }

  @Test
  void putAll_withUnprocessedItems_writesEachItemOnce_preparedByTheAdapter() {
    faulty.withhold(0.3);
    List<Map<String, Object>> cars = Fleet.cars("TX", "Dallas", 700);

    MassResult result = mass(1000, 4).putAll(cars);

    assertThat(result.processed()).isEqualTo(700);
    assertThat(faulty.withheld()).isGreaterThan(100);
    assertThat(faulty.applied().values()).allMatch(count -> count.get() == 1);
    assertThat(Fleet.census(client, Fleet.TABLE)).hasSize(700);
    assertThat(adapter.getByKey(Fleet.key("TX", "Dallas", 699)).orElseThrow())
        .containsEntry("_v", BigDecimal.ONE)
        .containsEntry("model", "model-" + (699 % 13));
  }

  @Test
  void putAll_budgetRunsOut_reportsExactlyTheItemsNotWritten() {
    faulty.withhold(0.5);
    List<Map<String, Object>> cars = Fleet.cars("TX", "Dallas", 200);

    MassResult result = mass(1, 1).putAll(cars);

    Map<String, Integer> stored = Fleet.census(client, Fleet.TABLE);
    assertThat(result.processed()).isEqualTo(stored.size());
    assertThat(result.failed()).hasSize(200 - stored.size());
    assertThat(result.failed())
        .allSatisfy(
            f -> {
              assertThat(f.reason()).isEqualTo("Unprocessed");
              assertThat(stored).doesNotContainKey(f.key().get("_sk").s());
            });
  }

  @Test
  void putAll_versionedItems_areConditionedPerItem() {
    MassOperations mass = mass(10, 1);
    mass.putAll(Fleet.cars("TX", "Dallas", 3));
    adapter.patch(Fleet.key("TX", "Dallas", 1), Patch.of(Map.of("model", "changed")));
    List<Map<String, Object>> writes = new ArrayList<>();
    for (int car = 0; car < 4; car++) {
      Map<String, Object> item = new LinkedHashMap<>(Fleet.car("TX", "Dallas", car));
      item.put("model", "v2");
      if (car < 3) {
        item.put("_v", 1); // read at version 1; car 1 has moved on to version 2
      }
      writes.add(item);
    }

    MassResult result = mass.putAll(writes);

    assertThat(result.processed()).isEqualTo(3);
    assertThat(result.conflicts())
        .singleElement()
        .satisfies(c -> assertThat(c.key().get("_sk").s()).isEqualTo("TX|Dallas|00001"));
    assertThat(adapter.getByKey(Fleet.key("TX", "Dallas", 0)).orElseThrow())
        .containsEntry("model", "v2")
        .containsEntry("_v", new BigDecimal(2));
    assertThat(adapter.getByKey(Fleet.key("TX", "Dallas", 1)).orElseThrow())
        .containsEntry("model", "changed");
    assertThat(adapter.getByKey(Fleet.key("TX", "Dallas", 3)).orElseThrow())
        .containsEntry("_v", BigDecimal.ONE);
  }

  @Test
  void putAll_ifNotExists_skipsExistingItems() {
    MassOperations mass = mass(10, 1);
    mass.putAll(Fleet.cars("TX", "Dallas", 5));

    MassResult result =
        mass.putAll(Fleet.cars("TX", "Dallas", 8), MassOptions.builder().ifNotExists().build());

    assertThat(result.processed()).isEqualTo(3);
    assertThat(result.skipped()).isEqualTo(5);
  }

  @Test
  void deleteAll_andGetAll_byKey() {
    MassOperations mass = mass(1000, 3);
    mass.putAll(Fleet.cars("TX", "Dallas", 250));
    faulty.withhold(0.3);
    List<Map<String, Object>> keys = new ArrayList<>();
    for (int car = 0; car < 250; car += 2) {
      keys.add(Fleet.key("TX", "Dallas", car));
    }

    assertThat(mass.deleteAll(keys).processed()).isEqualTo(125);

    List<Map<String, Object>> asked = new ArrayList<>();
    for (int car = 249; car >= 0; car--) {
      asked.add(Fleet.key("TX", "Dallas", car));
    }
    List<Map<String, Object>> found = mass.getAll(asked, true);
    for (int i = 0; i < asked.size(); i++) {
      int car = 249 - i;
      if (car % 2 == 0) {
        assertThat(found.get(i)).isNull();
      } else {
        assertThat(found.get(i)).containsEntry("car", new BigDecimal(car));
      }
    }
  }

  @Test
  void putAll_reportsProgressWithTheTotal() {
    List<Progress> reports = new ArrayList<>();

    mass(10, 2)
        .putAll(
            Fleet.cars("TX", "Dallas", 300), MassOptions.builder().progress(reports::add).build());

    Progress last = reports.get(reports.size() - 1);
    assertThat(last.finished()).isTrue();
    assertThat(last.done()).isEqualTo(300);
    assertThat(last.total()).isEqualTo(300);
  }
}
