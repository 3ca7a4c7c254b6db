package dev.dynakit.core.adapter;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.core.schema.TableSpec;
import dev.dynakit.test.DynakitTest;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A sparse index whose predicate comes from a JSON declaration: items enter and leave the index on
 * full writes and on patches, as with a Java predicate.
 */
@DynakitTest
class SparseConditionIT {
  static final String DECLARATION =
      """
      {"table": "orders", "keyFields": ["id"], "technicalPrefix": "_", "versionField": "_v",
       "indices": {
         "openByOwner": {"type": "gsi", "pk": "owner", "sk": "id",
           "sparse": {"when": {"and": [{"field": "status", "in": ["open", "review"]},
                                       {"not": {"field": "hold", "eq": true}}]}}}}}
      """;

  Adapter adapter;

  @BeforeEach
  void setUp(DynamoDbClient client) {
    adapter = TestTables.adapterFor(client, TableSpec.fromJson(DECLARATION)).build();
  }

  private List<Object> openFor(String owner) {
    ListOptions options =
        ListOptions.builder()
            .index("openByOwner")
            .keyCondition(
                adapter.keyConditions("openByOwner").selfAndChildren(Map.of("owner", owner)))
            .build();
    return adapter.list(options).items().stream().map(item -> item.get("id")).toList();
  }

  @Test
  void puts_enterAndLeaveTheIndexAsTheFileSays() {
    adapter.post(Map.of("id", "o1", "owner", "ann", "status", "open"));
    adapter.post(Map.of("id", "o2", "owner", "ann", "status", "shipped"));
    adapter.post(Map.of("id", "o3", "owner", "ann", "status", "review", "hold", true));
    assertThat(openFor("ann")).containsExactly("o1");
    assertThat(adapter.getByKey(Map.of("id", "o2")).orElseThrow()).doesNotContainKey("owner");

    // replacing a versioned item names the version it read (a plain put only creates)
    adapter.put(
        Map.of("id", "o1", "owner", "ann", "status", "shipped"), WriteOptions.expectingVersion(1));
    adapter.put(
        Map.of("id", "o3", "owner", "ann", "status", "review", "hold", false),
        WriteOptions.expectingVersion(1));
    assertThat(openFor("ann")).containsExactly("o3");
  }

  @Test
  void patches_reEvaluateTheConditionOnThePatchedItem() {
    adapter.post(Map.of("id", "o1", "owner", "bob", "status", "open"));
    assertThat(openFor("bob")).containsExactly("o1");
    adapter.patch(Map.of("id", "o1"), Patch.of(Map.of("hold", true)));
    assertThat(openFor("bob")).isEmpty();
    adapter.patch(Map.of("id", "o1"), Patch.of(Map.of("hold", false, "owner", "bob")));
    assertThat(openFor("bob")).containsExactly("o1");
    adapter.patch(Map.of("id", "o1"), Patch.of(Map.of("status", "cancelled")));
    assertThat(openFor("bob")).isEmpty();
  }
}
