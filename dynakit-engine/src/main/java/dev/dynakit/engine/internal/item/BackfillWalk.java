package dev.dynakit.engine.internal.item;

import dev.dynakit.engine.internal.keys.KeyCodec;
import dev.dynakit.engine.internal.table.IndexDef;
import dev.dynakit.engine.internal.table.Table;
import dev.dynakit.engine.internal.value.AttrValue;
import dev.dynakit.engine.internal.value.ItemCodec;
import dev.dynakit.engine.storage.OrderedStore;
import dev.dynakit.engine.storage.StoreCursor;
import dev.dynakit.engine.storage.StoreEntry;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;

/**
 * Walks a table's items to fill a new global secondary index, a chunk at a time: the keys of at
 * most {@link #MAX_ITEMS} items (or {@link #MAX_BYTES} of them) are read from a cursor that is then
 * closed, the items are locked together, read again under their locks, and their missing entries
 * written in one store batch; the next chunk starts after the last key.
 *
 * <p>Why chunks: the walk of a table of millions of items holds no more than one chunk, writes a
 * store batch (on disk, a synced log write) per chunk rather than per item, and keeps no cursor (on
 * disk, a snapshot pinning old files) open for the length of the walk.
 */
final class BackfillWalk {
  /** The most items a chunk locks and writes together. */
  static final int MAX_ITEMS = 256;

  /** The most stored bytes of items a chunk holds (items are up to 400 KB each). */
  static final long MAX_BYTES = 4L << 20;

  private final OrderedStore store;
  private final ItemStore items;

  BackfillWalk(OrderedStore store, ItemStore items) {
    this.store = store;
    this.items = items;
  }

  /**
   * Adds the entry of every item of the table to the index; false when {@code cancelled} turned
   * true before the walk ended.
   */
  boolean run(Table table, IndexDef index, BooleanSupplier cancelled) {
    byte[][] range = KeyCodec.indexRange(table.storeId(), 0);
    byte[] from = range[0];
    while (!cancelled.getAsBoolean()) {
      List<PrimaryKey> keys = new ArrayList<>();
      byte[] last = chunk(table, from, range[1], keys);
      if (keys.isEmpty()) {
        return true;
      }
      try (HeldLocks held = items.lockAll(keys)) {
        // an item may have changed or gone since the cursor read it
        List<Map<String, AttrValue>> current = new ArrayList<>(keys.size());
        for (Map<String, AttrValue> item : items.readAll(keys)) {
          if (item != null) {
            current.add(item);
          }
        }
        items.indexes().backfill(table, index, current);
      }
      if (last == null) {
        return true;
      }
      from = KeyCodec.keyAfter(last);
    }
    return false;
  }

  /**
   * Reads the keys of the next chunk of items from {@code from} into {@code keys}; returns the
   * storage key of its last item, or null when the chunk reached the end of the table.
   */
  private byte[] chunk(Table table, byte[] from, byte[] to, List<PrimaryKey> keys) {
    long bytes = 0;
    try (StoreCursor cursor = store.scan(from, to, false)) {
      while (cursor.hasNext()) {
        StoreEntry e = cursor.next();
        // decoded only as far as the key attributes
        keys.add(KeyFactory.fromItem(table, ItemCodec.decodeLazily(e.value())));
        bytes += e.value().length;
        if (keys.size() == MAX_ITEMS || bytes >= MAX_BYTES) {
          return e.key().clone();
        }
      }
    }
    return null;
  }
}
