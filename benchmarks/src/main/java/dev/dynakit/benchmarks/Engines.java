package dev.dynakit.benchmarks;

import dev.dynakit.engine.Durability;
import dev.dynakit.engine.DynakitEngine;
import java.nio.file.Path;

/** The engines the scale benchmarks run on: the memory store or the on-disk store. */
final class Engines {
  private Engines() {}

  /**
   * An engine over the store named {@code memory} or {@code disk}; {@code dir} is the data
   * directory of the latter. The on-disk engine answers writes without syncing its log first
   * ({@link Durability#RELAXED}): these benchmarks load millions of items to measure reads,
   * start-up and backfills, and a sync takes about 6 ms on the benchmark machine's virtual disk.
   * The write throughput of the default, synced engine is measured over HTTP ({@code scale.sh
   * disk-put}).
   */
  static DynakitEngine open(String store, String dir) {
    if (store.equals("memory")) {
      return DynakitEngine.inMemory();
    }
    if (store.equals("disk") && dir != null) {
      return DynakitEngine.builder()
          .dataDirectory(Path.of(dir))
          .durability(Durability.RELAXED)
          .build();
    }
    throw new IllegalArgumentException("--store must be memory or disk (with --dir), not " + store);
  }
}
