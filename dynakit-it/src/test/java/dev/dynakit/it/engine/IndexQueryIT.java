package dev.dynakit.it.engine;

import static dev.dynakit.it.engine.EngineErrors.assertError;
import static dev.dynakit.it.engine.Items.item;
import static dev.dynakit.it.engine.Items.n;
import static dev.dynakit.it.engine.Items.s;
import static dev.dynakit.it.engine.Paging.ints;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.ComparisonOperator;
import software.amazon.awssdk.services.dynamodb.model.Condition;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.Select;

/**
 * Query and Scan on secondary indices: GSIs and LSIs with KEYS_ONLY, INCLUDE and ALL projections,
 * sparse membership, multi-attribute GSI keys, LastEvaluatedKeys of index reads, base-item fetches
 * from LSIs and the refusals DynamoDB makes.
 */
@ParameterizedClass
@EnumSource(EngineSetup.class)
class IndexQueryIT {
  private static final int ITEMS = 30;

  @Parameter EngineSetup setup;
  EngineFixture fx;
  DynamoDbClient db;

  @BeforeEach
  void setUp() {
    fx = new EngineFixture(setup);
    db = fx.client;
    createTable();
    for (int i = 0; i < ITEMS; i++) {
      db.putItem(putOf(i));
    }
  }

  @AfterEach
  void tearDown() {
    fx.close();
  }

  /** Items: pk u0..u2, sk i; every fifth has no status (sparse); created and rank permute i. */
  private static Map<String, AttributeValue> itemOf(int i) {
    Map<String, AttributeValue> item =
        item(
            "pk",
            "u" + (i % 3),
            "sk",
            i,
            "created",
            created(i),
            "rank",
            rank(i),
            "title",
            "t" + i,
            "body",
            "b" + i,
            "g1",
            "G" + (i % 2),
            "g2",
            "H",
            "s1",
            "S" + (i % 3),
            "s2",
            i);
    String status = status(i);
    if (status != null) {
      item.put("status", s(status));
    }
    return item;
  }

  private static software.amazon.awssdk.services.dynamodb.model.PutItemRequest putOf(int i) {
    return software.amazon.awssdk.services.dynamodb.model.PutItemRequest.builder()
        .tableName("idx")
        .item(itemOf(i))
        .build();
  }

  private static String status(int i) {
    return i % 5 == 4 ? null : i % 2 == 0 ? "open" : "closed";
  }

  private static int created(int i) {
    return (i * 7) % ITEMS;
  }

  private static int rank(int i) {
    return (i * 11) % ITEMS;
  }

  private void createTable() {
    db.createTable(
        b ->
            b.tableName("idx")
                .billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(
                    attr("pk", ScalarAttributeType.S),
                    attr("sk", ScalarAttributeType.N),
                    attr("status", ScalarAttributeType.S),
                    attr("created", ScalarAttributeType.N),
                    attr("rank", ScalarAttributeType.N),
                    attr("g1", ScalarAttributeType.S),
                    attr("g2", ScalarAttributeType.S),
                    attr("s1", ScalarAttributeType.S),
                    attr("s2", ScalarAttributeType.N))
                .keySchema(key("pk", KeyType.HASH), key("sk", KeyType.RANGE))
                .globalSecondaryIndexes(
                    gsi("byStatus", ProjectionType.KEYS_ONLY),
                    gsi("byStatusAll", ProjectionType.ALL),
                    GlobalSecondaryIndex.builder()
                        .indexName("byStatusInc")
                        .keySchema(key("status", KeyType.HASH), key("created", KeyType.RANGE))
                        .projection(
                            Projection.builder()
                                .projectionType(ProjectionType.INCLUDE)
                                .nonKeyAttributes("title")
                                .build())
                        .build(),
                    GlobalSecondaryIndex.builder()
                        .indexName("multi")
                        .keySchema(
                            key("g1", KeyType.HASH),
                            key("g2", KeyType.HASH),
                            key("s1", KeyType.RANGE),
                            key("s2", KeyType.RANGE))
                        .projection(Projection.builder().projectionType(ProjectionType.ALL).build())
                        .build())
                .localSecondaryIndexes(
                    LocalSecondaryIndex.builder()
                        .indexName("byRank")
                        .keySchema(key("pk", KeyType.HASH), key("rank", KeyType.RANGE))
                        .projection(
                            Projection.builder().projectionType(ProjectionType.KEYS_ONLY).build())
                        .build()));
  }

  private static AttributeDefinition attr(String name, ScalarAttributeType type) {
    return AttributeDefinition.builder().attributeName(name).attributeType(type).build();
  }

  private static KeySchemaElement key(String name, KeyType type) {
    return KeySchemaElement.builder().attributeName(name).keyType(type).build();
  }

  private static GlobalSecondaryIndex gsi(String name, ProjectionType projection) {
    return GlobalSecondaryIndex.builder()
        .indexName(name)
        .keySchema(key("status", KeyType.HASH), key("created", KeyType.RANGE))
        .projection(Projection.builder().projectionType(projection).build())
        .build();
  }

  private List<Integer> expected(Predicate<Integer> which, Comparator<Integer> order) {
    List<Integer> out = new ArrayList<>();
    for (int i = 0; i < ITEMS; i++) {
      if (which.test(i)) {
        out.add(i);
      }
    }
    out.sort(order);
    return out;
  }

  private List<QueryResponse> queryPages(String index, Consumer<QueryRequest.Builder> extra) {
    QueryRequest.Builder b = QueryRequest.builder().tableName("idx").indexName(index);
    extra.accept(b);
    return Paging.queryPages(db, b.build());
  }

  private static List<Integer> skOf(List<QueryResponse> pages) {
    List<Integer> out = new ArrayList<>();
    for (QueryResponse p : pages) {
      out.addAll(ints(p.items(), "sk"));
    }
    return out;
  }

  @Test
  void gsiQuery_keysOnly_pagesInIndexOrderWithIndexAndTableKeys() {
    for (boolean forward : new boolean[] {true, false}) {
      List<QueryResponse> pages =
          queryPages(
              "byStatus",
              b ->
                  b.keyConditionExpression("#s = :s")
                      .expressionAttributeNames(Map.of("#s", "status"))
                      .expressionAttributeValues(Map.of(":s", s("open")))
                      .scanIndexForward(forward)
                      .limit(4));
      Comparator<Integer> byCreated = Comparator.comparingInt(IndexQueryIT::created);
      assertThat(skOf(pages))
          .isEqualTo(
              expected(i -> "open".equals(status(i)), forward ? byCreated : byCreated.reversed()));
      for (QueryResponse p : pages) {
        for (Map<String, AttributeValue> item : p.items()) {
          assertThat(item).containsOnlyKeys("pk", "sk", "status", "created");
        }
        if (p.hasLastEvaluatedKey()) {
          Map<String, AttributeValue> last = p.items().get(p.items().size() - 1);
          assertThat(p.lastEvaluatedKey()).isEqualTo(last);
        }
      }
    }
  }

  @Test
  void gsiQuery_projectionsAndSelect() {
    Consumer<QueryRequest.Builder> open =
        b ->
            b.keyConditionExpression("#s = :s AND created < :c")
                .expressionAttributeNames(Map.of("#s", "status"))
                .expressionAttributeValues(Map.of(":s", s("open"), ":c", n("10")));
    List<Map<String, AttributeValue>> all =
        queryPages("byStatusAll", open.andThen(b -> b.select(Select.ALL_ATTRIBUTES)))
            .get(0)
            .items();
    assertThat(all)
        .isNotEmpty()
        .allSatisfy(i -> assertThat(i).isEqualTo(itemOf(Integer.parseInt(i.get("sk").n()))));
    List<Map<String, AttributeValue>> inc = queryPages("byStatusInc", open).get(0).items();
    assertThat(inc)
        .hasSameSizeAs(all)
        .allSatisfy(i -> assertThat(i).containsOnlyKeys("pk", "sk", "status", "created", "title"));
    List<Map<String, AttributeValue>> projected =
        queryPages("byStatusInc", open.andThen(b -> b.projectionExpression("title, pk")))
            .get(0)
            .items();
    assertThat(projected).allSatisfy(i -> assertThat(i).containsOnlyKeys("title", "pk"));
    QueryResponse count = queryPages("byStatus", open.andThen(b -> b.select(Select.COUNT))).get(0);
    assertThat(count.count()).isEqualTo(all.size());
    assertThat(count.hasItems()).isFalse();

    assertError(
        () -> queryPages("byStatus", open.andThen(b -> b.select(Select.ALL_ATTRIBUTES))),
        "ValidationException",
        "One or more parameter values were invalid: Select type ALL_ATTRIBUTES is not supported"
            + " for global secondary index byStatus because its projection type is not ALL");
    assertError(
        () -> queryPages("byStatusInc", open.andThen(b -> b.projectionExpression("body, title"))),
        "ValidationException",
        "One or more parameter values were invalid: Global secondary index byStatusInc does not"
            + " project [body]");
    assertError(
        () -> queryPages("byStatusAll", open.andThen(b -> b.consistentRead(true))),
        "ValidationException",
        "Consistent reads are not supported on global secondary indexes");
    assertError(
        () ->
            queryPages(
                "byStatus",
                b ->
                    b.keyConditionExpression("#s = :s")
                        .filterExpression("created > :c")
                        .expressionAttributeNames(Map.of("#s", "status"))
                        .expressionAttributeValues(Map.of(":s", s("open"), ":c", n("1")))),
        "ValidationException",
        "Filter Expression can only contain non-primary key attributes: Primary key attribute:"
            + " created");
    // The table's own key is not the index's key: a GSI query may filter on it.
    QueryResponse filtered =
        queryPages(
                "byStatus",
                b ->
                    b.keyConditionExpression("#s = :s")
                        .filterExpression("pk = :u")
                        .expressionAttributeNames(Map.of("#s", "status"))
                        .expressionAttributeValues(Map.of(":s", s("open"), ":u", s("u0"))))
            .get(0);
    assertThat(ints(filtered.items(), "sk"))
        .containsExactlyInAnyOrderElementsOf(
            expected(i -> "open".equals(status(i)) && i % 3 == 0, Comparator.naturalOrder()));
  }

  @Test
  void sparseIndex_holdsOnlyItemsWithItsKeys_andFollowsWrites() {
    ScanResponse scan = db.scan(b -> b.tableName("idx").indexName("byStatus"));
    assertThat(scan.count()).isEqualTo(ITEMS - ITEMS / 5);
    assertThat(scan.items()).allSatisfy(i -> assertThat(i).containsKey("status"));

    // Give item 4 a status, take it from item 0, move item 1 to "open".
    db.updateItem(
        b ->
            b.tableName("idx")
                .key(item("pk", "u1", "sk", 4))
                .updateExpression("SET #s = :s")
                .expressionAttributeNames(Map.of("#s", "status"))
                .expressionAttributeValues(Map.of(":s", s("new"))));
    db.updateItem(
        b ->
            b.tableName("idx")
                .key(item("pk", "u0", "sk", 0))
                .updateExpression("REMOVE #s")
                .expressionAttributeNames(Map.of("#s", "status")));
    db.updateItem(
        b ->
            b.tableName("idx")
                .key(item("pk", "u1", "sk", 1))
                .updateExpression("SET #s = :s")
                .expressionAttributeNames(Map.of("#s", "status"))
                .expressionAttributeValues(Map.of(":s", s("open"))));
    List<Integer> open =
        skOf(
            queryPages(
                "byStatusAll",
                b ->
                    b.keyConditionExpression("#s = :s")
                        .expressionAttributeNames(Map.of("#s", "status"))
                        .expressionAttributeValues(Map.of(":s", s("open")))));
    assertThat(open).contains(1).doesNotContain(0);
    assertThat(
            skOf(
                queryPages(
                    "byStatus",
                    b ->
                        b.keyConditionExpression("#s = :s")
                            .expressionAttributeNames(Map.of("#s", "status"))
                            .expressionAttributeValues(Map.of(":s", s("new"))))))
        .containsExactly(4);
  }

  @Test
  void lsiQuery_fetchesBaseItemsForAttributesItDoesNotProject() {
    Consumer<QueryRequest.Builder> u1 =
        b ->
            b.keyConditionExpression("pk = :p AND #r >= :r")
                .expressionAttributeNames(Map.of("#r", "rank"))
                .expressionAttributeValues(Map.of(":p", s("u1"), ":r", n("5")));
    Comparator<Integer> byRank = Comparator.comparingInt(IndexQueryIT::rank);
    List<Integer> want = expected(i -> i % 3 == 1 && rank(i) >= 5, byRank);

    QueryResponse projectedOnly = queryPages("byRank", u1).get(0);
    assertThat(ints(projectedOnly.items(), "sk")).isEqualTo(want);
    assertThat(projectedOnly.items())
        .allSatisfy(i -> assertThat(i).containsOnlyKeys("pk", "sk", "rank"));

    QueryResponse all =
        queryPages(
                "byRank",
                u1.andThen(
                    b ->
                        b.select(Select.ALL_ATTRIBUTES)
                            .consistentRead(true)
                            .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)))
            .get(0);
    assertThat(all.items())
        .allSatisfy(i -> assertThat(i).isEqualTo(itemOf(Integer.parseInt(i.get("sk").n()))));
    assertThat(all.consumedCapacity().localSecondaryIndexes()).containsKey("byRank");
    // One strongly consistent unit per fetched base item (each under 4 KB).
    assertThat(all.consumedCapacity().table().capacityUnits()).isEqualTo((double) want.size());

    QueryResponse body =
        queryPages("byRank", u1.andThen(b -> b.projectionExpression("body"))).get(0);
    assertThat(body.items()).extracting(i -> i.get("body").s()).hasSize(want.size());

    QueryResponse filtered =
        queryPages(
                "byRank",
                b ->
                    b.keyConditionExpression("pk = :p")
                        .filterExpression("title = :t")
                        .expressionAttributeValues(Map.of(":p", s("u1"), ":t", s("t7"))))
            .get(0);
    assertThat(filtered.items()).containsExactly(item("pk", "u1", "sk", 7, "rank", rank(7)));
    assertThat(filtered.scannedCount()).isEqualTo(ITEMS / 3);

    QueryResponse page = queryPages("byRank", u1.andThen(b -> b.limit(2))).get(0);
    assertThat(page.lastEvaluatedKey()).containsOnlyKeys("pk", "sk", "rank");
  }

  @Test
  void gsiCapacity_isChargedToTheIndex() {
    QueryResponse r =
        queryPages(
                "byStatusAll",
                b ->
                    b.keyConditionExpression("#s = :s")
                        .expressionAttributeNames(Map.of("#s", "status"))
                        .expressionAttributeValues(Map.of(":s", s("open")))
                        .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES))
            .get(0);
    assertThat(r.consumedCapacity().capacityUnits()).isEqualTo(0.5);
    assertThat(r.consumedCapacity().table().capacityUnits()).isZero();
    assertThat(r.consumedCapacity().globalSecondaryIndexes().get("byStatusAll").capacityUnits())
        .isEqualTo(0.5);
  }

  @Test
  void multiAttributeKeys_equalitiesThenOneRangeCondition() {
    Map<String, AttributeValue> base = Map.of(":g1", s("G1"), ":g2", s("H"));
    List<QueryResponse> whole =
        queryPages(
            "multi",
            b -> b.keyConditionExpression("g1 = :g1 AND g2 = :g2").expressionAttributeValues(base));
    Comparator<Integer> bySortKey =
        Comparator.<Integer, String>comparing(i -> "S" + (i % 3)).thenComparingInt(i -> i);
    assertThat(skOf(whole)).isEqualTo(expected(i -> i % 2 == 1, bySortKey));

    Map<String, AttributeValue> values = new java.util.HashMap<>(base);
    values.put(":s1", s("S2"));
    values.put(":s2", n("10"));
    List<QueryResponse> narrowed =
        queryPages(
            "multi",
            b ->
                b.keyConditionExpression("g1 = :g1 AND g2 = :g2 AND s1 = :s1 AND s2 > :s2")
                    .expressionAttributeValues(values)
                    .limit(2));
    assertThat(skOf(narrowed))
        .isEqualTo(expected(i -> i % 2 == 1 && i % 3 == 2 && i > 10, bySortKey));
    assertThat(narrowed.get(0).lastEvaluatedKey())
        .containsOnlyKeys("pk", "sk", "g1", "g2", "s1", "s2");

    QueryResponse legacy =
        queryPages(
                "multi",
                b ->
                    b.keyConditions(
                        Map.of(
                            "g1", eq(s("G1")),
                            "g2", eq(s("H")),
                            "s1", eq(s("S2")),
                            "s2",
                                Condition.builder()
                                    .comparisonOperator(ComparisonOperator.GT)
                                    .attributeValueList(n("10"))
                                    .build())))
            .get(0);
    assertThat(ints(legacy.items(), "sk")).isEqualTo(skOf(narrowed));

    assertError(
        () ->
            queryPages(
                "multi",
                b ->
                    b.keyConditionExpression("g1 = :g1")
                        .expressionAttributeValues(Map.of(":g1", s("G1")))),
        "ValidationException",
        "Query condition missed key schema element: g2");
    Map<String, AttributeValue> skip = new java.util.HashMap<>(base);
    skip.put(":s2", n("10"));
    assertError(
        () ->
            queryPages(
                "multi",
                b ->
                    b.keyConditionExpression("g1 = :g1 AND g2 = :g2 AND s2 > :s2")
                        .expressionAttributeValues(skip)),
        "ValidationException",
        "RANGE key attributes s1 must have equality conditions specified in the query because a"
            + " condition is present on key attribute s2");
    assertError(
        () ->
            queryPages(
                "multi",
                b ->
                    b.keyConditionExpression("g1 = :g1 AND g2 = :g2 AND s1 > :s1 AND s2 = :s2")
                        .expressionAttributeValues(values)),
        "ValidationException",
        "RANGE key attributes s1 must have equality conditions specified in the query because a"
            + " condition is present on key attribute s2");
  }

  private static Condition eq(AttributeValue v) {
    return Condition.builder()
        .comparisonOperator(ComparisonOperator.EQ)
        .attributeValueList(v)
        .build();
  }

  @Test
  void indexScan_parallelSegmentsAndKeys() {
    List<Integer> all = new ArrayList<>();
    for (int seg = 0; seg < 4; seg++) {
      int s = seg;
      all.addAll(
          ints(
              Paging.scanAll(
                  db,
                  b ->
                      b.tableName("idx")
                          .indexName("byStatus")
                          .segment(s)
                          .totalSegments(4)
                          .limit(3)),
              "sk"));
    }
    assertThat(new HashSet<>(all)).hasSize(all.size());
    assertThat(all)
        .containsExactlyInAnyOrderElementsOf(
            expected(i -> status(i) != null, Comparator.naturalOrder()));
    ScanResponse page = db.scan(b -> b.tableName("idx").indexName("byRank").limit(1));
    assertThat(page.lastEvaluatedKey()).containsOnlyKeys("pk", "sk", "rank");
    ScanResponse gsiPage = db.scan(b -> b.tableName("idx").indexName("byStatus").limit(1));
    assertThat(gsiPage.lastEvaluatedKey()).containsOnlyKeys("pk", "sk", "status", "created");
    ScanResponse next =
        db.scan(
            b ->
                b.tableName("idx")
                    .indexName("byStatus")
                    .exclusiveStartKey(gsiPage.lastEvaluatedKey()));
    assertThat(next.count()).isEqualTo(ITEMS - ITEMS / 5 - 1);
    assertError(
        () -> db.scan(b -> b.tableName("idx").indexName("byStatus").select(Select.ALL_ATTRIBUTES)),
        "ValidationException",
        "Select type ALL_ATTRIBUTES is not supported for global secondary index byStatus");
    assertError(
        () ->
            db.scan(
                b ->
                    b.tableName("idx")
                        .indexName("byStatus")
                        .exclusiveStartKey(item("pk", "u0", "sk", 1))),
        "ValidationException",
        "The provided starting key is invalid");
  }

  @Test
  void indexQuery_exclusiveStartKeyMustHoldIndexAndTableKeys() {
    Consumer<QueryRequest.Builder> open =
        b ->
            b.keyConditionExpression("#s = :s")
                .expressionAttributeNames(Map.of("#s", "status"))
                .expressionAttributeValues(Map.of(":s", s("open")));
    assertError(
        () ->
            queryPages(
                "byStatus",
                open.andThen(b -> b.exclusiveStartKey(item("status", "open", "created", 3)))),
        "ValidationException",
        "The provided starting key is invalid");
    assertError(
        () ->
            queryPages(
                "byStatus",
                open.andThen(
                    b ->
                        b.exclusiveStartKey(
                            item("pk", "u0", "sk", 0, "status", "closed", "created", 0)))),
        "ValidationException",
        "The provided starting key is outside query boundaries based on provided conditions");
  }
}
