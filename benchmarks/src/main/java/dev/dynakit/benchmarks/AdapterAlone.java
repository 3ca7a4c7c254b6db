package dev.dynakit.benchmarks;

import dev.dynakit.core.adapter.Adapter;
import dev.dynakit.core.adapter.WriteOptions;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The Adapter's own work in {@link AdapterOverhead}'s calls: the same {@code getByKey} and {@code
 * put} over a {@link CannedDynamoDbClient}, so that neither the SDK nor the engine runs. This is
 * where to look (with {@code -prof gc} or a profiler) when the overhead grows; {@code
 * adapter-overhead.sh} does not run it.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class AdapterAlone {
  private static final Map<String, Object> KEY = OverheadTable.key();
  private static final Map<String, Object> ITEM = OverheadTable.item();
  private static final WriteOptions OVERWRITE = WriteOptions.overwriting();

  private Adapter adapter;

  @Setup
  public void setUp() {
    adapter =
        Adapter.builder(
                OverheadTable.spec(), new CannedDynamoDbClient(OverheadTable.putItem().item()))
            .build();
  }

  @Benchmark
  public Optional<Map<String, Object>> getByKey() {
    return adapter.getByKey(KEY);
  }

  @Benchmark
  public Map<String, Object> put() {
    return adapter.put(ITEM, OVERWRITE);
  }
}
