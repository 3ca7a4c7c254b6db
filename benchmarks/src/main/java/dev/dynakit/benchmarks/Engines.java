package dev.dynakit.benchmarks;

import dev.dynakit.engine.DynakitEngine;

/** The engines the scale benchmarks run on: the memory store or the on-disk store. */
final class Engines {
  private Engines() {}

  /**
   * An engine over the store named {@code memory} or {@code disk}; {@code dir} is the data
   * directory of the latter.
   */
  static DynakitEngine open(String store, String dir) {
    if (store.equals("memory")) {
      return DynakitEngine.inMemory();
    }
    throw new IllegalArgumentException("--store must be memory or disk, not " + store);
  }
}
