package dev.dynakit.engine.internal.metering;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The physical partitions of a table or GSI as DynamoDB lays them out: slices of the 64-bit
 * partition-hash space, starting as one, each split in two at its middle when it passes {@link
 * CapacityLimits#PARTITION_SPLIT_BYTES} or consumes over half of a partition's ceiling for {@link
 * CapacityLimits#HEAT_SPLIT_SECONDS} seconds in a row. Metered, not enforced: the per-key ceilings
 * are what throttles (one key never spans partitions). The data of a split partition is assumed to
 * fall evenly into its halves. Not thread-safe: the meter guards it.
 */
final class PartitionMap {
  /** One partition's figures. */
  static final class Partition {
    long sizeBytes;
    long second = Long.MIN_VALUE;
    double read;
    double write;
    int hotSeconds;
  }

  /** The partitions by their first hash, ordered as unsigned numbers. */
  private final TreeMap<Long, Partition> byStart = new TreeMap<>(Long::compareUnsigned);

  PartitionMap() {
    byStart.put(0L, new Partition());
  }

  /** Adds a request's units and size change to the partition holding {@code hash}. */
  void add(long now, long hash, Access access, double units, long sizeDelta) {
    Map.Entry<Long, Partition> e = byStart.floorEntry(hash);
    Partition p = e.getValue();
    if (p.second != now) {
      boolean hot =
          p.read > CapacityLimits.KEY_READ_CEILING / 2
              || p.write > CapacityLimits.KEY_WRITE_CEILING / 2;
      p.hotSeconds = hot && p.second == now - 1 ? p.hotSeconds + 1 : 0;
      p.second = now;
      p.read = 0;
      p.write = 0;
    }
    if (access == Access.READ) {
      p.read += units;
    } else {
      p.write += units;
    }
    p.sizeBytes = Math.max(0, p.sizeBytes + sizeDelta);
    if (p.sizeBytes > CapacityLimits.PARTITION_SPLIT_BYTES
        || p.hotSeconds >= CapacityLimits.HEAT_SPLIT_SECONDS) {
      split(e.getKey(), p);
    }
  }

  /** How many partitions there are. */
  int count() {
    return byStart.size();
  }

  /** The first hash of every partition, in hash order (unsigned). */
  List<Long> starts() {
    return new ArrayList<>(byStart.keySet());
  }

  private void split(long start, Partition p) {
    Long next = byStart.higherKey(start);
    long middle;
    if (next == null) {
      // the last partition ends at 2^64; Long.MIN_VALUE is 2^63 read unsigned
      middle = start == 0 ? Long.MIN_VALUE : start + ((-start) >>> 1);
    } else {
      long width = next - start;
      if (Long.compareUnsigned(width, 2) < 0) {
        return;
      }
      middle = start + (width >>> 1);
    }
    Partition upper = new Partition();
    upper.sizeBytes = p.sizeBytes / 2;
    p.sizeBytes -= upper.sizeBytes;
    p.hotSeconds = 0;
    byStart.put(middle, upper);
  }
}
