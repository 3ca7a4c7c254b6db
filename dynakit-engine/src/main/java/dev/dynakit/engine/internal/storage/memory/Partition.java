package dev.dynakit.engine.internal.storage.memory;

import java.util.Arrays;
import java.util.Comparator;
import java.util.Iterator;
import java.util.Map;
import java.util.NavigableMap;
import java.util.concurrent.ConcurrentSkipListMap;
import org.jspecify.annotations.Nullable;

/**
 * The keys of one {@link Prefix} (a table's partition) and their {@link Version} chains, ordered by
 * unsigned bytes: a small skip list, so that a seek inside a partition costs a few comparisons
 * whatever the size of the store. Written by the store's writer only; read without locks.
 */
final class Partition {
  static final Comparator<byte[]> UNSIGNED = Arrays::compareUnsigned;

  final Prefix prefix;
  final ConcurrentSkipListMap<byte[], Version> keys = new ConcurrentSkipListMap<>(UNSIGNED);

  Partition(Prefix prefix) {
    this.prefix = prefix;
  }

  /**
   * The keys of this partition in {@code [from, to)} (a null bound: unbounded), ascending or
   * descending; {@code from} must be below {@code to} when both are given.
   */
  Iterator<Map.Entry<byte[], Version>> entries(
      byte @Nullable [] from, byte @Nullable [] to, boolean reverse) {
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

  @Override
  public String toString() {
    return "partition " + prefix;
  }
}
