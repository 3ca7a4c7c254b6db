package dev.dynakit.benchmarks;

import dev.dynakit.core.adapter.Adapter;
import dev.dynakit.core.mass.MassOperations;
import dev.dynakit.core.mass.MassOptions;
import dev.dynakit.core.mass.MassResult;
import dev.dynakit.core.schema.KeyField;
import dev.dynakit.core.schema.TableSpec;
import dev.dynakit.embedded.DynakitClients;
import dev.dynakit.engine.DynakitEngine;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.Select;

/**
 * Loads small items through the toolkit ({@link MassOperations#putAll}: each item prepared by an
 * Adapter, streamed into BatchWriteItem requests of 25 in parallel lanes) into an in-memory engine
 * (or, with {@code --data-dir}, an on-disk one) in the same JVM, and reports items per second, the
 * CPU seconds the process used while loading (with items per CPU second, the figure that holds on a
 * shared machine) and the heap: the peak while loading (engine, toolkit and garbage together) and
 * what is left after a full collection once the load is done (mostly the engine's copy of the
 * items).
 *
 * <pre>
 * java -Xmx4g -cp … dev.dynakit.benchmarks.BulkLoad --items 1000000 --parallelism 4
 * </pre>
 */
public final class BulkLoad {
  private static final String TABLE = "bulk_items";

  private BulkLoad() {}

  public static void main(String[] args) {
    Flags flags = Flags.parse(args, Set.of("--items", "--parallelism", "--data-dir"), Set.of());
    int count = flags.integer("--items", 1_000_000);
    int parallelism = flags.integer("--parallelism", 4);
    String dataDir = flags.string("--data-dir", null);
    // with --data-dir, the on-disk store with its default durability (the log synced per batch)
    try (DynakitEngine engine =
            dataDir == null ? DynakitEngine.inMemory() : DynakitEngine.onDisk(Path.of(dataDir));
        DynamoDbClient client = DynakitClients.inProcessDirect(engine)) {
      client.createTable(
          r ->
              r.tableName(TABLE)
                  .billingMode(BillingMode.PAY_PER_REQUEST)
                  .attributeDefinitions(
                      a -> a.attributeName("id").attributeType(ScalarAttributeType.S))
                  .keySchema(k -> k.attributeName("id").keyType(KeyType.HASH)));
      Adapter adapter =
          Adapter.builder(TableSpec.builder(TABLE).keyFields(KeyField.string("id")).build(), client)
              .build();
      MassOperations mass =
          MassOperations.builder(adapter, client).parallelism(parallelism).build();
      AtomicLong printed = new AtomicLong();
      System.gc();
      resetPeaks();
      String loadBefore = loadAverage();
      CpuUse cpu = CpuUse.start();
      long start = System.nanoTime();
      MassResult result =
          mass.putAll(
              () -> new Items(count),
              MassOptions.builder()
                  .progress(
                      p -> {
                        long tens = p.elapsed().toSeconds() / 10;
                        if (p.finished() || printed.getAndSet(tens) != tens) {
                          System.err.printf(
                              "  %,d items, %,.0f items/s%n", p.done(), p.itemsPerSecond());
                        }
                      })
                  .build());
      double seconds = (System.nanoTime() - start) / 1e9;
      double cpuSeconds = cpu.seconds();
      String loadAfter = loadAverage();
      long peak = peakHeapBytes();
      System.gc();
      long retained = usedHeapBytes();
      long stored = count(client);
      if (result.processed() != count || stored != count || !result.failed().isEmpty()) {
        throw new IllegalStateException(
            "loaded " + result.processed() + ", stored " + stored + ", failed " + result.failed());
      }
      System.out.printf(
          "bulk-load store=%s items=%d parallelism=%d seconds=%.1f items_per_second=%.0f"
              + " peak_heap_mb=%d heap_after_gc_mb=%d max_heap_mb=%d cpu_seconds=%.1f"
              + " items_per_cpu_second=%.0f load=%s..%s%n",
          dataDir == null ? "memory" : "disk",
          count,
          parallelism,
          seconds,
          count / seconds,
          peak >> 20,
          retained >> 20,
          Runtime.getRuntime().maxMemory() >> 20,
          cpuSeconds,
          count / cpuSeconds,
          loadBefore,
          loadAfter);
    }
  }

  /** The one-minute load average of the machine, as a neighbour's share of it matters. */
  private static String loadAverage() {
    return String.format(
        "%.1f", ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
  }

  /** The items, made as they are read: about 70 bytes each. */
  private static final class Items implements Iterator<Map<String, ?>> {
    private final int count;
    private int next;

    Items(int count) {
      this.count = count;
    }

    @Override
    public boolean hasNext() {
      return next < count;
    }

    @Override
    public Map<String, ?> next() {
      if (next >= count) {
        throw new NoSuchElementException();
      }
      int n = next++;
      Map<String, Object> item = new LinkedHashMap<>();
      item.put("id", String.format("item-%08d", n));
      item.put("n", n);
      item.put("active", n % 2 == 0);
      item.put("name", "name " + (n % 977));
      return item;
    }
  }

  private static long count(DynamoDbClient client) {
    long total = 0;
    Map<String, AttributeValue> start = null;
    do {
      Map<String, AttributeValue> from = start;
      ScanResponse page =
          client.scan(r -> r.tableName(TABLE).select(Select.COUNT).exclusiveStartKey(from));
      total += page.count();
      start =
          page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty()
              ? page.lastEvaluatedKey()
              : null;
    } while (start != null);
    return total;
  }

  private static void resetPeaks() {
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getType() == MemoryType.HEAP) {
        pool.resetPeakUsage();
      }
    }
  }

  private static long peakHeapBytes() {
    long peak = 0;
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getType() == MemoryType.HEAP) {
        peak += pool.getPeakUsage().getUsed();
      }
    }
    return peak;
  }

  private static long usedHeapBytes() {
    return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
  }
}
