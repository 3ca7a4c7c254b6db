package dev.dynakit.core.mass;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynakit.core.adapter.Adapter;
import dev.dynakit.core.adapter.ListOptions;
import dev.dynakit.core.adapter.Patch;
import dev.dynakit.core.expr.FilterClause;
import dev.dynakit.core.schema.FilterOp;
import dev.dynakit.test.DynakitTest;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** Mass operations over the items of a list: delete, clone, move, edit. */
@DynakitTest
class ListScopeIT {
  private DynamoDbClient client;
  private Adapter adapter;
  private MassOperations mass;

  @BeforeEach
  void setUp(DynamoDbClient client) {
    this.client = client;
    adapter = Fleet.adapter(client);
    mass = MassOperations.of(adapter, client);
    List<Map<String, Object>> items = new ArrayList<>(Fleet.cars("TX", "Dallas", 60));
    items.addAll(Fleet.cars("TX", "Houston", 10));
    mass.putAll(items);
  }

  private ListOptions dallas() {
    return ListOptions.builder().keyCondition(adapter.buildKey(Fleet.city("TX", "Dallas"))).build();
  }

  private ListOptions dallasModel(String model) {
    return dallas().toBuilder().filter(FilterClause.of("model", FilterOp.EQ, model)).build();
  }

  private Map<String, Integer> census() {
    return Fleet.census(client, Fleet.TABLE);
  }

  @Test
  void delete_honoursTheListFilter() {
    MassResult result = mass.delete(dallasModel("model-3"), MassOptions.defaults());

    assertThat(result.processed()).isEqualTo(5); // cars 3, 16, 29, 42, 55
    assertThat(result.complete()).isTrue();
    assertThat(census()).hasSize(65).doesNotContainKey("TX|Dallas|00016");
  }

  @Test
  void delete_ofTheWholeTable_needsConfirmation() {
    assertThatThrownBy(() -> mass.delete(ListOptions.defaults(), MassOptions.defaults()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("wholeTable()");

    assertThat(
            mass.delete(ListOptions.defaults(), MassOptions.builder().wholeTable().build())
                .processed())
        .isEqualTo(70);
    assertThat(census()).isEmpty();
  }

  @Test
  void delete_asOf_freezesTheScope() {
    // cars 0..29 were created at minute 0..29, cars 30..59 at 30..59
    MassResult result =
        mass.delete(dallas(), MassOptions.builder().asOf("2024-01-01T00:29:00Z").build());

    assertThat(result.processed()).isEqualTo(30);
    assertThat(census()).containsKey("TX|Dallas|00030").doesNotContainKey("TX|Dallas|00029");
  }

  @Test
  void clone_mapsEachItem_andSkipsWhatTheMappingDrops() {
    MassResult result =
        mass.clone(
            dallas(),
            item -> {
              if (((BigDecimal) item.get("car")).intValue() % 2 == 1) {
                return null;
              }
              item.put("city", "Austin");
              item.put("model", "copy");
              return item;
            },
            MassOptions.defaults());

    assertThat(result.processed()).isEqualTo(30);
    assertThat(result.skipped()).isEqualTo(30);
    assertThat(census()).hasSize(100).containsKey("TX|Austin|00058");
    assertThat(adapter.getByKey(Fleet.key("TX", "Austin", 4)).orElseThrow())
        .containsEntry("model", "copy")
        .containsEntry("_v", BigDecimal.ONE);
  }

  @Test
  void clone_ifNotExists_skipsOccupiedDestinations() {
    adapter.post(Fleet.car("TX", "Austin", 5));
    adapter.patch(Fleet.key("TX", "Austin", 5), Patch.of(Map.of("model", "mine")));

    MassResult result =
        mass.clone(
            dallas(), item -> moveTo(item, "Austin"), MassOptions.builder().ifNotExists().build());

    assertThat(result.processed()).isEqualTo(59);
    assertThat(result.skipped()).isEqualTo(1);
    assertThat(adapter.getByKey(Fleet.key("TX", "Austin", 5)).orElseThrow())
        .containsEntry("model", "mine");
  }

  @Test
  void clone_ifExists_refreshesOnlyExistingItems() {
    adapter.post(Fleet.car("TX", "Austin", 5));

    MassResult result =
        mass.clone(
            dallas(),
            item -> {
              item.put("model", "fresh");
              return moveTo(item, "Austin");
            },
            MassOptions.builder().ifExists().build());

    assertThat(result.processed()).isEqualTo(1);
    assertThat(result.skipped()).isEqualTo(59);
    assertThat(census()).hasSize(71);
    assertThat(adapter.getByKey(Fleet.key("TX", "Austin", 5)).orElseThrow())
        .containsEntry("model", "fresh");
  }

  @Test
  void move_movesEachItemAtomically_andReportsASourceChangedInBetween() {
    MassResult result =
        mass.move(
            dallas(),
            item -> {
              int car = ((BigDecimal) item.get("car")).intValue();
              if (car == 10) {
                // someone changes car 11 after the walk read it and before it is moved
                adapter.patch(Fleet.key("TX", "Dallas", 11), Patch.of(Map.of("model", "other")));
              }
              return moveTo(item, "Austin");
            },
            MassOptions.defaults());

    assertThat(result.processed()).isEqualTo(59);
    assertThat(result.conflicts()).hasSize(1);
    assertThat(result.conflicts().get(0).key().get("_sk").s()).isEqualTo("TX|Dallas|00011");
    assertThat(census()).hasSize(70).containsKey("TX|Dallas|00011").containsKey("TX|Austin|00059");
  }

  @Test
  void move_overAnIndex_readsWholeItemsFromTheTable() {
    ListOptions byModel =
        ListOptions.builder()
            .index("byModel")
            .keyCondition(adapter.keyConditions("byModel").exact(Map.of("model", "model-4")))
            .build();

    MassResult result = mass.move(byModel, item -> moveTo(item, "Austin"), MassOptions.defaults());

    // cars 4, 17, 30, 43, 56 in Dallas, 4 in Houston
    assertThat(result.processed()).isEqualTo(6);
    assertThat(adapter.getByKey(Fleet.key("TX", "Austin", 43)).orElseThrow())
        .containsEntry("price", new BigDecimal(143))
        .containsEntry("_createdAt", "2024-01-01T00:43:00Z");
  }

  @Test
  void edit_changesItems_skipsUnchangedOnes_andReportsConflicts() {
    MassResult result =
        mass.edit(
            dallas(),
            item -> {
              int car = ((BigDecimal) item.get("car")).intValue();
              if (car == 20) {
                adapter.patch(Fleet.key("TX", "Dallas", 21), Patch.of(Map.of("model", "x")));
              }
              if (car % 3 == 0) {
                return item; // unchanged
              }
              item.put("price", 1);
              return item;
            },
            MassOptions.defaults());

    // 20 cars are left unchanged, but car 21 among them changed in between: a conflict
    assertThat(result.skipped()).isEqualTo(19);
    assertThat(result.processed()).isEqualTo(40);
    assertThat(result.conflicts())
        .extracting(f -> f.key().get("_sk").s())
        .containsExactly("TX|Dallas|00021");
    assertThat(adapter.getByKey(Fleet.key("TX", "Dallas", 22)).orElseThrow())
        .containsEntry("price", BigDecimal.ONE)
        .containsEntry("_v", new BigDecimal(2));
  }

  @Test
  void edit_keyChange_failsTheItemUnlessAllowed() {
    ListOptions four = dallasModel("model-4");

    MassResult refused = mass.edit(four, item -> moveTo(item, "Austin"), MassOptions.defaults());
    assertThat(refused.failed()).hasSize(5).allMatch(f -> f.reason().equals("KeyChanged"));

    MassResult moved =
        mass.edit(
            four, item -> moveTo(item, "Austin"), MassOptions.builder().allowKeyChange().build());
    assertThat(moved.processed()).isEqualTo(5);
    assertThat(census()).containsKey("TX|Austin|00056").doesNotContainKey("TX|Dallas|00056");
  }

  @Test
  void maxItems_stopsExactly_andTheTokenResumes() {
    MassOptions.Builder options = MassOptions.builder().maxItems(7);
    List<Long> sizes = new ArrayList<>();
    String token = null;
    do {
      MassResult result =
          mass.clone(dallas(), item -> moveTo(item, "Austin"), options.resumeToken(token).build());
      sizes.add(result.processed());
      token = result.resumeToken();
    } while (token != null);

    assertThat(sizes.subList(0, 8)).containsOnly(7L);
    assertThat(sizes.stream().mapToLong(Long::longValue).sum()).isEqualTo(60);
    assertThat(census()).hasSize(130);
  }

  @Test
  void progress_reportsTheTotalAndTheTimeLeft() {
    List<Progress> reports = new ArrayList<>();

    mass.delete(dallas(), MassOptions.builder().countFirst().progress(reports::add).build());

    Progress last = reports.get(reports.size() - 1);
    assertThat(last.finished()).isTrue();
    assertThat(last.done()).isEqualTo(60);
    assertThat(last.total()).isEqualTo(60);
    assertThat(last.fraction()).isEqualTo(1.0);
    assertThat(last.remaining()).isNotNull();
    assertThat(last.operation()).isEqualTo("delete");
  }

  private static Map<String, Object> moveTo(Map<String, Object> item, String city) {
    item.put("city", city);
    return item;
  }
}
