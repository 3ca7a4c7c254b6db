package dev.dynakit.it.engine;

import static dev.dynakit.it.engine.Items.item;
import static dev.dynakit.it.engine.Items.n;
import static dev.dynakit.it.engine.Items.s;
import static dev.dynakit.it.engine.Paging.ints;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.AfterParameterizedClassInvocation;
import org.junit.jupiter.params.BeforeParameterizedClassInvocation;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ComparisonOperator;
import software.amazon.awssdk.services.dynamodb.model.Condition;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.Select;

/** Scan on tables: storage order, paging, parallel segments, filters, Select, projections. */
@ParameterizedClass
@EnumSource(EngineSetup.class)
class ScanIT {
  private static final int PARTITIONS = 250;
  private static final int PER_PARTITION = 4;

  @Parameter EngineSetup setup;
  static EngineFixture fx;
  static DynamoDbClient db;

  // The thousand items are written once per setup: every test here only reads them.
  @BeforeParameterizedClassInvocation
  static void setUp(EngineSetup setup) {
    fx = new EngineFixture(setup);
    db = fx.client;
    fx.createTable("tbl", "sk", ScalarAttributeType.N);
    putThousand();
    fx.createTable("empty", "sk", ScalarAttributeType.N);
  }

  @AfterParameterizedClassInvocation
  static void tearDown() {
    fx.close();
  }

  /** 1000 items: 250 partitions of 4, {@code i} numbering them. */
  private static void putThousand() {
    for (int p = 0; p < PARTITIONS; p++) {
      for (int k = 0; k < PER_PARTITION; k++) {
        int i = p * PER_PARTITION + k;
        Map<String, AttributeValue> item = item("pk", "p" + p, "sk", k, "i", i, "tag", i % 5);
        db.putItem(b -> b.tableName("tbl").item(item));
      }
    }
  }

  private List<Integer> segment(int segment, int total, int limit) {
    return ints(
        Paging.scanAll(
            db, b -> b.tableName("tbl").segment(segment).totalSegments(total).limit(limit)),
        "i");
  }

  @Test
  void parallelScan_segmentsTogetherReturnEveryItemExactlyOnce() {
    for (int total : new int[] {1, 2, 7, 50}) {
      List<Integer> all = new ArrayList<>();
      List<Integer> sizes = new ArrayList<>();
      for (int seg = 0; seg < total; seg++) {
        List<Integer> part = segment(seg, total, 100);
        sizes.add(part.size());
        all.addAll(part);
      }
      assertThat(all).as("TotalSegments %d", total).hasSize(1000);
      assertThat(new HashSet<>(all)).hasSize(1000);
      if (total == 7) {
        // The hash spreads partitions: no segment of seven holds much more than its share.
        assertThat(sizes).allSatisfy(size -> assertThat(size).isBetween(60, 240));
      }
    }
    // A segment beyond the data's partitions is simply empty, never an error.
    int empty = 0;
    for (int seg = 0; seg < 1000; seg += 97) {
      if (segment(seg, 1_000_000, 10).isEmpty()) {
        empty++;
      }
    }
    assertThat(empty).isGreaterThan(5);
  }

  @Test
  void scanOrder_isStableAndTheSameAsSegmentsInOrder() {
    List<Integer> full = ints(Paging.scanAll(db, b -> b.tableName("tbl").limit(37)), "i");
    List<Integer> again = ints(Paging.scanAll(db, b -> b.tableName("tbl")), "i");
    List<Integer> single = segment(0, 1, 1000);
    List<Integer> sevenInOrder = new ArrayList<>();
    for (int seg = 0; seg < 7; seg++) {
      sevenInOrder.addAll(segment(seg, 7, 1000));
    }
    assertThat(full).hasSize(1000);
    assertThat(again).isEqualTo(full);
    assertThat(single).isEqualTo(full);
    assertThat(sevenInOrder).isEqualTo(full);
    // Hash order, not key order; each partition's items stay together, in sort-key order.
    List<Integer> sorted = new ArrayList<>(full);
    sorted.sort(null);
    assertThat(full).isNotEqualTo(sorted);
    for (int at = 0; at < full.size(); at += PER_PARTITION) {
      int first = full.get(at);
      assertThat(first % PER_PARTITION).isZero();
      assertThat(full.subList(at, at + PER_PARTITION))
          .containsExactly(first, first + 1, first + 2, first + 3);
    }
  }

  @Test
  void scan_limitFilterAndLastEvaluatedKey() {
    List<ScanResponse> pages =
        Paging.scanPages(
            db,
            software.amazon.awssdk.services.dynamodb.model.ScanRequest.builder()
                .tableName("tbl")
                .filterExpression("tag = :t")
                .expressionAttributeValues(Map.of(":t", n("0")))
                .limit(100)
                .build());
    // 1000 items, 100 a page: the tenth page hits the Limit exactly and an empty page follows.
    assertThat(pages).hasSize(11);
    Set<Integer> got = new HashSet<>();
    for (ScanResponse page : pages.subList(0, 10)) {
      assertThat(page.scannedCount()).isEqualTo(100);
      assertThat(page.lastEvaluatedKey()).containsOnlyKeys("pk", "sk");
      got.addAll(ints(page.items(), "i"));
    }
    assertThat(pages.get(10).scannedCount()).isZero();
    assertThat(got).hasSize(200).allSatisfy(i -> assertThat(i % 5).isZero());
  }

  @Test
  void scanFilter_legacyConditionsAndSelect() {
    ScanResponse legacy =
        db.scan(
            b ->
                b.tableName("tbl")
                    .scanFilter(
                        Map.of(
                            "i",
                            Condition.builder()
                                .comparisonOperator(ComparisonOperator.BETWEEN)
                                .attributeValueList(n("10"), n("19"))
                                .build(),
                            "pk",
                            Condition.builder()
                                .comparisonOperator(ComparisonOperator.BEGINS_WITH)
                                .attributeValueList(s("p"))
                                .build()))
                    .attributesToGet("i"));
    assertThat(legacy.count()).isEqualTo(10);
    assertThat(legacy.scannedCount()).isEqualTo(1000);
    assertThat(legacy.items()).allSatisfy(item -> assertThat(item).containsOnlyKeys("i"));
    assertThat(ints(legacy.items(), "i"))
        .containsExactlyInAnyOrder(10, 11, 12, 13, 14, 15, 16, 17, 18, 19);

    ScanResponse count =
        db.scan(
            b ->
                b.tableName("tbl")
                    .select(Select.COUNT)
                    .filterExpression("pk = :p")
                    .expressionAttributeValues(Map.of(":p", s("p7"))));
    assertThat(count.hasItems()).isFalse();
    assertThat(count.count()).isEqualTo(4);

    ScanResponse projected =
        db.scan(
            b ->
                b.tableName("tbl")
                    .projectionExpression("sk, tag")
                    .filterExpression("i = :i")
                    .expressionAttributeValues(Map.of(":i", n("42")))
                    .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
    assertThat(projected.items()).containsExactly(item("sk", 2, "tag", 2));
    assertThat(projected.consumedCapacity().capacityUnits()).isPositive();
  }

  @Test
  void scan_emptyTable_hasNoItemsAndNoKey() {
    ScanResponse r = db.scan(b -> b.tableName("empty").segment(3).totalSegments(4));
    assertThat(r.items()).isEmpty();
    assertThat(r.count()).isZero();
    assertThat(r.hasLastEvaluatedKey()).isFalse();
    Map<String, AttributeValue> start = item("pk", "x", "sk", 1);
    assertThat(db.scan(b -> b.tableName("empty").exclusiveStartKey(start)).count()).isZero();
  }
}
