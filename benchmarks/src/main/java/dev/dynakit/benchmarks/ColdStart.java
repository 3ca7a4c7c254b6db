package dev.dynakit.benchmarks;

import dev.dynakit.engine.DynakitEngine;
import java.util.Arrays;
import java.util.Set;

/**
 * What a test pays per in-memory engine once the JVM is warm: {@link DynakitEngine#inMemory()},
 * then a CreateTable, a PutItem and a GetItem, then {@code close()}. Starts {@code --warmup}
 * engines unmeasured (the JIT compiles the path), then times {@code --engines} more one by one and
 * prints the median, 90th percentile and worst time to ready (the GetItem answered), the median of
 * {@code inMemory()} alone and of the whole life with {@code close()} (which waits for the engine's
 * TTL sweeper thread to end).
 *
 * <pre>
 * java -cp … dev.dynakit.benchmarks.ColdStart --warmup 3000 --engines 1000
 * </pre>
 */
public final class ColdStart {
  private static final String TABLE =
      "{\"TableName\":\"cold\",\"BillingMode\":\"PAY_PER_REQUEST\",\"AttributeDefinitions\":"
          + "[{\"AttributeName\":\"id\",\"AttributeType\":\"S\"}],"
          + "\"KeySchema\":[{\"AttributeName\":\"id\",\"KeyType\":\"HASH\"}]}";
  private static final String PUT =
      "{\"TableName\":\"cold\",\"Item\":{\"id\":{\"S\":\"a\"},\"v\":{\"N\":\"1\"}}}";
  private static final String GET = "{\"TableName\":\"cold\",\"Key\":{\"id\":{\"S\":\"a\"}}}";

  private ColdStart() {}

  public static void main(String[] args) {
    Flags flags = Flags.parse(args, Set.of("--warmup", "--engines"), Set.of());
    int warmup = flags.integer("--warmup", 3000);
    int engines = flags.integer("--engines", 1000);
    for (int i = 0; i < warmup; i++) {
      once(new long[3]);
    }
    long[] ready = new long[engines];
    long[] start = new long[engines];
    long[] total = new long[engines];
    long[] split = new long[3];
    for (int i = 0; i < engines; i++) {
      once(split);
      start[i] = split[0];
      ready[i] = split[1];
      total[i] = split[2];
    }
    Arrays.sort(ready);
    Arrays.sort(start);
    Arrays.sort(total);
    System.out.printf(
        "cold-start engines=%d warmup=%d ready_p50_ms=%.3f ready_p90_ms=%.3f ready_max_ms=%.3f"
            + " start_only_p50_ms=%.3f with_close_p50_ms=%.3f with_close_p90_ms=%.3f%n",
        engines,
        warmup,
        ms(ready[engines / 2]),
        ms(ready[engines * 9 / 10]),
        ms(ready[engines - 1]),
        ms(start[engines / 2]),
        ms(total[engines / 2]),
        ms(total[engines * 9 / 10]));
  }

  /**
   * One engine's life, in nanoseconds: {@code split[0]} to build it, {@code split[1]} until the
   * GetItem answered, {@code split[2]} until it was closed.
   */
  private static void once(long[] split) {
    long t0 = System.nanoTime();
    DynakitEngine engine = DynakitEngine.inMemory();
    split[0] = System.nanoTime() - t0;
    try {
      ScaleTable.call(engine, "CreateTable", TABLE);
      ScaleTable.call(engine, "PutItem", PUT);
      if (!ScaleTable.call(engine, "GetItem", GET).contains("\"Item\"")) {
        throw new IllegalStateException("GetItem did not find the item just put");
      }
      split[1] = System.nanoTime() - t0;
    } finally {
      engine.close();
    }
    split[2] = System.nanoTime() - t0;
  }

  private static double ms(long nanos) {
    return nanos / 1e6;
  }
}
