package dev.dynakit.core.adapter;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.core.batch.Tables;
import dev.dynakit.core.mass.MassOperations;
import dev.dynakit.core.mass.MassOptions;
import dev.dynakit.core.mass.MassResult;
import dev.dynakit.core.schema.IndexSpec;
import dev.dynakit.core.schema.TableSpec;
import dev.dynakit.test.DynakitTest;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Sparse indices with a predicate: the index keys are written only while the predicate holds and
 * removed when it stops holding, on full writes and on patches.
 */
@DynakitTest
class SparseIndexIT {
  static final TableSpec SPEC =
      TableSpec.builder("tickets")
          .keyField("id")
          .technicalPrefix("_")
          .versionField("_v")
          .index(
              IndexSpec.global("reviewQueue")
                  .partitionKey("_queue")
                  .sortKey("opened")
                  .sparseWhen(item -> "review".equals(item.get("status"))))
          .build();

  /** Marks every ticket for the queue; the sparse rule keeps the mark only while it applies. */
  static final Hooks MARK =
      new Hooks() {
        @Override
        public Map<String, Object> prepare(Map<String, Object> item, WriteContext context) {
          Map<String, Object> marked = new LinkedHashMap<>(item);
          marked.put("_queue", "review");
          return marked;
        }
      };

  DynamoDbClient client;
  Adapter adapter;

  @BeforeEach
  void setUp(DynamoDbClient client) {
    this.client = client;
    adapter = TestTables.adapterFor(client, SPEC).hooks(MARK).build();
  }

  private List<Object> queue() {
    ListOptions options =
        ListOptions.builder()
            .index("reviewQueue")
            .keyCondition(
                adapter.keyConditions("reviewQueue").selfAndChildren(Map.of("_queue", "review")))
            .build();
    return adapter.list(options).items().stream()
        .map(item -> item.get("id"))
        .map(Object.class::cast)
        .toList();
  }

  private Map<String, AttributeValue> stored(String id) {
    return Tables.scan(client, "tickets").stream()
        .filter(item -> item.get("id").s().equals(id))
        .findFirst()
        .orElseThrow();
  }

  @Test
  void fullWrites_keepTheIndexKeysOnlyWhileThePredicateHolds() {
    adapter.post(Map.of("id", "a", "status", "review", "opened", "2026-04-01"));
    adapter.post(Map.of("id", "b", "status", "open", "opened", "2026-04-02"));
    assertThat(queue()).containsExactly("a");
    assertThat(stored("b")).doesNotContainKey("_queue").containsKey("opened");
    adapter.put(Map.of("id", "b", "status", "review", "opened", "2026-04-02", "_v", 1));
    adapter.put(Map.of("id", "a", "status", "done", "opened", "2026-04-01", "_v", 1));
    assertThat(queue()).containsExactly("b");
  }

  @Test
  void anIndexOnUserFieldsOnly_losesThoseFieldsWhenThePredicateFails() {
    TableSpec spec =
        TableSpec.builder("owned")
            .keyField("id")
            .index(
                IndexSpec.global("byOwner")
                    .partitionKey("owner")
                    .sparseWhen(item -> !"archived".equals(item.get("status"))))
            .build();
    Adapter owned = TestTables.adapterFor(client, spec).build();
    owned.post(Map.of("id", "a", "owner", "ann", "status", "active"));
    owned.post(Map.of("id", "b", "owner", "ann", "status", "archived"));
    assertThat(Tables.scan(client, "owned"))
        .extracting(item -> item.get("id").s() + ":" + item.containsKey("owner"))
        .containsExactlyInAnyOrder("a:true", "b:false");
  }

  @Test
  void edit_takesAnItemOutOfTheIndexWhenThePredicateStopsHolding() {
    adapter.post(Map.of("id", "a", "status", "review", "opened", "2026-04-01"));
    adapter.edit(
        Map.of("id", "a"),
        item -> {
          item.put("status", "done");
          return item;
        });
    assertThat(queue()).isEmpty();
    assertThat(stored("a")).doesNotContainKey("_queue");
  }

  @Test
  void massEdit_takesItemsOutOfTheIndexWhenThePredicateStopsHolding() {
    adapter.post(Map.of("id", "a", "status", "review", "opened", "2026-04-01"));
    adapter.post(Map.of("id", "b", "status", "review", "opened", "2026-04-02"));
    MassResult result =
        MassOperations.of(adapter, client)
            .edit(
                ListOptions.builder().build(),
                item -> {
                  item.put("status", "done");
                  return item;
                },
                MassOptions.defaults());
    assertThat(result.processed()).isEqualTo(2);
    assertThat(queue()).isEmpty();
    assertThat(stored("a")).doesNotContainKey("_queue");
    assertThat(stored("b")).doesNotContainKey("_queue");
  }

  @Test
  void patches_moveItemsInAndOutOfTheIndex() {
    adapter.post(Map.of("id", "a", "status", "review", "opened", "2026-04-01"));
    adapter.patch(Map.of("id", "a"), Patch.of(Map.of("status", "done")));
    assertThat(queue()).isEmpty();
    assertThat(stored("a")).doesNotContainKey("_queue");
    adapter.patch(Map.of("id", "a"), Patch.of(Map.of("note", "still done")));
    assertThat(queue()).isEmpty();
    adapter.patch(Map.of("id", "a"), Patch.of(Map.of("status", "review")));
    assertThat(queue()).containsExactly("a");
    assertThat(stored("a").get("_queue").s()).isEqualTo("review");
  }
}
