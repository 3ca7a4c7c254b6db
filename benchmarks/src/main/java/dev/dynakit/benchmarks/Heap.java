package dev.dynakit.benchmarks;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;

/** The heap of this JVM as the scale benchmarks report it, in MB. */
final class Heap {
  private Heap() {}

  /** Forgets the peaks so far: {@link #peakMb} then reports the peak from now on. */
  static void resetPeaks() {
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getType() == MemoryType.HEAP) {
        pool.resetPeakUsage();
      }
    }
  }

  /** The sum of the heap pools' peaks since {@link #resetPeaks}: live data and garbage. */
  static long peakMb() {
    long peak = 0;
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getType() == MemoryType.HEAP) {
        peak += pool.getPeakUsage().getUsed();
      }
    }
    return peak >> 20;
  }

  /** The heap in use after a full collection: what is really held. */
  static long liveMb() {
    System.gc();
    return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed() >> 20;
  }

  /** The most heap the JVM may use ({@code -Xmx}). */
  static long maxMb() {
    return Runtime.getRuntime().maxMemory() >> 20;
  }
}
