package dev.dynakit.engine.internal.index;

import dev.dynakit.engine.internal.keys.KeyCodec;
import dev.dynakit.engine.internal.table.IndexDef;
import dev.dynakit.engine.internal.table.Table;
import dev.dynakit.engine.internal.table.TableDef;
import dev.dynakit.engine.internal.value.AttrValue;
import dev.dynakit.engine.internal.value.ItemCodec;
import dev.dynakit.engine.internal.value.ItemSize;
import dev.dynakit.engine.storage.OrderedStore;
import dev.dynakit.engine.storage.StoreCursor;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The sizes of the item collections of tables with local secondary indices: per partition-key
 * value, the items plus their LSI entries. DynamoDB caps a collection at 10 GB; a write that would
 * grow one beyond the limit is refused.
 *
 * <p>The store is the truth: a collection's size is counted from its stored items when a write or a
 * metrics answer first needs it, then kept up to date by every write (all go through the one write
 * path), so that concurrent writes to one collection are judged against each other's reservations.
 * At most {@link #DEFAULT_CAPACITY} sizes per table are kept beyond those of collections with a
 * write in flight (a reservation not yet applied or released); past that some are forgotten and
 * counted again when next needed. So the memory held does not grow with the table, and an engine
 * opening a store counts nothing up front.
 *
 * <p>Counting happens inside the map's atomic update of that collection's entry, so no write to the
 * collection can reserve in the meantime; writes in flight hold their entry, so an entry is absent
 * only when no write to its collection is between its reservation and its store batch, and the
 * store's snapshot then holds exactly the collection.
 */
final class ItemCollections {
  /** DynamoDB's limit on an item collection, 10 GB. */
  static final long DEFAULT_LIMIT_BYTES = 10L * 1024 * 1024 * 1024;

  /** How many collection sizes a table keeps, beyond those with writes in flight. */
  static final int DEFAULT_CAPACITY = 4096;

  /** A collection's size, and how many reservations of it are in flight (it is kept while any). */
  private record Held(long size, int inFlight) {}

  private final OrderedStore store;
  private final Map<Table, Map<AttrValue, Held>> sizes =
      Collections.synchronizedMap(new WeakHashMap<>());
  private volatile long limitBytes;
  private volatile int capacity = DEFAULT_CAPACITY;

  ItemCollections(OrderedStore store, long limitBytes) {
    this.store = store;
    this.limitBytes = limitBytes;
  }

  void limitBytes(long limit) {
    this.limitBytes = limit;
  }

  /** Changes how many sizes a table keeps beyond those in flight, so that tests can reach it. */
  void capacity(int sizesPerTable) {
    this.capacity = sizesPerTable;
  }

  /**
   * Adds {@code delta} to a collection as a write in flight, refusing (returning false, reserving
   * nothing) a growth that would take it beyond the limit. A shrinking change is always accepted.
   * An accepted change is then either {@link #settle settled} or {@link #undo undone}.
   */
  boolean tryAdd(Table table, AttrValue partition, long delta) {
    if (delta == 0) {
      return true;
    }
    long limit = limitBytes;
    boolean[] refused = {false};
    Map<AttrValue, Held> held = sizes(table);
    held.compute(
        partition,
        (k, h) -> {
          long current = h == null ? counted(table, k) : h.size();
          int inFlight = h == null ? 0 : h.inFlight();
          long next = current + delta;
          if (delta > 0 && next > limit) {
            refused[0] = true;
            return new Held(current, inFlight);
          }
          return new Held(next, inFlight + 1);
        });
    forgetBeyondCapacity(held);
    return !refused[0];
  }

  /** Takes back an accepted change that was not applied. */
  void undo(Table table, AttrValue partition, long delta) {
    if (delta != 0) {
      Map<AttrValue, Held> held = sizes(table);
      held.computeIfPresent(partition, (k, h) -> done(h.size() - delta, h.inFlight()));
      forgetBeyondCapacity(held);
    }
  }

  /** Marks an accepted change as applied to the store: its collection's size may be forgotten. */
  void settle(Table table, AttrValue partition, long delta) {
    if (delta != 0) {
      Map<AttrValue, Held> held = sizes(table);
      held.computeIfPresent(partition, (k, h) -> done(h.size(), h.inFlight()));
      forgetBeyondCapacity(held);
    }
  }

  private static Held done(long size, int inFlight) {
    // an emptied collection with nothing in flight is forgotten at once
    return inFlight <= 1 && size <= 0 ? null : new Held(size, Math.max(0, inFlight - 1));
  }

  /** The current size of a collection, writes in flight included. */
  long size(Table table, AttrValue partition) {
    Map<AttrValue, Held> held = sizes(table);
    long size = held.computeIfAbsent(partition, k -> new Held(counted(table, k), 0)).size();
    forgetBeyondCapacity(held);
    return size;
  }

  /** How many collection sizes the table keeps now. */
  int held(Table table) {
    return sizes(table).size();
  }

  /**
   * Forgets sizes without writes in flight while the table keeps more than its capacity, down to
   * three quarters of it, so that the cost of a sweep is shared by a quarter of the capacity's
   * insertions.
   */
  private void forgetBeyondCapacity(Map<AttrValue, Held> held) {
    int max = capacity;
    if (held.size() <= max) {
      return;
    }
    int target = max - max / 4;
    Iterator<AttrValue> keys = held.keySet().iterator();
    while (held.size() > target && keys.hasNext()) {
      held.computeIfPresent(keys.next(), (k, h) -> h.inFlight() == 0 ? null : h);
    }
  }

  /** Counts a collection from the store: its items' sizes and their LSI entries' sizes. */
  private long counted(Table table, AttrValue partition) {
    TableDef def = table.def();
    byte[][] range = KeyCodec.partitionRange(table.storeId(), 0, List.of(partition));
    long size = 0;
    try (StoreCursor cursor = store.scan(range[0], range[1], false)) {
      while (cursor.hasNext()) {
        Map<String, AttrValue> item = ItemCodec.decode(cursor.next().value());
        size += ItemSize.itemSize(item);
        for (IndexDef index : def.localIndexes()) {
          IndexEntry entry = IndexEntries.entry(table, def, index, item);
          if (entry != null) {
            size += entry.sizeBytes();
          }
        }
      }
    }
    return size;
  }

  private Map<AttrValue, Held> sizes(Table table) {
    return sizes.computeIfAbsent(table, t -> new ConcurrentHashMap<>());
  }
}
