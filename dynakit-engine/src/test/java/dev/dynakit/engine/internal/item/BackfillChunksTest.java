package dev.dynakit.engine.internal.item;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.engine.CountingStore;
import dev.dynakit.engine.DynakitEngine;
import dev.dynakit.engine.JsonCalls;
import dev.dynakit.engine.internal.storage.memory.MemoryStore;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A GSI backfill walks the table a bounded chunk at a time: it never reads more than a chunk of
 * items before writing their entries, and writes a store batch per chunk, not per item.
 */
class BackfillChunksTest {
  private static final int ITEMS = 3_000;

  private final CountingStore store = new CountingStore(new MemoryStore());
  private final DynakitEngine engine = DynakitEngine.builder().store(store).build();
  private final JsonCalls calls = new JsonCalls(engine);

  @AfterEach
  void close() {
    engine.close();
  }

  @Test
  void backfillHoldsAtMostAChunkAndWritesABatchPerChunk() {
    calls
        .call(
            "CreateTable",
            "{'TableName':'tbl','BillingMode':'PAY_PER_REQUEST','AttributeDefinitions':"
                + "[{'AttributeName':'pk','AttributeType':'S'}],"
                + "'KeySchema':[{'AttributeName':'pk','KeyType':'HASH'}]}")
        .ok();
    for (int i = 0; i < ITEMS; i += 25) {
      StringBuilder puts = new StringBuilder();
      for (int j = i; j < i + 25; j++) {
        puts.append(j == i ? "" : ",")
            .append("{'PutRequest':{'Item':{'pk':{'S':'k")
            .append(j)
            .append("'},'c':{'S':'c")
            .append(j % 7)
            .append("'}}}}");
      }
      calls.call("BatchWriteItem", "{'RequestItems':{'tbl':[" + puts + "]}}").ok();
    }
    List<Integer> backfillBatches = store.batchesOf(name -> name.startsWith("dynakit-backfill-"));
    store.reset();

    calls
        .call(
            "UpdateTable",
            "{'TableName':'tbl','AttributeDefinitions':[{'AttributeName':'c','AttributeType':'S'}],"
                + "'GlobalSecondaryIndexUpdates':[{'Create':{'IndexName':'byC','KeySchema':"
                + "[{'AttributeName':'c','KeyType':'HASH'}],'Projection':{'ProjectionType':'ALL'}}}]}")
        .ok();
    awaitActive("byC");

    assertThat(store.mostPerCursor()).isLessThanOrEqualTo(BackfillWalk.MAX_ITEMS);
    assertThat(backfillBatches).allSatisfy(n -> assertThat(n).isBetween(1, BackfillWalk.MAX_ITEMS));
    int chunks = (ITEMS + BackfillWalk.MAX_ITEMS - 1) / BackfillWalk.MAX_ITEMS;
    assertThat(backfillBatches).hasSize(chunks);
    assertThat(backfillBatches.stream().mapToInt(Integer::intValue).sum()).isEqualTo(ITEMS);
    Map<String, Object> count =
        calls.call("Scan", "{'TableName':'tbl','IndexName':'byC','Select':'COUNT'}").ok().body();
    assertThat(count.get("Count")).isEqualTo((long) ITEMS);
  }

  /** Waits, yielding, until the index is ACTIVE (its backfill ended); fails after a minute. */
  @SuppressWarnings("unchecked")
  private void awaitActive(String index) {
    long deadline = System.nanoTime() + 60_000_000_000L;
    while (true) {
      Map<String, Object> table =
          (Map<String, Object>)
              calls.call("DescribeTable", "{'TableName':'tbl'}").ok().body().get("Table");
      List<Map<String, Object>> gsis =
          (List<Map<String, Object>>) table.get("GlobalSecondaryIndexes");
      if (gsis.stream()
          .anyMatch(
              g -> g.get("IndexName").equals(index) && g.get("IndexStatus").equals("ACTIVE"))) {
        return;
      }
      assertThat(System.nanoTime()).as("the backfill never ended").isLessThan(deadline);
      Thread.yield();
    }
  }
}
