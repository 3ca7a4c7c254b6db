package dev.dynakit.benchmarks;

import dev.dynakit.engine.DynakitEngine;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * How Query latency grows with the table: one engine per size of {@code --sizes}, each loaded with
 * that many items of {@link ScaleTable} (memory stores, or on-disk stores in subdirectories of
 * {@code --dir}), then Queries of a random partition (10 items, about 2 KB) on one thread, calling
 * the engines in the same JVM. The engines take turns: {@code --rounds} rounds of {@code --queries}
 * Queries each, the order reversed every other round, the first round unmeasured; so a change of
 * the machine's speed weighs on every size alike. Prints a line per size (p50 and p90 in µs, the
 * load rate, the heap) and the growth of the p50 from the smallest table to the largest.
 *
 * <p>With {@code --warm} every table is first read whole with paged Scans, so that the Queries
 * measure a server whose caches hold the table (the on-disk store's block cache); without it, an
 * on-disk table's Queries mostly read blocks no Query read before, which is what a freshly opened
 * server does (see {@link FirstTouchCost} for what that costs on the machine itself).
 *
 * <p>With {@code --reopen} (on-disk stores) it then closes every engine and opens its directory
 * again, as after a restart: every table is then in files (the store writes its memtable out at a
 * close). Once RocksDB's background compactions have settled (no data file made or deleted for
 * {@code --settle-seconds}, 10 by default: {@link StoreSettling}) the Queries are timed again
 * (after another warming read with {@code --warm}), printed with {@code reopened=true}. The first
 * measurement has the smaller tables in RocksDB's memtable, which no read from a file matches, and
 * the largest still being compacted; the second compares tables read the same way, as a server
 * whose data was written earlier reads them.
 *
 * <p>With {@code --scan} it then reads the largest table whole with paged Scans ({@code Select
 * COUNT}), checking that every item is seen, and prints the rate and the peak heap: the table is
 * streamed, never held.
 *
 * <pre>
 * java -Xmx8g -cp … dev.dynakit.benchmarks.QueryLatencyGrowth --store memory
 * java -Xmx512m -cp … dev.dynakit.benchmarks.QueryLatencyGrowth --store disk --dir /tmp/scale --scan
 * </pre>
 */
public final class QueryLatencyGrowth {
  private QueryLatencyGrowth() {}

  public static void main(String[] args) {
    Flags flags =
        Flags.parse(
            args,
            Set.of(
                "--store",
                "--dir",
                "--sizes",
                "--queries",
                "--rounds",
                "--threads",
                "--settle-seconds"),
            Set.of("--scan", "--warm", "--reopen"));
    List<Long> sizes = new ArrayList<>();
    for (String s : flags.list("--sizes", "10000,100000,1000000,10000000")) {
      sizes.add(Long.parseLong(s.trim()));
    }
    int queries = flags.integer("--queries", 2_000);
    int rounds = flags.integer("--rounds", 11);
    int threads = flags.integer("--threads", 2);
    String store = flags.string("--store", "memory");
    String dir = flags.string("--dir", null);
    int settleSeconds = flags.integer("--settle-seconds", 10);
    if (settleSeconds < 1) {
      // checked before the load: a wrong flag should not cost the hour a 10^7-item load takes
      throw new IllegalArgumentException(
          "--settle-seconds must be at least 1, not " + settleSeconds);
    }
    if (flags.has("--reopen") && !store.equals("disk")) {
      throw new IllegalArgumentException("--reopen needs --store disk: a memory store is gone");
    }
    int n = sizes.size();
    DynakitEngine[] engines = new DynakitEngine[n];
    double[] rates = new double[n];
    try {
      Heap.resetPeaks();
      for (int e = 0; e < n; e++) {
        engines[e] = Engines.open(store, dir == null ? null : dir + "/items-" + sizes.get(e));
        ScaleTable.create(engines[e]);
        rates[e] = sizes.get(e) / ScaleTable.load(engines[e], 0, sizes.get(e), threads);
        System.out.printf(
            "loaded store=%s items=%d items_per_s=%.0f heap_live_mb=%d heap_peak_mb=%d%n",
            store, sizes.get(e), rates[e], Heap.liveMb(), Heap.peakMb());
        System.out.flush();
      }
      measure(engines, store, sizes, rates, flags.has("--warm"), queries, rounds, false);
      if (flags.has("--reopen")) {
        for (int e = 0; e < n; e++) {
          engines[e].close();
          engines[e] = null;
          engines[e] = Engines.open(store, dir == null ? null : dir + "/items-" + sizes.get(e));
        }
        List<Path> directories = new ArrayList<>();
        for (Long size : sizes) {
          directories.add(Path.of(dir, "items-" + size));
        }
        StoreSettling.await(directories, settleSeconds);
        measure(engines, store, sizes, rates, flags.has("--warm"), queries, rounds, true);
      }
      if (flags.has("--scan")) {
        scan(engines[n - 1], store, sizes.get(n - 1));
      }
    } finally {
      for (DynakitEngine engine : engines) {
        if (engine != null) {
          engine.close();
        }
      }
    }
  }

  /**
   * Times Queries of every engine in turns (after reading every table whole, with {@code warm}) and
   * prints a line per size and the growth of the p50.
   */
  private static void measure(
      DynakitEngine[] engines,
      String store,
      List<Long> sizes,
      double[] rates,
      boolean warm,
      int queries,
      int rounds,
      boolean reopened) {
    int n = engines.length;
    if (warm) {
      // the steady state of a server in use: every block of the table read once, so that the
      // Queries measure reading cached blocks, not the block cache's first growth (each new
      // block of native memory is a page fault, 15-30 us on the benchmark machine's VM)
      for (int e = 0; e < n; e++) {
        scan(engines[e], store, sizes.get(e));
      }
    }
    long[][] nanos = new long[n][queries * (rounds - 1)];
    SplittableRandom random = new SplittableRandom(42);
    for (int r = 0; r < rounds; r++) {
      for (int k = 0; k < n; k++) {
        int e = r % 2 == 0 ? k : n - 1 - k;
        // round 0 warms up: the JIT, and each engine's caches after the others' turns
        time(engines[e], sizes.get(e), random, nanos[e], r == 0 ? -1 : (r - 1) * queries, queries);
      }
    }
    double[] p50 = new double[n];
    String tag = reopened ? " reopened=true" : "";
    for (int e = 0; e < n; e++) {
      Arrays.sort(nanos[e]);
      int m = nanos[e].length;
      p50[e] = nanos[e][m / 2] / 1e3;
      System.out.printf(
          "latency store=%s%s items=%d query_p50_us=%.1f query_p90_us=%.1f load_items_per_s=%.0f%n",
          store, tag, sizes.get(e), p50[e], nanos[e][m * 9 / 10] / 1e3, rates[e]);
    }
    System.out.printf(
        "latency-growth store=%s%s from=%d to=%d p50_growth=%.2fx heap_live_mb=%d"
            + " heap_peak_mb=%d max_heap_mb=%d%n",
        store,
        tag,
        sizes.get(0),
        sizes.get(n - 1),
        p50[n - 1] / p50[0],
        Heap.liveMb(),
        Heap.peakMb(),
        Heap.maxMb());
    System.out.flush();
  }

  /**
   * Times {@code count} Queries of random partitions of a table of {@code items}, storing the
   * nanoseconds of each from {@code nanos[at]} (nowhere when {@code at} is negative).
   */
  private static void time(
      DynakitEngine engine, long items, SplittableRandom random, long[] nanos, int at, int count) {
    long partitions = items / ScaleTable.PER_PARTITION;
    for (int i = 0; i < count; i++) {
      byte[] body = query(ScaleTable.partition(random.nextLong(partitions)));
      long t0 = System.nanoTime();
      byte[] answer = engine.handle(DynakitEngine.TARGET_PREFIX + "Query", body).body();
      long took = System.nanoTime() - t0;
      if (at >= 0) {
        nanos[at + i] = took;
      }
      if (!new String(answer, StandardCharsets.UTF_8)
          .contains("\"Count\":" + ScaleTable.PER_PARTITION + ",")) {
        throw new IllegalStateException(
            "a Query did not return its partition: " + new String(answer, StandardCharsets.UTF_8));
      }
    }
  }

  private static byte[] query(String partition) {
    return ("{\"TableName\":\""
            + ScaleTable.NAME
            + "\",\"KeyConditionExpression\":\"pk = :p\",\"ExpressionAttributeValues\":"
            + "{\":p\":{\"S\":\""
            + partition
            + "\"}}}")
        .getBytes(StandardCharsets.UTF_8);
  }

  /** Scans the whole table page by page (Select COUNT) and checks it saw every item. */
  private static void scan(DynakitEngine engine, String store, long items) {
    Heap.liveMb();
    Heap.resetPeaks();
    long start = System.nanoTime();
    long seen = 0;
    long pages = 0;
    String startKey = null;
    do {
      String body =
          "{\"TableName\":\""
              + ScaleTable.NAME
              + "\",\"Select\":\"COUNT\""
              + (startKey == null ? "" : ",\"ExclusiveStartKey\":" + startKey)
              + "}";
      String answer = ScaleTable.call(engine, "Scan", body);
      seen += Pages.number(answer, "\"Count\":");
      pages++;
      startKey = Pages.object(answer, "\"LastEvaluatedKey\":");
    } while (startKey != null);
    double seconds = (System.nanoTime() - start) / 1e9;
    if (seen != items) {
      throw new IllegalStateException("the Scan saw " + seen + " items of " + items);
    }
    System.out.printf(
        "scan store=%s items=%d pages=%d seconds=%.1f items_per_s=%.0f heap_peak_mb=%d"
            + " max_heap_mb=%d%n",
        store, seen, pages, seconds, seen / seconds, Heap.peakMb(), Heap.maxMb());
  }
}
