package dev.dynakit.benchmarks;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;

/**
 * {@link EngineAlone}'s calls without JMH, measured in the calling thread's CPU time and allocated
 * bytes rather than in elapsed time: on a machine shared with other work, CPU time per call moves
 * far less than elapsed time. Each operation is warmed up, then measured in several rounds; the
 * median round is printed (µs of CPU and bytes allocated per call).
 *
 * <pre>
 * java -cp … dev.dynakit.benchmarks.EngineAloneMain [warmupSeconds [rounds [roundSeconds [ops]]]]
 * </pre>
 *
 * with ops a comma-separated subset of getItem,putItem,query,batchWriteItem.
 */
public final class EngineAloneMain {
  private EngineAloneMain() {}

  public static void main(String[] args) {
    double warmup = args.length > 0 ? Double.parseDouble(args[0]) : 10;
    int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 7;
    double roundSeconds = args.length > 2 ? Double.parseDouble(args[2]) : 1;
    EngineAlone bench = new EngineAlone();
    bench.setUp();
    Map<String, Supplier<Object>> all = new LinkedHashMap<>();
    all.put("getItem", bench::getItem);
    all.put("putItem", bench::putItem);
    all.put("query", bench::query);
    all.put("batchWriteItem", bench::batchWriteItem);
    List<String> ops =
        args.length > 3 ? Arrays.asList(args[3].split(",")) : new ArrayList<>(all.keySet());
    com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    long self = Thread.currentThread().getId();
    try {
      for (String op : ops) {
        Supplier<Object> call = all.get(op);
        if (call == null) {
          throw new IllegalArgumentException(
              "unknown operation " + op + "; known: " + all.keySet());
        }
        run(call, warmup);
        double[] cpu = new double[rounds];
        double[] alloc = new double[rounds];
        for (int r = 0; r < rounds; r++) {
          long cpu0 = threads.getCurrentThreadCpuTime();
          long alloc0 = threads.getThreadAllocatedBytes(self);
          long calls = run(call, roundSeconds);
          cpu[r] = (threads.getCurrentThreadCpuTime() - cpu0) / 1000.0 / calls;
          alloc[r] = (double) (threads.getThreadAllocatedBytes(self) - alloc0) / calls;
        }
        Arrays.sort(cpu);
        Arrays.sort(alloc);
        System.out.printf(
            Locale.ROOT,
            "%-16s %10.2f us cpu/op (min %.2f, max %.2f) %10.0f B/op%n",
            op,
            cpu[rounds / 2],
            cpu[0],
            cpu[rounds - 1],
            alloc[rounds / 2]);
      }
    } finally {
      bench.tearDown();
    }
  }

  private static Object sink;

  private static long run(Supplier<Object> call, double seconds) {
    long end = System.nanoTime() + (long) (seconds * 1e9);
    long calls = 0;
    do {
      for (int i = 0; i < 100; i++) {
        sink = call.get();
      }
      calls += 100;
    } while (System.nanoTime() < end);
    return calls;
  }
}
