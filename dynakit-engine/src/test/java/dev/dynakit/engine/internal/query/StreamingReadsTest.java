package dev.dynakit.engine.internal.query;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.engine.CountingStore;
import dev.dynakit.engine.DynakitEngine;
import dev.dynakit.engine.JsonCalls;
import dev.dynakit.engine.internal.storage.memory.MemoryStore;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Query and Scan stream from the store: a page reads the entries it returns (up to its Limit or 1
 * MB), never the rest of the partition or table; DescribeTable's counts read no items.
 */
class StreamingReadsTest {
  private static final int PARTITION = 2_000;
  private static final String PADDING = "x".repeat(1_000);

  private final CountingStore store = new CountingStore(new MemoryStore());
  private final DynakitEngine engine = DynakitEngine.builder().store(store).build();
  private final JsonCalls calls = new JsonCalls(engine);

  @BeforeEach
  void fill() {
    calls
        .call(
            "CreateTable",
            "{'TableName':'tbl','BillingMode':'PAY_PER_REQUEST','AttributeDefinitions':"
                + "[{'AttributeName':'pk','AttributeType':'S'},"
                + "{'AttributeName':'sk','AttributeType':'N'}],"
                + "'KeySchema':[{'AttributeName':'pk','KeyType':'HASH'},"
                + "{'AttributeName':'sk','KeyType':'RANGE'}]}")
        .ok();
    // one partition of 2,000 items of about 1 KB (2 MB), and 2,000 partitions of one item
    for (int i = 0; i < PARTITION; i += 25) {
      StringBuilder big = new StringBuilder();
      StringBuilder small = new StringBuilder();
      for (int j = i; j < i + 25; j++) {
        String sep = j == i ? "" : ",";
        big.append(sep)
            .append("{'PutRequest':{'Item':{'pk':{'S':'big'},'sk':{'N':'")
            .append(j)
            .append("'},'pad':{'S':'")
            .append(PADDING)
            .append("'}}}}");
        small
            .append(sep)
            .append("{'PutRequest':{'Item':{'pk':{'S':'p")
            .append(j)
            .append("'},'sk':{'N':'0'}}}}");
      }
      calls.call("BatchWriteItem", "{'RequestItems':{'tbl':[" + big + "]}}").ok();
      calls.call("BatchWriteItem", "{'RequestItems':{'tbl':[" + small + "]}}").ok();
    }
    store.reset();
  }

  @AfterEach
  void close() {
    engine.close();
  }

  @Test
  void queryWithLimitReadsOnlyItsPage() {
    Map<String, Object> page = query("'Limit':10");
    assertThat((List<?>) page.get("Items")).hasSize(10);
    assertThat(store.cursorEntries()).isEqualTo(10);
  }

  @Test
  void backwardQueryWithLimitReadsOnlyItsPage() {
    Map<String, Object> page = query("'Limit':5,'ScanIndexForward':false");
    assertThat((List<?>) page.get("Items")).hasSize(5);
    assertThat(store.cursorEntries()).isEqualTo(5);
  }

  @Test
  void queryWithoutLimitStopsAtOneMegabyte() {
    Map<String, Object> page = query("'Select':'COUNT'");
    assertThat(page).containsKey("LastEvaluatedKey");
    long scanned = (Long) page.get("ScannedCount");
    // about 1,000 items of about 1 KB make a megabyte: half the partition
    assertThat(scanned).isBetween(900L, 1_100L);
    assertThat(store.cursorEntries()).isEqualTo(scanned);
  }

  @Test
  void queryFilteringEverythingOutStillStopsAtOneMegabyte() {
    Map<String, Object> page = query("'FilterExpression':'attribute_exists(nothing)'");
    assertThat((List<?>) page.get("Items")).isEmpty();
    assertThat(store.cursorEntries()).isLessThan(PARTITION);
  }

  @Test
  void scanWithLimitReadsOnlyItsPage() {
    Map<String, Object> page = calls.call("Scan", "{'TableName':'tbl','Limit':7}").ok().body();
    assertThat((List<?>) page.get("Items")).hasSize(7);
    assertThat(store.cursorEntries()).isEqualTo(7);
  }

  @Test
  void describeTableReadsNoItems() {
    Map<String, Object> table = calls.call("DescribeTable", "{'TableName':'tbl'}").ok().body();
    assertThat(((Map<?, ?>) table.get("Table")).get("ItemCount")).isEqualTo((long) 2 * PARTITION);
    assertThat(store.cursorEntries()).isZero();
    assertThat(store.pointReads()).isZero();
  }

  private Map<String, Object> query(String extra) {
    return calls
        .call(
            "Query",
            "{'TableName':'tbl','KeyConditionExpression':'pk = :p',"
                + "'ExpressionAttributeValues':{':p':{'S':'big'}},"
                + extra
                + "}")
        .ok()
        .body();
  }
}
