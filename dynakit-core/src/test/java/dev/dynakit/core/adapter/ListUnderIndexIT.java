package dev.dynakit.core.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynakit.core.MalformedKeyException;
import dev.dynakit.core.schema.IndexSpec;
import dev.dynakit.core.schema.KeyField;
import dev.dynakit.core.schema.TableSpec;
import dev.dynakit.test.DynakitTest;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * {@code listUnder} through a GSI whose sort key is the structural key: the table is provisioned
 * with the index, a hierarchy is written, and a subtree is listed through the index, below the
 * index's partition key (here the type of the items, so "the cars under Texas").
 */
@DynakitTest
class ListUnderIndexIT {
  static final TableSpec SPEC =
      TableSpec.builder("fleet")
          .keyFields(KeyField.string("state"), KeyField.string("city"), KeyField.number("car", 4))
          .structuralKey("_sk")
          .technicalPrefix("_")
          .typeLabels("state", "city", "car")
          .typeField("kind")
          .index(IndexSpec.global("byKind").partitionKey("kind").sortKey("_sk").build())
          .build();

  Adapter adapter;

  @BeforeEach
  void setUp(DynamoDbClient client) {
    adapter = TestTables.adapterFor(client, SPEC).build();
    adapter.post(Map.of("state", "TX"));
    adapter.post(Map.of("state", "OK"));
    adapter.post(Map.of("state", "TX", "city", "Dallas"));
    adapter.post(Map.of("state", "TX", "city", "Austin"));
    adapter.post(Map.of("state", "OK", "city", "Tulsa"));
    adapter.post(Map.of("state", "TX", "city", "Dallas", "car", 12));
    adapter.post(Map.of("state", "TX", "city", "Dallas", "car", 3));
    adapter.post(Map.of("state", "TX", "city", "Austin", "car", 7));
    adapter.post(Map.of("state", "OK", "city", "Tulsa", "car", 1));
  }

  private List<String> under(Map<String, ?> partialKey) {
    return adapter
        .listUnder(partialKey, ListOptions.builder().index("byKind").limit(100).build())
        .items()
        .stream()
        .map(item -> item.get("city") + "/" + item.get("car"))
        .toList();
  }

  @Test
  void listUnder_onAStructuralKeyIndex_listsTheSubtreeInKeyOrder() {
    assertThat(under(Map.of("kind", "car", "state", "TX")))
        .containsExactly("Austin/7", "Dallas/3", "Dallas/12");
    assertThat(under(Map.of("kind", "car", "state", "TX", "city", "Dallas")))
        .containsExactly("Dallas/3", "Dallas/12");
    assertThat(under(Map.of("kind", "city", "state", "TX")))
        .containsExactly("Austin/null", "Dallas/null");
  }

  @Test
  void listUnder_onAStructuralKeyIndex_pagesAndCountsWithinTheSubtree() {
    OffsetPage page =
        adapter.listUnder(
            Map.of("kind", "car", "state", "TX"),
            ListOptions.builder().index("byKind").offset(1).limit(1).build());
    assertThat(page.items())
        .extracting(item -> item.get("city") + "/" + item.get("car"))
        .containsExactly("Dallas/3");
    assertThat(page.total()).isEqualTo(3L);
  }

  @Test
  void listUnder_onAnIndex_needsTheIndexPartitionKey() {
    assertThatThrownBy(
            () ->
                adapter.listUnder(
                    Map.of("state", "TX"), ListOptions.builder().index("byKind").build()))
        .isInstanceOf(MalformedKeyException.class)
        .hasMessageContaining("partition key of index 'byKind'");
  }
}
