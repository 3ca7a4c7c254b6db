package dev.dynakit.engine.internal.index;

import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.error.ErrorType;
import dev.dynakit.engine.internal.keys.KeyCodec;
import dev.dynakit.engine.internal.table.IndexDef;
import dev.dynakit.engine.internal.table.KeyAttr;
import dev.dynakit.engine.internal.table.Table;
import dev.dynakit.engine.internal.table.TableDef;
import dev.dynakit.engine.internal.value.AttrValue;
import dev.dynakit.engine.internal.value.ItemSize;
import dev.dynakit.engine.storage.OrderedStore;
import dev.dynakit.engine.storage.WriteBatch;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Keeps the secondary indices of an engine's tables in step with their items. The write path asks
 * it to {@link #plan} each item write (which validates the new item's index keys), to {@link
 * #reserve} item-collection space for all writes of a batch, and then adds the planned index
 * changes to the batch. Every method that reads the store for an item runs under that item's lock.
 */
public final class IndexMaintenance {
  /** The system property that overrides the item-collection limit (bytes), for tests. */
  public static final String COLLECTION_LIMIT_PROPERTY = "dynakit.engine.itemCollectionLimitBytes";

  private static final double BYTES_PER_GB = 1024.0 * 1024 * 1024;

  private final OrderedStore store;
  private final ItemCollections collections;
  // set once, before the engine serves, when its GSIs lag; null keeps them in step with the table
  private @Nullable LaggedIndexes lagged;

  /** Index maintenance over the store, with the item-collection limit from the system property. */
  public IndexMaintenance(OrderedStore store) {
    this.store = store;
    this.collections =
        new ItemCollections(
            store, Long.getLong(COLLECTION_LIMIT_PROPERTY, ItemCollections.DEFAULT_LIMIT_BYTES));
  }

  /** Makes GSI changes wait for their delay instead of joining the item's store batch. */
  void lagged(LaggedIndexes lagged) {
    this.lagged = lagged;
  }

  /**
   * Waits until no lagged GSI change of the table is being applied. A GSI already out of the
   * table's declaration then receives none any more, and its entries can be erased.
   */
  public void awaitLaggedChanges(Table table) {
    if (lagged != null) {
      lagged.awaitApplying(table);
    }
  }

  /** Changes the item-collection limit (10 GB in DynamoDB), so that tests can reach it. */
  public void itemCollectionLimitBytes(long limit) {
    collections.limitBytes(limit);
  }

  /** Changes how many collection sizes a table keeps beyond those in flight (for tests). */
  void itemCollectionCapacity(int sizesPerTable) {
    collections.capacity(sizesPerTable);
  }

  /** How many collection sizes the table keeps now (for tests). */
  int heldCollections(Table table) {
    return collections.held(table);
  }

  /** The size of a collection, writes in flight included (for tests). */
  long collectionSize(Table table, AttrValue partition) {
    return collections.size(table, partition);
  }

  /**
   * Plans the index side of replacing {@code oldItem} by {@code newItem} (either may be null). The
   * caller holds the item's lock; the table's current declaration decides the indices.
   *
   * @throws EngineException a ValidationException when the new item's index keys are invalid
   */
  public WritePlan plan(
      Table table,
      @Nullable Map<String, AttrValue> oldItem,
      @Nullable Map<String, AttrValue> newItem) {
    TableDef def = table.def();
    if (def.globalIndexes().isEmpty() && def.localIndexes().isEmpty()) {
      return WritePlan.NONE;
    }
    if (newItem != null) {
      IndexEntries.validate(def, newItem);
    }
    List<IndexChange> changes =
        new ArrayList<>(def.globalIndexes().size() + def.localIndexes().size());
    List<IndexChange> deferred = null;
    for (IndexDef index : def.globalIndexes()) {
      IndexChange c = change(table, def, index, oldItem, newItem);
      // a backfilling index cannot be read, and its backfill relies on entries written at once
      if (lagged == null || index.backfilling()) {
        changes.add(c);
      } else if (!c.unchanged()) {
        deferred = deferred == null ? new ArrayList<>(2) : deferred;
        deferred.add(c);
      }
    }
    long collectionDelta = 0;
    for (IndexDef index : def.localIndexes()) {
      IndexChange c = change(table, def, index, oldItem, newItem);
      changes.add(c);
      collectionDelta += c.sizeDelta();
    }
    AttrValue partition = null;
    if (!def.localIndexes().isEmpty()) {
      Map<String, AttrValue> any = newItem != null ? newItem : oldItem;
      if (any != null) {
        partition = any.get(def.key().hashKey().name());
        collectionDelta += size(newItem) - size(oldItem);
      }
    }
    WritePlan plan = new WritePlan(table, changes, partition, collectionDelta);
    if (deferred != null) {
      plan.defer(lagged, itemKey(table, def, newItem != null ? newItem : oldItem), deferred);
    }
    return plan;
  }

  /**
   * The item's base-table storage key, which identifies it whatever the spelling of its key values
   * (numbers compare by value there).
   */
  private static ByteBuffer itemKey(
      Table table, TableDef def, @Nullable Map<String, AttrValue> item) {
    if (item == null) {
      return ByteBuffer.allocate(0);
    }
    List<AttrValue> hash = new ArrayList<>(1);
    for (KeyAttr a : def.key().hash()) {
      hash.add(item.get(a.name()));
    }
    List<AttrValue> range = new ArrayList<>(1);
    for (KeyAttr a : def.key().range()) {
      range.add(item.get(a.name()));
    }
    return ByteBuffer.wrap(KeyCodec.itemKey(table.storeId(), 0, hash, range, List.of()));
  }

  private IndexChange change(
      Table table,
      TableDef def,
      IndexDef index,
      @Nullable Map<String, AttrValue> oldItem,
      @Nullable Map<String, AttrValue> newItem) {
    IndexEntry before = IndexEntries.entry(table, def, index, oldItem);
    if (before != null && index.backfilling() && store.get(before.key()) == null) {
      // the backfill has not reached this item yet: the index holds nothing for it
      before = null;
    }
    return new IndexChange(index, before, IndexEntries.entry(table, def, index, newItem));
  }

  private static long size(@Nullable Map<String, AttrValue> item) {
    return item == null ? 0 : ItemSize.itemSize(item);
  }

  /**
   * Reserves the item-collection growth of all the planned writes (summed per collection, so that a
   * transaction moving data within one collection is judged by its net effect), or refuses them
   * all.
   *
   * @throws EngineException ItemCollectionSizeLimitExceededException when a collection of a table
   *     with LSIs would exceed the limit; nothing is reserved then
   */
  public Reservation reserve(List<WritePlan> plans) {
    Map<Table, Map<AttrValue, Long>> deltas = null;
    for (WritePlan p : plans) {
      if (p.partition() != null && p.collectionDelta() != 0) {
        if (deltas == null) {
          deltas = new LinkedHashMap<>();
        }
        deltas
            .computeIfAbsent(p.table(), t -> new LinkedHashMap<>())
            .merge(p.partition(), p.collectionDelta(), Long::sum);
      }
    }
    if (deltas == null) {
      return Reservation.EMPTY;
    }
    Reservation reservation = new Reservation(collections);
    for (Map.Entry<Table, Map<AttrValue, Long>> t : deltas.entrySet()) {
      for (Map.Entry<AttrValue, Long> d : t.getValue().entrySet()) {
        if (!collections.tryAdd(t.getKey(), d.getKey(), d.getValue())) {
          reservation.release();
          throw new EngineException(
              ErrorType.ITEM_COLLECTION_SIZE_LIMIT_EXCEEDED, "Collection size exceeded.");
        }
        reservation.accepted.add(new Reserved(t.getKey(), d.getKey(), d.getValue()));
      }
    }
    return reservation;
  }

  /**
   * Writes the entries of existing items into a GSI being backfilled, in one store batch, except
   * those a write since the index was created already wrote. The caller holds the items' locks and
   * read {@code items} under them.
   *
   * @return how many entries it wrote
   */
  public int backfill(Table table, IndexDef index, List<Map<String, AttrValue>> items) {
    List<IndexEntry> entries = new ArrayList<>(items.size());
    for (Map<String, AttrValue> item : items) {
      IndexEntry entry = IndexEntries.entry(table, table.def(), index, item);
      if (entry != null) {
        entries.add(entry);
      }
    }
    byte[][] keys = new byte[entries.size()][];
    for (int i = 0; i < keys.length; i++) {
      keys[i] = entries.get(i).key();
    }
    byte[][] present = store.getAll(keys);
    List<IndexChange> added = new ArrayList<>(entries.size());
    WriteBatch batch = new WriteBatch(entries.size());
    for (int i = 0; i < keys.length; i++) {
      if (present[i] == null) {
        IndexChange change = new IndexChange(index, null, entries.get(i));
        change.addTo(batch, null, null);
        added.add(change);
      }
    }
    if (!batch.isEmpty()) {
      store.apply(batch);
    }
    for (IndexChange change : added) {
      change.count(table);
    }
    return added.size();
  }

  /**
   * The ItemCollectionMetrics of the collection of the item with this key, as DynamoDB reports it
   * for tables with LSIs ({@code SizeEstimateRangeGB} brackets the size by whole gigabytes); null
   * for a table without LSIs.
   */
  public @Nullable Map<String, Object> itemCollectionMetrics(
      Table table, Map<String, AttrValue> key) {
    TableDef def = table.def();
    if (def.localIndexes().isEmpty()) {
      return null;
    }
    String hash = def.key().hashKey().name();
    AttrValue value = key.get(hash);
    if (value == null) {
      throw new IllegalArgumentException("key lacks the partition key " + hash);
    }
    double lower = Math.floor(collections.size(table, value) / BYTES_PER_GB);
    Map<String, Object> metrics = new LinkedHashMap<>();
    metrics.put("ItemCollectionKey", Map.of(hash, value));
    metrics.put("SizeEstimateRangeGB", List.of(lower, lower + 1));
    return metrics;
  }

  private record Reserved(Table table, AttrValue partition, long delta) {}

  /**
   * Item-collection space taken for writes about to be applied: settled once they are, released if
   * they fail.
   */
  public static final class Reservation {
    static final Reservation EMPTY = new Reservation(null);

    private final @Nullable ItemCollections collections;
    private final List<Reserved> accepted = new ArrayList<>(2);

    private Reservation(@Nullable ItemCollections collections) {
      this.collections = collections;
    }

    /**
     * Marks the writes applied to the store: the sizes they changed no longer need to be kept (the
     * store now holds them).
     */
    public void settle() {
      if (collections == null) {
        return;
      }
      for (Reserved r : accepted) {
        collections.settle(r.table(), r.partition(), r.delta());
      }
      accepted.clear();
    }

    /** Gives the space back: the writes were not applied. */
    public void release() {
      if (collections == null) {
        return;
      }
      for (Reserved r : accepted) {
        collections.undo(r.table(), r.partition(), r.delta());
      }
      accepted.clear();
    }
  }
}
