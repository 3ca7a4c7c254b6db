package dev.dynakit.benchmarks;

import java.util.Arrays;
import java.util.List;

/**
 * The latencies one load thread saw, in nanoseconds. Each thread has its own (no sharing on the hot
 * path); {@link #merge} sorts them all once the run is over.
 */
final class Latencies {
  private long[] nanos = new long[1 << 14];
  private int count;

  void add(long latencyNanos) {
    if (count == nanos.length) {
      nanos = Arrays.copyOf(nanos, count * 2);
    }
    nanos[count++] = latencyNanos;
  }

  int count() {
    return count;
  }

  /** Every latency of every thread, sorted. */
  static long[] merge(List<Latencies> all) {
    int total = 0;
    for (Latencies l : all) {
      total += l.count;
    }
    long[] merged = new long[total];
    int at = 0;
    for (Latencies l : all) {
      System.arraycopy(l.nanos, 0, merged, at, l.count);
      at += l.count;
    }
    Arrays.sort(merged);
    return merged;
  }

  /** The values of several sorted arrays, in one sorted array. */
  static long[] mergeSorted(List<long[]> sortedParts) {
    int total = 0;
    for (long[] part : sortedParts) {
      total += part.length;
    }
    long[] merged = new long[total];
    int at = 0;
    for (long[] part : sortedParts) {
      System.arraycopy(part, 0, merged, at, part.length);
      at += part.length;
    }
    Arrays.sort(merged);
    return merged;
  }

  /**
   * The nearest-rank percentile of sorted values: the smallest value that at least {@code percent}
   * % of the values do not exceed; 0 when there are none.
   */
  static long percentile(long[] sorted, double percent) {
    if (sorted.length == 0) {
      return 0;
    }
    int rank = (int) Math.ceil(percent / 100.0 * sorted.length);
    return sorted[Math.max(0, Math.min(sorted.length, rank) - 1)];
  }
}
