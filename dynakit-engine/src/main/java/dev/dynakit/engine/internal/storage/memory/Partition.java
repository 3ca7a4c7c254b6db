package dev.dynakit.engine.internal.storage.memory;

import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.Iterator;
import java.util.Map;
import java.util.NavigableMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.function.UnaryOperator;
import org.jspecify.annotations.Nullable;

/**
 * The keys of one {@link Prefix} (a table's partition) and their {@link Version} chains, ordered by
 * unsigned bytes. Written by the store's writer only (under its write lock); read without locks.
 *
 * <p>While a partition holds only the key it was made for (every item of a table without a sort
 * key), its state is that key's newest {@link Version}; a second key turns the state into a small
 * skip list, so that a seek inside a large partition costs a few comparisons. Why not always a skip
 * list: an empty one costs about 250 bytes, which a table without a sort key would pay per item
 * (500,000 such items held 591 bytes each that way, against 315 with the single skip list of all
 * keys this store had before partitions, and 426 with this form; measured with a heap count after
 * loading, `MemoryStorePartitionsTest` checks which form a partition is in).
 *
 * <p>Readers see the state through one volatile field: the writer builds a new state completely (a
 * new newest version, or the skip list with both keys) and publishes it there before it publishes
 * the batch's number, so a reader of that number finds it; a reader still holding the state it
 * replaced reads only versions of earlier numbers, which that state holds (the version chains are
 * the same objects in both). The partition is removed from the store once its state is empty (see
 * {@link PartitionMap}), so it never takes a first key other than its own.
 */
final class Partition {
  static final Comparator<byte[]> UNSIGNED = Arrays::compareUnsigned;

  final Prefix prefix;
  private final byte[] firstKey;
  // null (no key), the newest Version of firstKey (the only key), or a
  // ConcurrentSkipListMap<byte[], Version>
  private volatile @Nullable Object state;

  Partition(Prefix prefix, byte[] firstKey) {
    this.prefix = prefix;
    this.firstKey = firstKey;
  }

  /** The newest version of {@code key}, or null when the partition does not hold it. */
  @Nullable Version newest(byte[] key) {
    Object s = state;
    if (s instanceof Version only) {
      return Arrays.equals(firstKey, key) ? only : null;
    }
    return s == null ? null : skipList(s).get(key);
  }

  /**
   * Sets the newest version of {@code key} to what {@code next} makes of the present one (null when
   * absent; a null answer removes the key, or adds nothing). Returns the new newest version. The
   * writer only.
   */
  @Nullable Version update(byte[] key, UnaryOperator<@Nullable Version> next) {
    Object s = state;
    if (s instanceof ConcurrentSkipListMap) {
      return skipList(s).compute(key, (k, head) -> next.apply(head));
    }
    Version only = (Version) s;
    if (Arrays.equals(firstKey, key)) {
      Version v = next.apply(only);
      state = v;
      return v;
    }
    Version v = next.apply(null);
    if (v != null) {
      ConcurrentSkipListMap<byte[], Version> keys = new ConcurrentSkipListMap<>(UNSIGNED);
      if (only != null) {
        keys.put(firstKey, only);
      }
      keys.put(key, v);
      state = keys;
    }
    return v;
  }

  /**
   * Removes {@code key} while {@code newest} is still its newest version; true when it did. The
   * writer only.
   */
  boolean remove(byte[] key, Version newest) {
    Object s = state;
    if (s instanceof Version only) {
      if (only == newest && Arrays.equals(firstKey, key)) {
        state = null;
        return true;
      }
      return false;
    }
    return s != null && skipList(s).remove(key, newest);
  }

  boolean isEmpty() {
    Object s = state;
    return s == null || (s instanceof ConcurrentSkipListMap && skipList(s).isEmpty());
  }

  /** How many keys the partition holds, deletion markers included. */
  int size() {
    Object s = state;
    if (s == null) {
      return 0;
    }
    return s instanceof Version ? 1 : skipList(s).size();
  }

  /** Whether the partition holds its keys in a skip list (it has held more than one). */
  boolean isSkipList() {
    return state instanceof ConcurrentSkipListMap;
  }

  /**
   * The keys of this partition in {@code [from, to)} (a null bound: unbounded), ascending or
   * descending; {@code from} must be below {@code to} when both are given.
   */
  Iterator<Map.Entry<byte[], Version>> entries(
      byte @Nullable [] from, byte @Nullable [] to, boolean reverse) {
    Object s = state;
    if (s == null) {
      return Collections.emptyIterator();
    }
    if (s instanceof Version only) {
      boolean inside =
          (from == null || UNSIGNED.compare(firstKey, from) >= 0)
              && (to == null || UNSIGNED.compare(firstKey, to) < 0);
      return inside
          ? Collections.singletonList(Map.entry(firstKey, only)).iterator()
          : Collections.emptyIterator();
    }
    ConcurrentSkipListMap<byte[], Version> keys = skipList(s);
    NavigableMap<byte[], Version> view;
    if (from != null && to != null) {
      view = keys.subMap(from, true, to, false);
    } else if (from != null) {
      view = keys.tailMap(from, true);
    } else {
      view = to != null ? keys.headMap(to, false) : keys;
    }
    return (reverse ? view.descendingMap() : view).entrySet().iterator();
  }

  @SuppressWarnings("unchecked")
  private static ConcurrentSkipListMap<byte[], Version> skipList(Object state) {
    return (ConcurrentSkipListMap<byte[], Version>) state;
  }

  @Override
  public String toString() {
    return "partition " + prefix;
  }
}
