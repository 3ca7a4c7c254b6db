package dev.dynakit.it.engine;

import static dev.dynakit.it.engine.EngineErrors.assertError;
import static dev.dynakit.it.engine.Items.item;
import static dev.dynakit.it.engine.Items.n;
import static dev.dynakit.it.engine.Items.s;
import static dev.dynakit.it.engine.Paging.ints;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntPredicate;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ComparisonOperator;
import software.amazon.awssdk.services.dynamodb.model.Condition;
import software.amazon.awssdk.services.dynamodb.model.ConditionalOperator;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.Select;

/** Query on tables: key conditions, order, paging, Limit, filters, Select and projections. */
@ParameterizedClass
@EnumSource(EngineSetup.class)
class QueryIT {
  @Parameter EngineSetup setup;
  EngineFixture fx;
  DynamoDbClient db;

  /** The sort-key types, with values whose order follows {@code i}. */
  enum SortType {
    S,
    N,
    B;

    AttributeValue value(int i) {
      switch (this) {
        case S:
          return s(String.format("k%02d", i));
        case N:
          return n(Integer.toString(i * 10 - 50));
        default:
          return AttributeValue.fromB(
              SdkBytes.fromByteArray(new byte[] {(byte) (i / 10), (byte) (i % 10)}));
      }
    }

    /** A begins_with operand selecting i = 10..19. */
    AttributeValue prefixOfTens() {
      return this == S ? s("k1") : AttributeValue.fromB(SdkBytes.fromByteArray(new byte[] {1}));
    }
  }

  @BeforeEach
  void setUp() {
    fx = new EngineFixture(setup);
    db = fx.client;
  }

  @AfterEach
  void tearDown() {
    fx.close();
  }

  /** Items i = 0..19 in partition "p", and some in neighbouring partitions. */
  private void createSorted(SortType type) {
    fx.createTable("tbl", "sk", ScalarAttributeType.fromValue(type.name()));
    for (int i = 0; i < 20; i++) {
      db.putItem(put("p", type.value(i), i));
      db.putItem(put("p2", type.value(i), 100 + i));
    }
    db.putItem(put("o", type.value(5), 200));
  }

  private static software.amazon.awssdk.services.dynamodb.model.PutItemRequest put(
      String pk, AttributeValue sk, int i) {
    return software.amazon.awssdk.services.dynamodb.model.PutItemRequest.builder()
        .tableName("tbl")
        .item(item("pk", pk, "sk", sk, "i", i, "tag", i % 3))
        .build();
  }

  private List<Integer> query(String sortCondition, boolean forward, AttributeValue... operands) {
    Map<String, AttributeValue> values = new LinkedHashMap<>();
    values.put(":p", s("p"));
    for (int k = 0; k < operands.length; k++) {
      values.put(":v" + k, operands[k]);
    }
    String condition = "pk = :p" + (sortCondition == null ? "" : " AND " + sortCondition);
    return ints(
        Paging.queryAll(
            db,
            b ->
                b.tableName("tbl")
                    .keyConditionExpression(condition)
                    .expressionAttributeValues(values)
                    .scanIndexForward(forward)),
        "i");
  }

  private static List<Integer> expected(IntPredicate which, boolean forward) {
    List<Integer> out = new ArrayList<>();
    IntStream.range(0, 20).filter(which).forEach(out::add);
    if (!forward) {
      Collections.reverse(out);
    }
    return out;
  }

  @ParameterizedTest
  @EnumSource(SortType.class)
  void query_everySortKeyOperator_selectsTheRangeInOrder(SortType t) {
    createSorted(t);
    for (boolean forward : new boolean[] {true, false}) {
      assertThat(query(null, forward)).isEqualTo(expected(i -> true, forward));
      assertThat(query("sk = :v0", forward, t.value(7))).isEqualTo(expected(i -> i == 7, forward));
      assertThat(query("sk < :v0", forward, t.value(7))).isEqualTo(expected(i -> i < 7, forward));
      assertThat(query("sk <= :v0", forward, t.value(7))).isEqualTo(expected(i -> i <= 7, forward));
      assertThat(query("sk > :v0", forward, t.value(7))).isEqualTo(expected(i -> i > 7, forward));
      assertThat(query("sk >= :v0", forward, t.value(7))).isEqualTo(expected(i -> i >= 7, forward));
      assertThat(query("sk BETWEEN :v0 AND :v1", forward, t.value(5), t.value(12)))
          .isEqualTo(expected(i -> i >= 5 && i <= 12, forward));
      assertThat(query(":v0 < sk", forward, t.value(17))).isEqualTo(expected(i -> i > 17, forward));
      if (t != SortType.N) {
        assertThat(query("begins_with(sk, :v0)", forward, t.prefixOfTens()))
            .isEqualTo(expected(i -> i >= 10, forward));
      }
    }
    // Bounds between stored values and outside them.
    assertThat(query("sk > :v0", true, t.value(19))).isEmpty();
    assertThat(query("sk < :v0", true, t.value(0))).isEmpty();
  }

  @Test
  void query_beginsWithOnNumberSortKey_isRefused() {
    createSorted(SortType.N);
    assertError(
        () -> query("begins_with(sk, :v0)", true, n("1")), "ValidationException", "begins_with");
  }

  @Test
  void query_beginsWithOnStrings_comparesUtf8BytesNotCharacters() {
    fx.createTable("tbl", "sk", ScalarAttributeType.S);
    for (String sk : List.of("a", "ab", "abc", "ab\uD83D\uDE00", "abd", "b", "\u00e9", "\uffff")) {
      db.putItem(b -> b.tableName("tbl").item(item("pk", "p", "sk", sk, "i", sk.length())));
    }
    List<Map<String, AttributeValue>> items =
        Paging.queryAll(
            db,
            b ->
                b.tableName("tbl")
                    .keyConditionExpression("pk = :p AND begins_with(sk, :pre)")
                    .expressionAttributeValues(Map.of(":p", s("p"), ":pre", s("ab"))));
    assertThat(items)
        .extracting(i -> i.get("sk").s())
        .containsExactly("ab", "abc", "abd", "ab\uD83D\uDE00");
    List<Map<String, AttributeValue>> all =
        Paging.queryAll(
            db,
            b ->
                b.tableName("tbl")
                    .keyConditionExpression("pk = :p")
                    .expressionAttributeValues(Map.of(":p", s("p"))));
    // UTF-8 byte order: U+00E9 (C3 A9) before U+FFFF (EF BF BF); the emoji (F0 ...) after "abd".
    assertThat(all)
        .extracting(i -> i.get("sk").s())
        .containsExactly("a", "ab", "abc", "abd", "ab\uD83D\uDE00", "b", "\u00e9", "\uffff");
  }

  private void putTagged(int count) {
    fx.createTable("tbl", "sk", ScalarAttributeType.S);
    for (int i = 0; i < count; i++) {
      int k = i;
      db.putItem(
          b ->
              b.tableName("tbl")
                  .item(item("pk", "p", "sk", String.format("k%03d", k), "i", k, "tag", k % 3)));
    }
  }

  @Test
  void paging_bothDirectionsWithAFilter_returnsExactlyTheMatchingItemsInOrder() {
    putTagged(200);
    for (boolean forward : new boolean[] {true, false}) {
      for (int limit : new int[] {1, 7, 50, 200, 1000}) {
        QueryRequest first =
            QueryRequest.builder()
                .tableName("tbl")
                .keyConditionExpression("pk = :p")
                .filterExpression("tag = :t")
                .expressionAttributeValues(Map.of(":p", s("p"), ":t", n("0")))
                .scanIndexForward(forward)
                .limit(limit)
                .build();
        List<QueryResponse> pages = Paging.queryPages(db, first);
        List<Integer> got = new ArrayList<>();
        long scanned = 0;
        for (QueryResponse page : pages) {
          assertThat(page.scannedCount()).isLessThanOrEqualTo(limit);
          assertThat(page.count()).isEqualTo(page.items().size());
          if (page.hasLastEvaluatedKey()) {
            assertThat(page.lastEvaluatedKey()).containsOnlyKeys("pk", "sk");
          }
          got.addAll(ints(page.items(), "i"));
          scanned += page.scannedCount();
        }
        List<Integer> want = new ArrayList<>();
        for (int i = 0; i < 200; i += 3) {
          want.add(i);
        }
        if (!forward) {
          Collections.reverse(want);
        }
        assertThat(got).as("limit %d forward %s", limit, forward).isEqualTo(want);
        assertThat(scanned).isEqualTo(200);
        // A page that hit the Limit exactly at the end still has a LastEvaluatedKey, so one more
        // (empty) page follows.
        int expectedPages = limit >= 1000 ? 1 : 200 / limit + 1;
        assertThat(pages).hasSize(expectedPages);
      }
    }
  }

  @Test
  void limit_countsItemsReadBeforeTheFilter() {
    putTagged(10);
    QueryResponse r =
        db.query(
            b ->
                b.tableName("tbl")
                    .keyConditionExpression("pk = :p")
                    .filterExpression("tag = :t")
                    .expressionAttributeValues(Map.of(":p", s("p"), ":t", n("1")))
                    .limit(4));
    assertThat(r.count()).isEqualTo(1);
    assertThat(r.scannedCount()).isEqualTo(4);
    assertThat(ints(r.items(), "i")).containsExactly(1);
    assertThat(r.lastEvaluatedKey()).isEqualTo(item("pk", "p", "sk", "k003"));

    QueryResponse exact =
        db.query(
            b ->
                b.tableName("tbl")
                    .keyConditionExpression("pk = :p")
                    .expressionAttributeValues(Map.of(":p", s("p")))
                    .limit(10));
    assertThat(exact.count()).isEqualTo(10);
    assertThat(exact.lastEvaluatedKey()).isEqualTo(item("pk", "p", "sk", "k009"));
    QueryResponse after =
        db.query(
            b ->
                b.tableName("tbl")
                    .keyConditionExpression("pk = :p")
                    .expressionAttributeValues(Map.of(":p", s("p")))
                    .limit(10)
                    .exclusiveStartKey(exact.lastEvaluatedKey()));
    assertThat(after.count()).isZero();
    assertThat(after.scannedCount()).isZero();
    assertThat(after.hasLastEvaluatedKey()).isFalse();

    QueryResponse more =
        db.query(
            b ->
                b.tableName("tbl")
                    .keyConditionExpression("pk = :p")
                    .expressionAttributeValues(Map.of(":p", s("p")))
                    .limit(11));
    assertThat(more.count()).isEqualTo(10);
    assertThat(more.hasLastEvaluatedKey()).isFalse();
  }

  @Test
  void exclusiveStartKey_ofAMissingItem_startsAfterItsPosition() {
    putTagged(10);
    Map<String, AttributeValue> between = item("pk", "p", "sk", "k004x");
    QueryResponse forward =
        db.query(
            b ->
                b.tableName("tbl")
                    .keyConditionExpression("pk = :p")
                    .expressionAttributeValues(Map.of(":p", s("p")))
                    .exclusiveStartKey(between));
    assertThat(ints(forward.items(), "i")).containsExactly(5, 6, 7, 8, 9);
    QueryResponse backward =
        db.query(
            b ->
                b.tableName("tbl")
                    .keyConditionExpression("pk = :p")
                    .expressionAttributeValues(Map.of(":p", s("p")))
                    .scanIndexForward(false)
                    .exclusiveStartKey(between));
    assertThat(ints(backward.items(), "i")).containsExactly(4, 3, 2, 1, 0);
  }

  @Test
  void select_variants() {
    putTagged(6);
    QueryResponse count =
        db.query(
            b ->
                b.tableName("tbl")
                    .keyConditionExpression("pk = :p")
                    .filterExpression("tag = :t")
                    .expressionAttributeValues(Map.of(":p", s("p"), ":t", n("2")))
                    .select(Select.COUNT));
    assertThat(count.hasItems()).isFalse();
    assertThat(count.count()).isEqualTo(2);
    assertThat(count.scannedCount()).isEqualTo(6);

    QueryResponse all =
        db.query(
            b ->
                b.tableName("tbl")
                    .keyConditionExpression("pk = :p")
                    .expressionAttributeValues(Map.of(":p", s("p")))
                    .select(Select.ALL_ATTRIBUTES)
                    .limit(1));
    assertThat(all.items()).containsExactly(item("pk", "p", "sk", "k000", "i", 0, "tag", 0));

    QueryResponse specific =
        db.query(
            b ->
                b.tableName("tbl")
                    .keyConditionExpression("pk = :p")
                    .expressionAttributeValues(Map.of(":p", s("p")))
                    .select(Select.SPECIFIC_ATTRIBUTES)
                    .projectionExpression("i")
                    .limit(2));
    assertThat(specific.items()).containsExactly(item("i", 0), item("i", 1));
    assertThat(specific.lastEvaluatedKey()).isEqualTo(item("pk", "p", "sk", "k001"));
  }

  @Test
  void projection_expressionAndAttributesToGet() {
    fx.createTable("tbl", "sk", ScalarAttributeType.S);
    db.putItem(
        b ->
            b.tableName("tbl")
                .item(
                    item(
                        "pk", "p",
                        "sk", "a",
                        "name", "x",
                        "m", AttributeValue.fromM(Map.of("k", s("v"), "other", s("w"))),
                        "l", AttributeValue.fromL(List.of(s("l0"), s("l1"), s("l2"))))));
    QueryResponse r =
        db.query(
            b ->
                b.tableName("tbl")
                    .keyConditionExpression("pk = :p")
                    .expressionAttributeValues(Map.of(":p", s("p")))
                    .projectionExpression("#n, m.k, l[2], nothere")
                    .expressionAttributeNames(Map.of("#n", "name")));
    assertThat(r.items())
        .containsExactly(
            item(
                "name",
                "x",
                "m",
                AttributeValue.fromM(Map.of("k", s("v"))),
                "l",
                AttributeValue.fromL(List.of(s("l2")))));
    QueryResponse legacy =
        db.query(
            b ->
                b.tableName("tbl")
                    .keyConditions(
                        Map.of(
                            "pk",
                            Condition.builder()
                                .comparisonOperator(ComparisonOperator.EQ)
                                .attributeValueList(s("p"))
                                .build()))
                    .attributesToGet("sk", "name"));
    assertThat(legacy.items()).containsExactly(item("sk", "a", "name", "x"));
  }

  @Test
  void legacyKeyConditionsAndQueryFilter_matchTheirExpressionForms() {
    putTagged(30);
    Map<String, Condition> keys =
        Map.of(
            "pk",
            Condition.builder()
                .comparisonOperator(ComparisonOperator.EQ)
                .attributeValueList(s("p"))
                .build(),
            "sk",
            Condition.builder()
                .comparisonOperator(ComparisonOperator.BETWEEN)
                .attributeValueList(s("k005"), s("k020"))
                .build());
    Map<String, Condition> filter =
        Map.of(
            "tag",
            Condition.builder()
                .comparisonOperator(ComparisonOperator.EQ)
                .attributeValueList(n("1"))
                .build(),
            "i",
            Condition.builder()
                .comparisonOperator(ComparisonOperator.LT)
                .attributeValueList(n("8"))
                .build());
    QueryResponse or =
        db.query(
            b ->
                b.tableName("tbl")
                    .keyConditions(keys)
                    .queryFilter(filter)
                    .conditionalOperator(ConditionalOperator.OR));
    QueryResponse orExpr =
        db.query(
            b ->
                b.tableName("tbl")
                    .keyConditionExpression("pk = :p AND sk BETWEEN :lo AND :hi")
                    .filterExpression("tag = :t OR i < :i")
                    .expressionAttributeValues(
                        Map.of(
                            ":p", s("p"), ":lo", s("k005"), ":hi", s("k020"), ":t", n("1"), ":i",
                            n("8"))));
    assertThat(or.items()).isEqualTo(orExpr.items());
    assertThat(ints(or.items(), "i")).containsExactly(5, 6, 7, 10, 13, 16, 19);
    assertThat(or.scannedCount()).isEqualTo(16);

    QueryResponse and = db.query(b -> b.tableName("tbl").keyConditions(keys).queryFilter(filter));
    assertThat(ints(and.items(), "i")).containsExactly(7);

    QueryResponse prefix =
        db.query(
            b ->
                b.tableName("tbl")
                    .keyConditions(
                        Map.of(
                            "pk",
                            keys.get("pk"),
                            "sk",
                            Condition.builder()
                                .comparisonOperator(ComparisonOperator.BEGINS_WITH)
                                .attributeValueList(s("k01"))
                                .build()))
                    .scanIndexForward(false));
    assertThat(ints(prefix.items(), "i")).containsExactly(19, 18, 17, 16, 15, 14, 13, 12, 11, 10);
  }

  @Test
  void consumedCapacity_isChargedOnTheTotalSizeRead() {
    fx.createTable("tbl", "sk", ScalarAttributeType.S);
    String data = "x".repeat(1000);
    for (int i = 0; i < 100; i++) {
      String sk = String.format("k%03d", i);
      db.putItem(b -> b.tableName("tbl").item(item("pk", "p", "sk", sk, "filler", data)));
    }
    // Each item: pk(2) + "p"(1) + sk(2) + "k000"(4) + filler(6) + 1000 = 1015 bytes; 100 items are
    // 101,500 bytes, 25 units of 4 KB.
    QueryResponse eventual =
        db.query(
            b ->
                b.tableName("tbl")
                    .keyConditionExpression("pk = :p")
                    .expressionAttributeValues(Map.of(":p", s("p")))
                    .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
    assertThat(eventual.consumedCapacity().capacityUnits()).isEqualTo(12.5);
    assertThat(eventual.consumedCapacity().tableName()).isEqualTo("tbl");
    assertThat(eventual.consumedCapacity().table()).isNull();
    QueryResponse strong =
        db.query(
            b ->
                b.tableName("tbl")
                    .keyConditionExpression("pk = :p")
                    .expressionAttributeValues(Map.of(":p", s("p")))
                    .consistentRead(true)
                    .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES));
    assertThat(strong.consumedCapacity().capacityUnits()).isEqualTo(25.0);
    assertThat(strong.consumedCapacity().table().capacityUnits()).isEqualTo(25.0);
    assertThat(strong.consumedCapacity().readCapacityUnits()).isNull();
    assertThat(strong.consumedCapacity().table().readCapacityUnits()).isNull();
    QueryResponse filtered =
        db.query(
            b ->
                b.tableName("tbl")
                    .keyConditionExpression("pk = :p")
                    .filterExpression("attribute_not_exists(filler)")
                    .expressionAttributeValues(Map.of(":p", s("p")))
                    .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
    assertThat(filtered.count()).isZero();
    assertThat(filtered.consumedCapacity().capacityUnits()).isEqualTo(12.5);
    QueryResponse none =
        db.query(
            b ->
                b.tableName("tbl")
                    .keyConditionExpression("pk = :p")
                    .expressionAttributeValues(Map.of(":p", s("none")))
                    .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
    assertThat(none.consumedCapacity().capacityUnits()).isEqualTo(0.5);
    QueryResponse notAsked =
        db.query(
            b ->
                b.tableName("tbl")
                    .keyConditionExpression("pk = :p")
                    .expressionAttributeValues(Map.of(":p", s("p"))));
    assertThat(notAsked.consumedCapacity()).isNull();
  }
}
