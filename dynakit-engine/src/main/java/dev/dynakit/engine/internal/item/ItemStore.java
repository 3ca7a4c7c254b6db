package dev.dynakit.engine.internal.item;

import dev.dynakit.engine.internal.index.IndexMaintenance;
import dev.dynakit.engine.internal.index.WriteEffects;
import dev.dynakit.engine.internal.index.WritePlan;
import dev.dynakit.engine.internal.metering.Access;
import dev.dynakit.engine.internal.metering.CapacityMeter;
import dev.dynakit.engine.internal.metering.Charge;
import dev.dynakit.engine.internal.metering.Throttle;
import dev.dynakit.engine.internal.stream.PendingRecord;
import dev.dynakit.engine.internal.stream.StreamSettings;
import dev.dynakit.engine.internal.stream.Streams;
import dev.dynakit.engine.internal.table.Table;
import dev.dynakit.engine.internal.value.AttrValue;
import dev.dynakit.engine.internal.value.ItemCodec;
import dev.dynakit.engine.internal.value.ItemSize;
import dev.dynakit.engine.storage.OrderedStore;
import dev.dynakit.engine.storage.WriteBatch;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Reads and writes items of tables in the store; the one write path of the engine. Every
 * read-modify-write of an item runs under that item's lock stripe, which makes writes linearizable
 * per item: a condition is evaluated against the value the write replaces. Several items (a
 * transaction) are locked in ascending stripe order, so lockers never deadlock, and their changes
 * are applied in one atomic store batch, together with the changes to the tables' secondary
 * indices.
 */
public final class ItemStore {
  private final OrderedStore store;
  // Many stripes, so that writers of different items seldom share one: in process, a thread that
  // holds a batch's 25 stripes is often preempted (more client threads than cores), and whoever
  // needs one of them then waits for it to run again.
  private final StripeLocks stripes = new StripeLocks(KeyFactory.LOCK_STRIPES);
  private final IndexMaintenance indexes;
  // null when the engine neither enforces capacity nor keeps key statistics: writes pay nothing
  private final @Nullable CapacityMeter meter;
  private final Streams streams;

  public ItemStore(OrderedStore store) {
    this(store, null);
  }

  /** An item store whose writes are charged to (and may be throttled by) {@code meter}. */
  public ItemStore(OrderedStore store, @Nullable CapacityMeter meter) {
    this(
        store,
        meter,
        new Streams(java.time.Clock.systemUTC(), "us-east-1", StreamSettings.DEFAULTS, store));
  }

  /**
   * An item store whose writes are charged to {@code meter} (null: not metered) and whose changes
   * of a table with a stream are recorded in {@code streams}.
   */
  public ItemStore(OrderedStore store, @Nullable CapacityMeter meter, Streams streams) {
    this.store = store;
    this.indexes = new IndexMaintenance(store);
    this.meter = meter;
    this.streams = streams;
  }

  /** The capacity meter, or null when the engine does not meter. */
  public @Nullable CapacityMeter meter() {
    return meter;
  }

  /** The streams every change is recorded in. */
  public Streams streams() {
    return streams;
  }

  /**
   * Deletes an expired item for the TTL sweeper (the caller holds its lock): as {@link #write}, but
   * never charged (DynamoDB's TTL deletions consume no capacity) and its stream record names
   * DynamoDB's service as the one who deleted it.
   */
  public WriteEffects expire(Table table, PrimaryKey key, Map<String, AttrValue> oldItem) {
    List<ItemWrite> writes = List.of(new ItemWrite(table, key, oldItem, null));
    return apply(writes, plan(writes), List.of(), true).get(0);
  }

  /** Takes the lock guarding every write of the item with this key; release it by closing. */
  public HeldLocks lock(PrimaryKey key) {
    int stripe = key.lockStripe();
    stripes.lock(stripe);
    return new HeldLocks(stripes, new int[] {stripe}, 1);
  }

  /**
   * Takes the locks of all the keys, in ascending stripe order so that lockers never deadlock;
   * release them by closing.
   */
  public HeldLocks lockAll(Collection<PrimaryKey> keys) {
    int[] ordered = new int[keys.size()];
    int n = 0;
    for (PrimaryKey k : keys) {
      ordered[n++] = k.lockStripe();
    }
    Arrays.sort(ordered);
    int distinct = 0;
    for (int i = 0; i < n; i++) {
      if (i == 0 || ordered[i] != ordered[i - 1]) {
        ordered[distinct++] = ordered[i];
      }
    }
    for (int i = 0; i < distinct; i++) {
      stripes.lock(ordered[i]);
    }
    return new HeldLocks(stripes, ordered, distinct);
  }

  /**
   * Takes every item lock, in ascending stripe order (as {@link #lockAll}, so never in a deadlock
   * with a writer): once it returns no write is running, and none starts until they are released.
   * For an engine that closes and saves its counters.
   */
  public HeldLocks lockEverything() {
    int[] all = new int[stripes.stripes()];
    for (int i = 0; i < all.length; i++) {
      stripes.lock(i);
      all[i] = i;
    }
    return new HeldLocks(stripes, all, all.length);
  }

  /**
   * The stored item, or null. It decodes itself when first looked into ({@link
   * ItemCodec#decodeLazily}): a write that only replaces it, or a read that only returns it, never
   * decodes it.
   */
  public @Nullable Map<String, AttrValue> read(PrimaryKey key) {
    byte[] bytes = store.get(key.storageKey());
    return bytes == null ? null : ItemCodec.decodeLazily(bytes);
  }

  /**
   * The stored items of {@code keys}, in their order, null where absent; as {@link #read} for each,
   * with the store looking all keys up together.
   */
  public List<@Nullable Map<String, AttrValue>> readAll(List<PrimaryKey> keys) {
    int n = keys.size();
    byte[][] storageKeys = new byte[n][];
    for (int i = 0; i < n; i++) {
      storageKeys[i] = keys.get(i).storageKey();
    }
    return ItemCodec.decodeAllLazily(store.getAll(storageKeys));
  }

  /**
   * Waits until every write of another thread that holds item locks at the time of the call has
   * finished. A change to a table's indices made before the call is seen by every write after it,
   * because writes read the table's declaration under their locks.
   */
  public void awaitWriters() {
    for (int i = 0; i < stripes.stripes(); i++) {
      // a stripe free now has no writer to wait for; one the caller holds (a test holding an
      // item while it changes the table's indices) would wait for itself
      if (stripes.isLocked(i) && !stripes.isHeldByCurrentThread(i)) {
        stripes.lock(i);
        stripes.unlock(i);
      }
    }
  }

  /** The index maintenance of this store (for backfills and item-collection metrics). */
  public IndexMaintenance indexes() {
    return indexes;
  }

  /**
   * Applies one change; the caller holds the item's lock.
   *
   * @return what the change cost in the table's indices
   * @throws dev.dynakit.engine.error.EngineException when the new item's index keys are invalid or
   *     its item collection would exceed the limit; nothing is written then
   */
  public WriteEffects write(
      Table table,
      PrimaryKey key,
      @Nullable Map<String, AttrValue> oldItem,
      @Nullable Map<String, AttrValue> newItem) {
    return write(new ItemWrite(table, key, oldItem, newItem));
  }

  /**
   * Applies one change, with its new item encoded already if it was; as the other {@code write}.
   */
  public WriteEffects write(ItemWrite change) {
    return writeAll(List.of(change)).get(0);
  }

  /**
   * Applies all changes, and the index changes they cause, in one atomic store batch; the caller
   * holds every item's lock. Every new item is validated against the indices of its table and the
   * item collections of tables with LSIs are checked before anything is written: a refused change
   * refuses the whole batch.
   *
   * @return what each change cost in the indices, in the order of {@code writes}
   */
  public List<WriteEffects> writeAll(List<ItemWrite> writes) {
    return writeAll(writes, List.of());
  }

  /**
   * As {@link #writeAll(List)}, with {@code alongside} (metadata that belongs to the request, such
   * as a transaction's client token) in the same atomic batch: both are stored, or neither.
   */
  public List<WriteEffects> writeAll(List<ItemWrite> writes, List<WriteBatch.Change> alongside) {
    List<WritePlan> plans = plan(writes);
    if (meter != null) {
      Throttle refused = meter.admit(Access.WRITE, charges(writes, plans, 1));
      if (refused != null) {
        throw refused.exception();
      }
    }
    return apply(writes, plans, alongside, false);
  }

  /**
   * Charges the writes of one transaction (at twice the units of plain writes) without writing
   * them; then {@link #writeAdmitted} writes them.
   *
   * @return null when admitted (or the engine does not meter), else why they were throttled
   */
  public @Nullable Throttle admitTransaction(List<ItemWrite> writes) {
    return meter == null ? null : meter.admit(Access.WRITE, charges(writes, plan(writes), 2));
  }

  /**
   * Charges each write alone (the parts of a BatchWriteItem) without writing it; then {@link
   * #writeAdmitted} writes the admitted ones.
   *
   * @return per write, null when admitted, else why it was throttled
   */
  public List<@Nullable Throttle> admitEach(List<ItemWrite> writes) {
    List<@Nullable Throttle> out = new ArrayList<>(writes.size());
    if (meter == null) {
      for (int i = 0; i < writes.size(); i++) {
        out.add(null);
      }
      return out;
    }
    List<WritePlan> plans = plan(writes);
    List<List<Charge>> each = new ArrayList<>(writes.size());
    for (int i = 0; i < writes.size(); i++) {
      each.add(CapacityCharges.ofWrite(writes.get(i), plans.get(i), 1));
    }
    return meter.admitEach(Access.WRITE, each);
  }

  /**
   * As {@link #writeAll}, for writes already charged by {@link #admitTransaction} or {@link
   * #admitEach}.
   */
  public List<WriteEffects> writeAdmitted(List<ItemWrite> writes) {
    return writeAdmitted(writes, List.of());
  }

  /** As {@link #writeAdmitted(List)}, with {@code alongside} in the same atomic batch. */
  public List<WriteEffects> writeAdmitted(
      List<ItemWrite> writes, List<WriteBatch.Change> alongside) {
    return apply(writes, plan(writes), alongside, false);
  }

  private List<WritePlan> plan(List<ItemWrite> writes) {
    List<WritePlan> plans = new ArrayList<>(writes.size());
    for (ItemWrite w : writes) {
      plans.add(indexes.plan(w.table(), w.oldItem(), w.newItem()));
    }
    return plans;
  }

  private static List<Charge> charges(List<ItemWrite> writes, List<WritePlan> plans, int factor) {
    List<Charge> charges = new ArrayList<>(writes.size() * 2);
    for (int i = 0; i < writes.size(); i++) {
      charges.addAll(CapacityCharges.ofWrite(writes.get(i), plans.get(i), factor));
    }
    return charges;
  }

  private List<WriteEffects> apply(
      List<ItemWrite> writes,
      List<WritePlan> plans,
      List<WriteBatch.Change> alongside,
      boolean byTtl) {
    IndexMaintenance.Reservation reservation = indexes.reserve(plans);
    // an item's own change, and as many again for index entries, before the batch grows
    WriteBatch batch = new WriteBatch(2 * writes.size());
    // the size of each new item, read from its encoding's header
    long[] newSizes = new long[writes.size()];
    for (int i = 0; i < writes.size(); i++) {
      ItemWrite w = writes.get(i);
      Map<String, AttrValue> newItem = w.newItem();
      byte[] encoded = null;
      if (newItem == null) {
        batch.delete(w.key().storageKey());
      } else {
        encoded = w.newItemBytes() != null ? w.newItemBytes() : ItemCodec.encode(newItem);
        batch.put(w.key().storageKey(), encoded);
        newSizes[i] = ItemCodec.size(encoded);
      }
      plans.get(i).addTo(batch, newItem, encoded);
    }
    for (WriteBatch.Change c : alongside) {
      if (c.value() == null) {
        batch.delete(c.key());
      } else {
        batch.put(c.key(), c.value());
      }
    }
    // each change's stream record goes in the same batch, numbered under the items' locks: an
    // item's records are in the order of its writes, and a stored change always has its record
    List<PendingRecord> records = null;
    boolean applied = false;
    try {
      for (ItemWrite w : writes) {
        PendingRecord r =
            streams.record(w.table(), w.key().attributes(), w.oldItem(), w.newItem(), byTtl, batch);
        if (r != null) {
          records = records == null ? new ArrayList<>(writes.size()) : records;
          records.add(r);
        }
      }
      store.apply(batch);
      applied = true;
    } catch (RuntimeException e) {
      reservation.release();
      throw e;
    } finally {
      if (records != null) {
        for (PendingRecord r : records) {
          r.publish(applied);
        }
      }
    }
    List<WriteEffects> effects = new ArrayList<>(writes.size());
    Table counted = null;
    long itemDelta = 0;
    long sizeDelta = 0;
    for (int i = 0; i < writes.size(); i++) {
      ItemWrite w = writes.get(i);
      if (w.table() != counted) {
        count(counted, itemDelta, sizeDelta);
        counted = w.table();
        itemDelta = 0;
        sizeDelta = 0;
      }
      Map<String, AttrValue> oldItem = w.oldItem();
      Map<String, AttrValue> newItem = w.newItem();
      if (oldItem == null && newItem != null) {
        itemDelta++;
      } else if (oldItem != null && newItem == null) {
        itemDelta--;
      }
      sizeDelta += newSizes[i] - (oldItem == null ? 0 : ItemSize.itemSize(oldItem));
      WritePlan plan = plans.get(i);
      plan.commit();
      effects.add(plan.effects());
    }
    count(counted, itemDelta, sizeDelta);
    // applied: the store now holds what the reservation kept in flight
    reservation.settle();
    return effects;
  }

  /** The size of the item a change writes, 0 for a delete. */
  public static long newItemSize(ItemWrite w) {
    if (w.newItem() == null) {
      return 0;
    }
    return w.newItemBytes() != null
        ? ItemCodec.size(w.newItemBytes())
        : ItemSize.itemSize(w.newItem());
  }

  /**
   * The ItemCollectionMetrics of the collection holding the item with this key, or null when the
   * table has no LSIs (DynamoDB reports item collections only for those).
   */
  public @Nullable Map<String, Object> itemCollectionMetrics(Table table, PrimaryKey key) {
    return indexes.itemCollectionMetrics(table, key.attributes());
  }

  /**
   * Adds the item count and size changes of consecutive writes to one table in one step each: the
   * counters are shared by every writer of the table.
   */
  private static void count(@Nullable Table table, long itemDelta, long sizeDelta) {
    if (table == null) {
      return;
    }
    if (itemDelta != 0) {
      table.itemCount().addAndGet(itemDelta);
    }
    if (sizeDelta != 0) {
      table.sizeBytes().addAndGet(sizeDelta);
    }
  }
}
