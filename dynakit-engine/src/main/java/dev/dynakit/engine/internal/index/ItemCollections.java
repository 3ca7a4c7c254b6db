package dev.dynakit.engine.internal.index;

import dev.dynakit.engine.internal.table.Table;
import dev.dynakit.engine.internal.value.AttrValue;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The sizes of the item collections of tables with local secondary indices: per partition-key
 * value, the items plus their LSI entries. DynamoDB caps a collection at 10 GB; a write that would
 * grow one beyond the limit is refused. Sizes are kept in memory from the table's creation on, as
 * every write goes through the one write path; a dropped table's sizes go with it.
 */
final class ItemCollections {
  /** DynamoDB's limit on an item collection, 10 GB. */
  static final long DEFAULT_LIMIT_BYTES = 10L * 1024 * 1024 * 1024;

  private final Map<Table, Map<AttrValue, Long>> sizes =
      Collections.synchronizedMap(new WeakHashMap<>());
  private volatile long limitBytes;

  ItemCollections(long limitBytes) {
    this.limitBytes = limitBytes;
  }

  void limitBytes(long limit) {
    this.limitBytes = limit;
  }

  /**
   * Adds {@code delta} to a collection, refusing (returning false, changing nothing) a growth that
   * would take it beyond the limit. A shrinking change is always accepted.
   */
  boolean tryAdd(Table table, AttrValue partition, long delta) {
    return add(table, partition, delta, limitBytes);
  }

  /** Adds {@code delta} whatever the limit: to take back an accepted change. */
  void undo(Table table, AttrValue partition, long delta) {
    add(table, partition, -delta, Long.MAX_VALUE);
  }

  private boolean add(Table table, AttrValue partition, long delta, long limit) {
    if (delta == 0) {
      return true;
    }
    boolean[] refused = {false};
    sizes(table)
        .compute(
            partition,
            (k, size) -> {
              long current = size == null ? 0 : size;
              long next = current + delta;
              if (delta > 0 && next > limit) {
                refused[0] = true;
                return size;
              }
              // an emptied collection is forgotten, so that sizes stay bounded by live partitions
              return next <= 0 ? null : next;
            });
    return !refused[0];
  }

  /** Adds {@code delta} whatever the limit: to count a stored item when the engine opens. */
  void count(Table table, AttrValue partition, long delta) {
    add(table, partition, delta, Long.MAX_VALUE);
  }

  /** The current size of a collection. */
  long size(Table table, AttrValue partition) {
    Long size = sizes(table).get(partition);
    return size == null ? 0 : size;
  }

  private Map<AttrValue, Long> sizes(Table table) {
    return sizes.computeIfAbsent(table, t -> new ConcurrentHashMap<>());
  }
}
