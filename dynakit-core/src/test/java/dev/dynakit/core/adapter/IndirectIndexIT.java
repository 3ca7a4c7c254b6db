package dev.dynakit.core.adapter;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.core.expr.KeyCondition;
import dev.dynakit.core.schema.IndexSpec;
import dev.dynakit.core.schema.TableSpec;
import dev.dynakit.test.DynakitTest;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/**
 * Indirect indices: the list queries the keys-only index, then reads the items from the table with
 * BatchGetItem, in the index's order and with the caller's projection.
 */
@DynakitTest
class IndirectIndexIT {
  static final TableSpec SPEC =
      TableSpec.builder("docs")
          .keyField("id")
          .index(
              IndexSpec.global("byOwner")
                  .partitionKey("owner")
                  .sortKey("title")
                  .keysOnly()
                  .indirect())
          .build();

  DynamoDbClient client;
  Adapter adapter;
  List<RequestEvent> events = new ArrayList<>();

  @BeforeEach
  void setUp(DynamoDbClient client) {
    this.client = client;
    adapter = TestTables.adapterFor(client, SPEC).listener(events::add).build();
    String[] titles = {"delta", "alpha", "echo", "charlie", "bravo"};
    for (int i = 0; i < titles.length; i++) {
      adapter.post(
          Map.of(
              "id", "d" + i, "owner", "ann", "title", titles[i], "body", "text " + i, "size", i));
    }
    adapter.post(Map.of("id", "x", "owner", "bob", "title", "zulu", "body", "other"));
    events.clear();
  }

  private KeyCondition ann() {
    return adapter.keyConditions("byOwner").selfAndChildren(Map.of("owner", "ann"));
  }

  @Test
  void list_readsTheItemsFromTheTable_inIndexOrder_withTheCallersFields() {
    OffsetPage page =
        adapter.list(
            ListOptions.builder()
                .index("byOwner")
                .keyCondition(ann())
                .fields("title", "size")
                .limit(3)
                .build());
    assertThat(page.items())
        .containsExactly(
            Map.of("title", "alpha", "size", BigDecimal.ONE),
            Map.of("title", "bravo", "size", new BigDecimal(4)),
            Map.of("title", "charlie", "size", new BigDecimal(3)));
    assertThat(page.total()).isEqualTo(5);
    assertThat(events)
        .extracting(e -> e.operation() + ":" + e.index())
        .contains("Query:byOwner", "BatchGetItem:null");
  }

  @Test
  void listByCursor_descending_pagesThroughTheIndex() {
    ListOptions options =
        ListOptions.builder().index("byOwner").keyCondition(ann()).descending().limit(2).build();
    List<Object> titles = new ArrayList<>();
    String cursor = null;
    do {
      CursorPage page = adapter.listByCursor(cursor, options);
      page.items().forEach(item -> titles.add(item.get("title")));
      assertThat(page.items()).allSatisfy(item -> assertThat(item).containsKey("body"));
      cursor = page.cursor();
    } while (cursor != null);
    assertThat(titles).containsExactly("echo", "delta", "charlie", "bravo", "alpha");
  }

  @Test
  void ignoreIndirection_returnsTheIndexEntries() {
    OffsetPage page =
        adapter.list(
            ListOptions.builder()
                .index("byOwner")
                .keyCondition(ann())
                .ignoreIndirection()
                .limit(1)
                .build());
    assertThat(page.items()).containsExactly(Map.of("id", "d1", "owner", "ann", "title", "alpha"));
    assertThat(events).extracting(RequestEvent::operation).doesNotContain("BatchGetItem");
  }

  @Test
  void itemsDeletedBetweenTheHops_areDropped() {
    DynamoDbClient racing =
        new ForwardingClient(client) {
          @Override
          public QueryResponse query(QueryRequest request) {
            QueryResponse response = super.query(request);
            delegate.deleteItem(
                b -> b.tableName("docs").key(Map.of("id", AttributeValue.fromS("d4"))));
            return response;
          }
        };
    Adapter reading = Adapter.builder(SPEC, racing).build();
    OffsetPage page =
        reading.list(
            ListOptions.builder()
                .index("byOwner")
                .keyCondition(ann())
                .needTotal(false)
                .limit(3)
                .build());
    assertThat(page.items())
        .extracting(item -> item.get("title"))
        .containsExactly("alpha", "charlie");
  }
}
