package dev.dynakit.benchmarks;

import dev.dynakit.engine.DynakitEngine;
import java.util.Set;

/**
 * A GSI backfill of a large table: loads {@code --items} items of {@link ScaleTable}, then adds a
 * global secondary index on {@code g} (1,000 distinct values, ALL projection) with UpdateTable and
 * waits for it to become ACTIVE, sampling the heap meanwhile. Prints the backfill's rate, the heap
 * held before it began and the most held while it ran (both after a full collection), and checks
 * that the index holds an entry for every item.
 *
 * <pre>
 * java -Xmx512m -cp … dev.dynakit.benchmarks.BackfillRun --store disk --dir /tmp/bf --items 1000000
 * </pre>
 */
public final class BackfillRun {
  private static final String ADD_INDEX =
      "{\"TableName\":\""
          + ScaleTable.NAME
          + "\",\"AttributeDefinitions\":[{\"AttributeName\":\"g\",\"AttributeType\":\"S\"}],"
          + "\"GlobalSecondaryIndexUpdates\":[{\"Create\":{\"IndexName\":\"byG\",\"KeySchema\":"
          + "[{\"AttributeName\":\"g\",\"KeyType\":\"HASH\"}],"
          + "\"Projection\":{\"ProjectionType\":\"ALL\"}}}]}";

  private BackfillRun() {}

  public static void main(String[] args) throws InterruptedException {
    Flags flags = Flags.parse(args, Set.of("--store", "--dir", "--items", "--threads"), Set.of());
    String store = flags.string("--store", "memory");
    int items = flags.integer("--items", 1_000_000);
    try (DynakitEngine engine = Engines.open(store, flags.string("--dir", null))) {
      ScaleTable.create(engine);
      double loadSeconds = ScaleTable.load(engine, 0, items, flags.integer("--threads", 2));
      long before = Heap.liveMb();
      Heap.resetPeaks();
      long start = System.nanoTime();
      ScaleTable.call(engine, "UpdateTable", ADD_INDEX);
      long most = before;
      int samples = 0;
      while (!active(engine)) {
        // a full collection shows what the backfill holds, not the garbage it leaves
        most = Math.max(most, Heap.liveMb());
        samples++;
        Thread.sleep(200);
      }
      double seconds = (System.nanoTime() - start) / 1e9;
      long entries = indexEntries(engine);
      if (entries != items) {
        throw new IllegalStateException("the index holds " + entries + " entries of " + items);
      }
      System.out.printf(
          "backfill store=%s items=%d load_items_per_s=%.0f seconds=%.1f items_per_s=%.0f"
              + " heap_live_before_mb=%d heap_live_during_max_mb=%d heap_samples=%d"
              + " heap_peak_mb=%d max_heap_mb=%d%n",
          store,
          items,
          items / loadSeconds,
          seconds,
          items / seconds,
          before,
          most,
          samples,
          Heap.peakMb(),
          Heap.maxMb());
    }
  }

  private static boolean active(DynakitEngine engine) {
    String table =
        ScaleTable.call(engine, "DescribeTable", "{\"TableName\":\"" + ScaleTable.NAME + "\"}");
    return table.contains("\"IndexStatus\":\"ACTIVE\"");
  }

  /** The index's entries, counted by paged Scans of the index. */
  private static long indexEntries(DynakitEngine engine) {
    long total = 0;
    String startKey = null;
    do {
      String answer =
          ScaleTable.call(
              engine,
              "Scan",
              "{\"TableName\":\""
                  + ScaleTable.NAME
                  + "\",\"IndexName\":\"byG\",\"Select\":\"COUNT\""
                  + (startKey == null ? "" : ",\"ExclusiveStartKey\":" + startKey)
                  + "}");
      total += Pages.number(answer, "\"Count\":");
      startKey = Pages.object(answer, "\"LastEvaluatedKey\":");
    } while (startKey != null);
    return total;
  }
}
