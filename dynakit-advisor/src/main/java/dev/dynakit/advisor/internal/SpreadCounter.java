package dev.dynakit.advisor.internal;

import dev.dynakit.advisor.Analysis;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Items and bytes per partition-key value of one table or index, and the figures over them. */
final class SpreadCounter {
  private static final long KB = 1024;
  static final long[] COLLECTION_BOUNDS = {
    KB,
    10 * KB,
    100 * KB,
    KB * KB,
    10 * KB * KB,
    100 * KB * KB,
    KB * KB * KB,
    10 * KB * KB * KB,
    Long.MAX_VALUE
  };
  private static final int LARGEST = 5;

  private final String target;
  private final List<String> attributes;
  private final Map<String, long[]> perKey = new HashMap<>();

  SpreadCounter(String target, List<String> attributes) {
    this.target = target;
    this.attributes = attributes;
  }

  List<String> attributes() {
    return attributes;
  }

  synchronized void add(String key, long bytes) {
    long[] counts = perKey.computeIfAbsent(key, k -> new long[2]);
    counts[0]++;
    counts[1] += bytes;
  }

  synchronized Analysis.KeySpread spread() {
    int n = perKey.size();
    long[] items = new long[n];
    long[] bytes = new long[n];
    long totalItems = 0;
    long totalBytes = 0;
    int i = 0;
    for (long[] counts : perKey.values()) {
      items[i] = counts[0];
      bytes[i] = counts[1];
      totalItems += counts[0];
      totalBytes += counts[1];
      i++;
    }
    Arrays.sort(items);
    Arrays.sort(bytes);
    List<Analysis.Collection> largest = new ArrayList<>();
    long all = totalBytes;
    perKey.entrySet().stream()
        .sorted(
            Comparator.comparingLong((Map.Entry<String, long[]> e) -> e.getValue()[1]).reversed())
        .limit(LARGEST)
        .forEach(
            e ->
                largest.add(
                    new Analysis.Collection(
                        e.getKey(),
                        e.getValue()[0],
                        e.getValue()[1],
                        all == 0 ? 0 : (double) e.getValue()[1] / all)));
    return new Analysis.KeySpread(
        target,
        attributes,
        n,
        totalItems,
        rank(items, 0.5),
        rank(items, 0.99),
        n == 0 ? 0 : items[n - 1],
        rank(bytes, 0.5),
        rank(bytes, 0.99),
        n == 0 ? 0 : bytes[n - 1],
        largest,
        histogram(bytes, COLLECTION_BOUNDS));
  }

  /** The nearest-rank percentile of sorted values. */
  static long rank(long[] sorted, double p) {
    if (sorted.length == 0) {
      return 0;
    }
    int index = (int) Math.ceil(p * sorted.length) - 1;
    return sorted[Math.max(0, Math.min(sorted.length - 1, index))];
  }

  /** Counts per bucket of upper bounds, up to the last non-empty bucket. */
  static List<Analysis.SizeBucket> histogram(long[] values, long[] bounds) {
    long[] counts = new long[bounds.length];
    for (long v : values) {
      int b = 0;
      while (v >= bounds[b]) {
        b++;
      }
      counts[b]++;
    }
    return buckets(counts, bounds);
  }

  /** Buckets of the given counts per bound, up to the last non-empty one. */
  static List<Analysis.SizeBucket> buckets(long[] counts, long[] bounds) {
    int last = counts.length - 1;
    while (last > 0 && counts[last] == 0) {
      last--;
    }
    List<Analysis.SizeBucket> buckets = new ArrayList<>();
    for (int b = 0; b <= last; b++) {
      String low = b == 0 ? "0 B" : Figures.bytes(bounds[b - 1]);
      String high = bounds[b] == Long.MAX_VALUE ? "" : Figures.bytes(bounds[b]);
      buckets.add(
          new Analysis.SizeBucket(
              high.isEmpty() ? ">= " + low : low + " - " + high, bounds[b], counts[b]));
    }
    return buckets;
  }
}
