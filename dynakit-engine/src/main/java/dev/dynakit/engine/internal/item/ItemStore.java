package dev.dynakit.engine.internal.item;

import dev.dynakit.engine.internal.table.Table;
import dev.dynakit.engine.internal.value.AttrValue;
import dev.dynakit.engine.internal.value.ItemCodec;
import dev.dynakit.engine.internal.value.ItemSize;
import dev.dynakit.engine.storage.OrderedStore;
import dev.dynakit.engine.storage.WriteBatch;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.locks.ReentrantLock;
import org.jspecify.annotations.Nullable;

/**
 * Reads and writes items of tables in the store; the one write path of the engine. Every
 * read-modify-write of an item runs under that item's lock stripe, which makes writes linearizable
 * per item: a condition is evaluated against the value the write replaces. Several items (a
 * transaction) are locked in ascending stripe order, so lockers never deadlock, and their changes
 * are applied in one atomic store batch.
 */
public final class ItemStore {
  private final OrderedStore store;
  private final ReentrantLock[] stripes = new ReentrantLock[KeyFactory.LOCK_STRIPES];

  public ItemStore(OrderedStore store) {
    this.store = store;
    for (int i = 0; i < stripes.length; i++) {
      stripes[i] = new ReentrantLock();
    }
  }

  /** The lock guarding every write of the item with this key. */
  public ReentrantLock lock(PrimaryKey key) {
    return stripes[key.lockStripe()];
  }

  /**
   * Locks the stripes of all the keys in ascending order and returns them, to be released with
   * {@link #unlockAll}.
   */
  public List<ReentrantLock> lockAll(Collection<PrimaryKey> keys) {
    TreeSet<Integer> ordered = new TreeSet<>();
    for (PrimaryKey k : keys) {
      ordered.add(k.lockStripe());
    }
    List<ReentrantLock> locks = new java.util.ArrayList<>(ordered.size());
    for (int stripe : ordered) {
      ReentrantLock l = stripes[stripe];
      l.lock();
      locks.add(l);
    }
    return locks;
  }

  /** Releases locks taken by {@link #lockAll}. */
  public static void unlockAll(List<ReentrantLock> locks) {
    for (int i = locks.size() - 1; i >= 0; i--) {
      locks.get(i).unlock();
    }
  }

  /** The stored item, or null. */
  public @Nullable Map<String, AttrValue> read(PrimaryKey key) {
    byte[] bytes = store.get(key.storageKey());
    return bytes == null ? null : ItemCodec.decode(bytes);
  }

  /** Applies one change; the caller holds the item's lock. */
  public void write(
      Table table,
      PrimaryKey key,
      @Nullable Map<String, AttrValue> oldItem,
      @Nullable Map<String, AttrValue> newItem) {
    writeAll(List.of(new ItemWrite(table, key, oldItem, newItem)));
  }

  /** Applies all changes in one atomic store batch; the caller holds every item's lock. */
  public void writeAll(List<ItemWrite> writes) {
    WriteBatch batch = new WriteBatch();
    for (ItemWrite w : writes) {
      if (w.newItem() == null) {
        batch.delete(w.key().storageKey());
      } else {
        batch.put(w.key().storageKey(), ItemCodec.encode(w.newItem()));
      }
    }
    store.apply(batch);
    for (ItemWrite w : writes) {
      count(w);
    }
  }

  private static void count(ItemWrite w) {
    long oldSize = w.oldItem() == null ? 0 : ItemSize.itemSize(w.oldItem());
    long newSize = w.newItem() == null ? 0 : ItemSize.itemSize(w.newItem());
    if (w.oldItem() == null && w.newItem() != null) {
      w.table().itemCount().incrementAndGet();
    } else if (w.oldItem() != null && w.newItem() == null) {
      w.table().itemCount().decrementAndGet();
    }
    w.table().sizeBytes().addAndGet(newSize - oldSize);
  }
}
