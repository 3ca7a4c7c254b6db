package dev.dynakit.it.engine;

import static dev.dynakit.it.engine.IndexedTables.TABLE;
import static dev.dynakit.it.engine.IndexedTables.def;
import static dev.dynakit.it.engine.IndexedTables.gsiStatus;
import static dev.dynakit.it.engine.IndexedTables.hash;
import static dev.dynakit.it.engine.IndexedTables.indexItemCount;
import static dev.dynakit.it.engine.IndexedTables.projection;
import static dev.dynakit.it.engine.Items.item;
import static dev.dynakit.it.engine.Items.s;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CreateGlobalSecondaryIndexAction;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexUpdate;
import software.amazon.awssdk.services.dynamodb.model.IndexStatus;
import software.amazon.awssdk.services.dynamodb.model.ItemCollectionMetrics;
import software.amazon.awssdk.services.dynamodb.model.ItemCollectionSizeLimitExceededException;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ReturnItemCollectionMetrics;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * Index lifecycle through the SDK: a GSI added to a populated table is backfilled and becomes
 * ACTIVE, a deleted GSI takes its entries with it; LSI item collections are capped and reported.
 */
@ParameterizedClass
@EnumSource(EngineSetup.class)
class IndexLifecycleIT {
  /** The engine reads this property when it is built; 1000 bytes lets a test fill a collection. */
  private static final String COLLECTION_LIMIT = "dynakit.engine.itemCollectionLimitBytes";

  @Parameter EngineSetup setup;
  EngineFixture fx;

  @BeforeEach
  void setUp() {
    System.setProperty(COLLECTION_LIMIT, "1000");
    try {
      fx = new EngineFixture(setup);
    } finally {
      System.clearProperty(COLLECTION_LIMIT);
    }
    fx.createTable("orders");
  }

  @AfterEach
  void tearDown() {
    fx.close();
  }

  private void createByState(ProjectionType projection) {
    fx.client.updateTable(
        b ->
            b.tableName("orders")
                .attributeDefinitions(def("state", ScalarAttributeType.S))
                .globalSecondaryIndexUpdates(
                    GlobalSecondaryIndexUpdate.builder()
                        .create(
                            CreateGlobalSecondaryIndexAction.builder()
                                .indexName("byState")
                                .keySchema(hash("state"))
                                .projection(projection(projection))
                                .build())
                        .build()));
  }

  private void awaitActive(String index) throws InterruptedException {
    long deadline = System.nanoTime() + 20_000_000_000L;
    while (gsiStatus(fx.client, "orders", index) != IndexStatus.ACTIVE) {
      assertThat(System.nanoTime()).as("%s not ACTIVE in time", index).isLessThan(deadline);
      Thread.sleep(10);
    }
  }

  private List<Map<String, AttributeValue>> byState(String state) {
    return IndexedTables.query(
        fx.client, "orders", "byState", "#s = :s", Map.of(":s", s(state)), Map.of("#s", "state"));
  }

  private void populate() {
    for (int i = 0; i < 300; i++) {
      Map<String, AttributeValue> item =
          i % 3 == 0
              ? item("pk", "o" + i, "total", i)
              : item("pk", "o" + i, "state", i % 3 == 1 ? "open" : "shipped", "total", i);
      fx.client.putItem(b -> b.tableName("orders").item(item));
    }
    // a number where the new index will want a string: DynamoDB leaves such items out
    fx.client.putItem(b -> b.tableName("orders").item(item("pk", "odd", "state", 7)));
  }

  @Test
  void updateTable_createGsiOnPopulatedTable_backfillsAndBecomesActive() throws Exception {
    populate();
    createByState(ProjectionType.ALL);
    assertThat(gsiStatus(fx.client, "orders", "byState"))
        .isIn(IndexStatus.CREATING, IndexStatus.ACTIVE);
    awaitActive("byState");
    assertThat(byState("open")).hasSize(100).allSatisfy(i -> assertThat(i).containsKey("total"));
    assertThat(byState("shipped")).hasSize(100);
    assertThat(indexItemCount(fx.client, "orders", "byState")).isEqualTo(200);

    // writes keep the new index up to date
    fx.client.putItem(b -> b.tableName("orders").item(item("pk", "o0", "state", "open")));
    fx.client.deleteItem(b -> b.tableName("orders").key(item("pk", "o1")));
    assertThat(byState("open"))
        .hasSize(100)
        .anySatisfy(i -> assertThat(i.get("pk").s()).isEqualTo("o0"));
  }

  @Test
  void updateTable_deleteGsi_dropsItsEntries() throws Exception {
    populate();
    createByState(ProjectionType.ALL);
    awaitActive("byState");
    fx.client.updateTable(
        b ->
            b.tableName("orders")
                .globalSecondaryIndexUpdates(
                    GlobalSecondaryIndexUpdate.builder()
                        .delete(d -> d.indexName("byState"))
                        .build()));
    assertThat(gsiStatus(fx.client, "orders", "byState")).isNull();
    assertThatThrownBy(() -> byState("open")).isInstanceOf(DynamoDbException.class);

    // the same name again is a new, empty index: only the backfill fills it, with its projection
    createByState(ProjectionType.KEYS_ONLY);
    awaitActive("byState");
    assertThat(byState("open"))
        .hasSize(100)
        .allSatisfy(i -> assertThat(i).containsOnlyKeys("pk", "state"));
    assertThat(indexItemCount(fx.client, "orders", "byState")).isEqualTo(200);
  }

  @Test
  void itemCollection_beyondTheLimit_isRefusedAndNothingIsWritten() {
    IndexedTables.createPeople(fx.client);
    String pad = "x".repeat(200);
    // each item is 209 bytes (pk 3, sk 3, pad 203): four fit in 1000 bytes, a fifth does not
    for (int i = 1; i <= 4; i++) {
      Map<String, AttributeValue> it = item("pk", "a", "sk", "" + i, "pad", pad);
      fx.client.putItem(b -> b.tableName(TABLE).item(it));
    }
    Map<String, AttributeValue> fifth = item("pk", "a", "sk", "5", "pad", pad);
    assertThatThrownBy(() -> fx.client.putItem(b -> b.tableName(TABLE).item(fifth)))
        .isInstanceOfSatisfying(
            ItemCollectionSizeLimitExceededException.class,
            e ->
                assertThat(e.awsErrorDetails().errorMessage())
                    .isEqualTo("Collection size exceeded."));
    assertThat(fx.client.getItem(b -> b.tableName(TABLE).key(item("pk", "a", "sk", "5"))).hasItem())
        .isFalse();
    assertThatThrownBy(
            () ->
                fx.client.updateItem(
                    b ->
                        b.tableName(TABLE)
                            .key(item("pk", "a", "sk", "1"))
                            .updateExpression("SET more = :p")
                            .expressionAttributeValues(Map.of(":p", s(pad)))))
        .isInstanceOf(ItemCollectionSizeLimitExceededException.class);
    assertThat(fx.client.getItem(b -> b.tableName(TABLE).key(item("pk", "a", "sk", "1"))).item())
        .doesNotContainKey("more");

    // another collection has room; a shrinking write is accepted, then the fifth fits
    fx.client.putItem(b -> b.tableName(TABLE).item(item("pk", "b", "sk", "5", "pad", pad)));
    fx.client.deleteItem(b -> b.tableName(TABLE).key(item("pk", "a", "sk", "1")));
    fx.client.putItem(b -> b.tableName(TABLE).item(fifth));
  }

  @Test
  void returnItemCollectionMetrics_size_onWritesToTablesWithLsis() {
    IndexedTables.createPeople(fx.client);
    ItemCollectionMetrics m =
        fx.client
            .putItem(
                b ->
                    b.tableName(TABLE)
                        .item(item("pk", "a", "sk", "1", "age", 30))
                        .returnItemCollectionMetrics(ReturnItemCollectionMetrics.SIZE))
            .itemCollectionMetrics();
    assertThat(m.itemCollectionKey()).isEqualTo(Map.of("pk", s("a")));
    assertThat(m.sizeEstimateRangeGB()).containsExactly(0.0, 1.0);
    m =
        fx.client
            .updateItem(
                b ->
                    b.tableName(TABLE)
                        .key(item("pk", "a", "sk", "1"))
                        .updateExpression("SET note = :n")
                        .expressionAttributeValues(Map.of(":n", s("x")))
                        .returnItemCollectionMetrics(ReturnItemCollectionMetrics.SIZE))
            .itemCollectionMetrics();
    assertThat(m.itemCollectionKey()).isEqualTo(Map.of("pk", s("a")));
    m =
        fx.client
            .deleteItem(
                b ->
                    b.tableName(TABLE)
                        .key(item("pk", "a", "sk", "1"))
                        .returnItemCollectionMetrics(ReturnItemCollectionMetrics.SIZE))
            .itemCollectionMetrics();
    assertThat(m.sizeEstimateRangeGB()).containsExactly(0.0, 1.0);

    // without LSIs there are no item collections to report
    assertThat(
            fx.client
                .putItem(
                    b ->
                        b.tableName("orders")
                            .item(item("pk", "x"))
                            .returnItemCollectionMetrics(ReturnItemCollectionMetrics.SIZE))
                .itemCollectionMetrics())
        .isNull();
  }
}
