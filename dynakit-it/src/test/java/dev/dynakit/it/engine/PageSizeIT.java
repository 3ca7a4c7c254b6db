package dev.dynakit.it.engine;

import static dev.dynakit.it.engine.Items.item;
import static dev.dynakit.it.engine.Items.s;
import static dev.dynakit.it.engine.Paging.ints;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * The 1 MB page limit of Query and Scan: a page ends with the item whose size brings the total read
 * to 1 MB, and carries its key.
 */
@ParameterizedClass
@EnumSource(EngineSetup.class)
class PageSizeIT {
  private static final int ITEMS = 25;
  private static final int VALUE_BYTES = 100_000;
  private static final long MB = 1024 * 1024;

  @Parameter EngineSetup setup;
  EngineFixture fx;
  DynamoDbClient db;

  @BeforeEach
  void setUp() {
    fx = new EngineFixture(setup);
    db = fx.client;
    fx.createTable("big", "sk", ScalarAttributeType.S);
    String value = "v".repeat(VALUE_BYTES);
    for (int i = 0; i < ITEMS; i++) {
      int k = i;
      db.putItem(
          b ->
              b.tableName("big")
                  .item(item("pk", "p", "sk", String.format("k%02d", k), "i", k, "blob", value)));
    }
  }

  @AfterEach
  void tearDown() {
    fx.close();
  }

  /** An item's size: "pk"+"p", "sk"+"kNN", "i"+number (2 bytes below 100), "blob"+value. */
  private static long itemSize() {
    return 3 + 5 + 3 + 4 + VALUE_BYTES;
  }

  /** The page sizes DynamoDB's rule gives: an item that brings the total to 1 MB ends its page. */
  private static List<Integer> expectedPageSizes() {
    List<Integer> sizes = new ArrayList<>();
    int left = ITEMS;
    while (left > 0) {
      int n = 0;
      long bytes = 0;
      while (left > 0 && bytes < MB) {
        bytes += itemSize();
        n++;
        left--;
      }
      sizes.add(n);
    }
    return sizes;
  }

  @Test
  void query_pagesStopAtOneMegabyte() {
    List<Integer> expected = expectedPageSizes();
    assertThat(expected).containsExactly(11, 11, 3);
    for (boolean forward : new boolean[] {true, false}) {
      List<QueryResponse> pages =
          Paging.queryPages(
              db,
              QueryRequest.builder()
                  .tableName("big")
                  .keyConditionExpression("pk = :p")
                  .expressionAttributeValues(Map.of(":p", s("p")))
                  .scanIndexForward(forward)
                  .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                  .build());
      List<Integer> sizes = new ArrayList<>();
      List<Integer> all = new ArrayList<>();
      for (QueryResponse page : pages) {
        sizes.add(page.count());
        List<Integer> ids = ints(page.items(), "i");
        all.addAll(ids);
        if (page.hasLastEvaluatedKey()) {
          int last = ids.get(ids.size() - 1);
          assertThat(page.lastEvaluatedKey())
              .isEqualTo(item("pk", "p", "sk", String.format("k%02d", last)));
        }
        // Eventually consistent: half a unit per 4 KB of the page's total size.
        double units = Math.ceil(page.count() * itemSize() / 4096.0) / 2;
        assertThat(page.consumedCapacity().capacityUnits()).isEqualTo(units);
      }
      assertThat(sizes).isEqualTo(expected);
      assertThat(all).hasSize(ITEMS).doesNotHaveDuplicates();
      assertThat(all).isSortedAccordingTo(forward ? Integer::compare : (a, b) -> b - a);
    }
  }

  @Test
  void scan_pagesStopAtOneMegabyteAndALimitBelowItWins() {
    List<ScanResponse> pages = Paging.scanPages(db, ScanRequest.builder().tableName("big").build());
    assertThat(pages).extracting(ScanResponse::count).isEqualTo(expectedPageSizes());
    assertThat(pages.get(0).hasLastEvaluatedKey()).isTrue();
    assertThat(pages.get(2).hasLastEvaluatedKey()).isFalse();

    ScanResponse limited = db.scan(b -> b.tableName("big").limit(4));
    assertThat(limited.count()).isEqualTo(4);
    assertThat(limited.hasLastEvaluatedKey()).isTrue();
  }
}
