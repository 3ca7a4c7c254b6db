package dev.dynakit.engine.internal.storage.memory;

import java.util.Arrays;
import java.util.Collections;
import java.util.Iterator;
import java.util.NavigableMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import org.jspecify.annotations.Nullable;

/**
 * The memory store's two levels: its keys grouped in {@link Partition}s by {@link Prefix}, found by
 * a hash map for point reads and for ranges inside one prefix (a Query), and by an ordered map of
 * prefixes for ranges that cross prefixes (a Scan, catalog reads).
 *
 * <p>Why two levels rather than one skip list of all keys: a seek in a skip list of N keys is about
 * log2(N) dependent cache misses once the store outgrows the caches. {@code benchmarks/run.sh
 * latency} (memory half, docs/benchmarks.md "Scale, durability and start-up") measured the Query
 * p50 on one skip list at 6.6, 9.0, 12.5 and 18.3 µs for 10^4, 10^5, 10^6 and 10^7 items (2.78x;
 * the seek alone 0.53 µs at 10^4 items, 6.7 µs at 10^6), against a target of at most 1.5x. Here a
 * Query finds its partition by one hash lookup and seeks inside a skip list of that partition's
 * keys only.
 *
 * <p>Only the store's writer (under its write lock) creates and removes partitions; readers take no
 * lock. A partition is created, in both maps, before the batch that puts its first key is
 * published, so a reader of that batch finds it. It is removed (from both maps) only once empty:
 * when the last of its keys was collected, i.e. deleted by a batch that every registered reader
 * reads at or after. A removed partition is never written again (the writer finds partitions in the
 * hash map, under the lock), and a partition re-created for the same prefix holds only versions of
 * batches that started after the removal. So a reader that still holds the removed partition, or
 * that meets the re-created one, reads right: a reader registered at number S before the removal
 * sees every key of the old partition deleted at S, and every version of the new one is newer than
 * S (the new one's first batch is numbered past the published number, which is at least S); a
 * reader registered after the removal cannot reach the old partition by a lookup made after that
 * (iterators of both maps do not return entries removed before they were made). A point read that
 * does not register, took its number before the new partition was made and meets a key of it finds
 * only versions numbered after its own: it answers absent, which the key was at an instant of the
 * call (when the read took its number, or else when the deletion that emptied the old partition was
 * published).
 */
final class PartitionMap {
  private final ConcurrentHashMap<Prefix, Partition> byPrefix = new ConcurrentHashMap<>();
  private final ConcurrentSkipListMap<Prefix, Partition> ordered = new ConcurrentSkipListMap<>();

  /** The partition that holds {@code key} if it exists, or null. */
  @Nullable Partition find(byte[] key) {
    return byPrefix.get(Prefix.of(key));
  }

  /** The partition that holds {@code key}, created (empty) if absent. The writer only. */
  Partition findOrCreate(byte[] key) {
    Prefix prefix = Prefix.of(key);
    Partition p = byPrefix.get(prefix);
    if (p == null) {
      p = new Partition(prefix, key);
      ordered.put(prefix, p);
      byPrefix.put(prefix, p);
    }
    return p;
  }

  /**
   * Removes {@code p} from both maps if it holds no key (see the class comment). The writer only.
   */
  void removeIfEmpty(Partition p) {
    if (p.isEmpty()) {
      byPrefix.remove(p.prefix, p);
      ordered.remove(p.prefix, p);
    }
  }

  /**
   * The partitions that may hold keys of {@code [from, to)} (null bounds: unbounded), in key order
   * or, when {@code reverse}, the opposite. Bounds of one prefix need one hash lookup; otherwise
   * the partitions from the start's prefix to the end's (inclusive both: each may hold keys inside
   * the range), whose keys the caller still clips to the range.
   */
  Iterator<Partition> covering(byte @Nullable [] from, byte @Nullable [] to, boolean reverse) {
    if (from != null && to != null) {
      if (Arrays.compareUnsigned(from, to) >= 0) {
        return Collections.emptyIterator();
      }
      Prefix start = Prefix.of(from);
      if (start.equals(Prefix.of(to))) {
        Partition p = byPrefix.get(start);
        return p == null ? Collections.emptyIterator() : Collections.singletonList(p).iterator();
      }
    }
    NavigableMap<Prefix, Partition> view = ordered;
    if (from != null && to != null) {
      view = ordered.subMap(Prefix.of(from), true, Prefix.of(to), true);
    } else if (from != null) {
      view = ordered.tailMap(Prefix.of(from), true);
    } else if (to != null) {
      view = ordered.headMap(Prefix.of(to), true);
    }
    return (reverse ? view.descendingMap() : view).values().iterator();
  }

  /** Every partition, in key order. */
  Iterable<Partition> all() {
    return ordered.values();
  }

  /** How many partitions the hash map holds, and whether the ordered map holds the same number. */
  int size() {
    int n = byPrefix.size();
    if (ordered.size() != n) {
      throw new IllegalStateException(
          "the partition maps disagree: " + n + " hashed, " + ordered.size() + " ordered");
    }
    return n;
  }

  void clear() {
    byPrefix.clear();
    ordered.clear();
  }
}
