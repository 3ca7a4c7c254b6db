package dev.dynakit.benchmarks;

import dev.dynakit.engine.DynakitEngine;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.Set;

/**
 * Opening an on-disk engine: with {@code --load N}, fills a fresh data directory with N items of
 * {@link ScaleTable} and closes it; without, opens the directory (in a fresh JVM, as {@code
 * ./dynakit serve --data-dir} does) and prints how long {@link DynakitEngine#onDisk} took, then the
 * first GetItem and the first DescribeTable (whose item count must be the table's).
 *
 * <pre>
 * java -Xmx512m -cp … dev.dynakit.benchmarks.DiskOpen --dir /tmp/open --load 1000000
 * java -Xmx512m -cp … dev.dynakit.benchmarks.DiskOpen --dir /tmp/open
 * </pre>
 */
public final class DiskOpen {
  private DiskOpen() {}

  public static void main(String[] args) {
    Flags flags = Flags.parse(args, Set.of("--dir", "--load", "--threads"), Set.of());
    Path dir = Path.of(flags.required("--dir"));
    if (flags.has("--load")) {
      int items = flags.integer("--load", 0);
      try (DynakitEngine engine = Engines.open("disk", dir.toString())) {
        ScaleTable.create(engine);
        double seconds = ScaleTable.load(engine, 0, items, flags.integer("--threads", 2));
        System.out.printf(
            "disk-load items=%d seconds=%.1f items_per_s=%.0f%n", items, seconds, items / seconds);
      }
      return;
    }
    long cpu0 = processCpuNanos();
    long t0 = System.nanoTime();
    try (DynakitEngine engine = DynakitEngine.onDisk(dir)) {
      long t1 = System.nanoTime();
      long cpu1 = processCpuNanos();
      String item =
          ScaleTable.call(
              engine,
              "GetItem",
              "{\"TableName\":\""
                  + ScaleTable.NAME
                  + "\",\"Key\":{\"pk\":{\"S\":\""
                  + ScaleTable.partition(0)
                  + "\"},\"sk\":{\"N\":\"0\"}}}");
      long t2 = System.nanoTime();
      String table =
          ScaleTable.call(engine, "DescribeTable", "{\"TableName\":\"" + ScaleTable.NAME + "\"}");
      long t3 = System.nanoTime();
      if (!item.contains("\"Item\"")) {
        throw new IllegalStateException("the first item is not there: " + item);
      }
      System.out.printf(
          "disk-open item_count=%d open_ms=%.0f open_cpu_ms=%.0f first_get_ms=%.1f"
              + " first_describe_ms=%.1f%n",
          Pages.number(table, "\"ItemCount\":"),
          (t1 - t0) / 1e6,
          (cpu1 - cpu0) / 1e6,
          (t2 - t1) / 1e6,
          (t3 - t2) / 1e6);
    }
  }

  /**
   * The CPU time of the whole process (every thread, RocksDB's included): on a machine shared with
   * other work the wall time of the open says more about the neighbours than about the engine.
   */
  private static long processCpuNanos() {
    return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
        .getProcessCpuTime();
  }
}
