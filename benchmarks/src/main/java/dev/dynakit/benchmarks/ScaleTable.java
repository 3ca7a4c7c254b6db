package dev.dynakit.benchmarks;

import dev.dynakit.engine.DynakitEngine;
import dev.dynakit.engine.EngineResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The table of the scale benchmarks and its items, written straight to an engine in the same JVM:
 * {@code scale_items} (hash key {@code pk}, range key {@code sk}) holding partitions of {@link
 * #PER_PARTITION} items of about 200 bytes each (item {@code i} is in partition {@code i / 10}).
 */
final class ScaleTable {
  static final String NAME = "scale_items";
  static final int PER_PARTITION = 10;
  private static final int BATCH = 25;
  private static final String PAYLOAD = "x".repeat(150);

  private ScaleTable() {}

  static void create(DynakitEngine engine) {
    call(
        engine,
        "CreateTable",
        "{\"TableName\":\""
            + NAME
            + "\",\"BillingMode\":\"PAY_PER_REQUEST\",\"AttributeDefinitions\":["
            + "{\"AttributeName\":\"pk\",\"AttributeType\":\"S\"},"
            + "{\"AttributeName\":\"sk\",\"AttributeType\":\"N\"}],\"KeySchema\":["
            + "{\"AttributeName\":\"pk\",\"KeyType\":\"HASH\"},"
            + "{\"AttributeName\":\"sk\",\"KeyType\":\"RANGE\"}]}");
  }

  /** The partition key of partition {@code p}. */
  static String partition(long p) {
    return String.format("p%09d", p);
  }

  /**
   * Writes items {@code [from, to)} in BatchWriteItem requests of 25 on {@code threads} threads;
   * returns the seconds it took.
   */
  static double load(DynakitEngine engine, long from, long to, int threads) {
    long start = System.nanoTime();
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Future<?>> lanes = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        int lane = t;
        lanes.add(
            pool.submit(
                () -> {
                  for (long b = from + (long) lane * BATCH; b < to; b += (long) threads * BATCH) {
                    call(engine, "BatchWriteItem", batch(b, Math.min(b + BATCH, to)));
                  }
                }));
      }
      for (Future<?> lane : lanes) {
        lane.get();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    } catch (ExecutionException e) {
      throw new IllegalStateException(e.getCause());
    } finally {
      pool.shutdownNow();
    }
    return (System.nanoTime() - start) / 1e9;
  }

  /** One item of about 200 bytes as DynamoDB sizes it. */
  static String item(long i) {
    return "{\"pk\":{\"S\":\""
        + partition(i / PER_PARTITION)
        + "\"},\"sk\":{\"N\":\""
        + (i % PER_PARTITION)
        + "\"},\"n\":{\"N\":\""
        + i
        + "\"},\"g\":{\"S\":\"g"
        + (i % 1000)
        + "\"},\"d\":{\"S\":\""
        + PAYLOAD
        + "\"}}";
  }

  private static String batch(long from, long to) {
    StringBuilder b = new StringBuilder(8192).append("{\"RequestItems\":{\"" + NAME + "\":[");
    for (long i = from; i < to; i++) {
      b.append(i == from ? "" : ",")
          .append("{\"PutRequest\":{\"Item\":")
          .append(item(i))
          .append("}}");
    }
    return b.append("]}}").toString();
  }

  /** Runs one request and fails on anything but success (or unprocessed items). */
  static String call(DynakitEngine engine, String operation, String body) {
    EngineResponse r =
        engine.handle(
            DynakitEngine.TARGET_PREFIX + operation, body.getBytes(StandardCharsets.UTF_8));
    String answer = new String(r.body(), StandardCharsets.UTF_8);
    if (r.status() != 200 || answer.contains("\"UnprocessedItems\":{\"")) {
      throw new IllegalStateException(operation + " answered " + r.status() + ": " + answer);
    }
    return answer;
  }
}
