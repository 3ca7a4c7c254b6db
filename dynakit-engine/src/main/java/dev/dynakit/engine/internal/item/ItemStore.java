package dev.dynakit.engine.internal.item;

import dev.dynakit.engine.internal.table.Table;
import dev.dynakit.engine.internal.value.AttrValue;
import dev.dynakit.engine.internal.value.ItemCodec;
import dev.dynakit.engine.internal.value.ItemSize;
import dev.dynakit.engine.storage.OrderedStore;
import dev.dynakit.engine.storage.WriteBatch;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;
import org.jspecify.annotations.Nullable;

/**
 * Reads and writes items of tables in the store. Every read-modify-write of one item runs under
 * that item's lock stripe, which makes writes linearizable per item: the condition is evaluated
 * against the value the write replaces.
 */
final class ItemStore {
  private final OrderedStore store;
  private final ReentrantLock[] stripes = new ReentrantLock[KeyFactory.LOCK_STRIPES];

  ItemStore(OrderedStore store) {
    this.store = store;
    for (int i = 0; i < stripes.length; i++) {
      stripes[i] = new ReentrantLock();
    }
  }

  /** The lock guarding every write of the item with this key. */
  ReentrantLock lock(PrimaryKey key) {
    return stripes[key.lockStripe()];
  }

  /** The stored item, or null. */
  @Nullable Map<String, AttrValue> read(PrimaryKey key) {
    byte[] bytes = store.get(key.storageKey());
    return bytes == null ? null : ItemCodec.decode(bytes);
  }

  /**
   * Replaces {@code oldItem} by {@code newItem} (null deletes); the caller holds the item's lock
   * and has read {@code oldItem} under it.
   */
  void write(
      Table table,
      PrimaryKey key,
      @Nullable Map<String, AttrValue> oldItem,
      @Nullable Map<String, AttrValue> newItem) {
    WriteBatch batch = new WriteBatch();
    if (newItem == null) {
      batch.delete(key.storageKey());
    } else {
      batch.put(key.storageKey(), ItemCodec.encode(newItem));
    }
    store.apply(batch);
    long oldSize = oldItem == null ? 0 : ItemSize.itemSize(oldItem);
    long newSize = newItem == null ? 0 : ItemSize.itemSize(newItem);
    if (oldItem == null && newItem != null) {
      table.itemCount().incrementAndGet();
    } else if (oldItem != null && newItem == null) {
      table.itemCount().decrementAndGet();
    }
    table.sizeBytes().addAndGet(newSize - oldSize);
  }
}
