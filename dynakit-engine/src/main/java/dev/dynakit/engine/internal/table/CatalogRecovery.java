package dev.dynakit.engine.internal.table;

import dev.dynakit.engine.internal.keys.KeyCodec;
import dev.dynakit.engine.internal.value.ItemCodec;
import dev.dynakit.engine.storage.OrderedStore;
import dev.dynakit.engine.storage.StoreCursor;
import dev.dynakit.engine.storage.StoreEntry;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Opens the catalog a store holds, as an engine starts: loads the tables the journal saved, erases
 * what an interrupted erasure left (data of a table or an index the catalog no longer has),
 * restores each table's and index's item count and size (from the record a clean close saved,
 * {@link TableCounters}; after a crash by counting them again), and resumes the backfills of
 * indices still CREATING. On an empty store (every in-memory engine) all of it finds nothing to do.
 */
public final class CatalogRecovery {
  private static final int MAX_INDEX_NO = 255;

  private CatalogRecovery() {}

  /** The catalog of the store, its leftovers erased and its counters counted. */
  public static Catalog open(OrderedStore store, TableTransitions transitions) {
    Catalog catalog = new Catalog(new CatalogJournal(store), transitions);
    Map<Long, Map<Integer, TableCounters.Counted>> saved = TableCounters.take(store);
    eraseOrphanTables(store, catalog);
    for (Table t : catalog.all()) {
      eraseOrphanIndexes(store, t);
      count(store, t, saved.getOrDefault(t.storeId(), Map.of()));
    }
    return catalog;
  }

  /**
   * Starts again the backfill of every global secondary index that was still being filled when the
   * engine stopped: the backfill adds each item's entry unless it is there, so a second pass is
   * harmless.
   */
  public static void resumeBackfills(Catalog catalog, IndexLifecycle indexes) {
    for (Table t : catalog.all()) {
      for (IndexDef index : t.def().globalIndexes()) {
        if (index.backfilling()) {
          indexes.created(t, index);
        }
      }
    }
  }

  private static void eraseOrphanTables(OrderedStore store, Catalog catalog) {
    Set<Long> live = new HashSet<>();
    for (Table t : catalog.all()) {
      live.add(t.storeId());
    }
    long storeId = 1;
    while (storeId > 0) {
      Long found = firstStoreId(store, storeId);
      if (found == null) {
        return;
      }
      if (!live.contains(found)) {
        TableDataEraser.erase(store, found);
      }
      storeId = found + 1;
    }
  }

  private static Long firstStoreId(OrderedStore store, long from) {
    try (StoreCursor cursor = store.scan(TableDataEraser.prefix(from), null, false)) {
      if (!cursor.hasNext()) {
        return null;
      }
      byte[] key = cursor.next().key();
      return key.length < Long.BYTES ? from : java.nio.ByteBuffer.wrap(key).getLong();
    }
  }

  private static void eraseOrphanIndexes(OrderedStore store, Table table) {
    Set<Integer> live = new HashSet<>();
    for (IndexDef index : table.def().globalIndexes()) {
      live.add(table.indexStoreNo(index.name()));
    }
    for (IndexDef index : table.def().localIndexes()) {
      live.add(table.indexStoreNo(index.name()));
    }
    for (int no = 1; no <= MAX_INDEX_NO; no++) {
      if (!live.contains(no)) {
        byte[][] range = KeyCodec.indexRange(table.storeId(), no);
        TableDataEraser.eraseRange(store, range[0], range[1]);
      }
    }
  }

  /**
   * Sets a table's and its indices' counters: those saved at a clean close where there are, else
   * counted from the store.
   */
  private static void count(
      OrderedStore store, Table table, Map<Integer, TableCounters.Counted> saved) {
    TableCounters.Counted base = counted(store, table, 0, saved);
    table.itemCount().set(base.items());
    table.sizeBytes().set(base.bytes());
    for (IndexDef index : table.def().globalIndexes()) {
      countIndex(store, table, index, saved);
    }
    for (IndexDef index : table.def().localIndexes()) {
      countIndex(store, table, index, saved);
    }
  }

  private static void countIndex(
      OrderedStore store, Table table, IndexDef index, Map<Integer, TableCounters.Counted> saved) {
    TableCounters.Counted c = counted(store, table, table.indexStoreNo(index.name()), saved);
    table.indexItemCount(index.name()).set(c.items());
    table.indexSizeBytes(index.name()).set(c.bytes());
  }

  private static TableCounters.Counted counted(
      OrderedStore store, Table table, int indexNo, Map<Integer, TableCounters.Counted> saved) {
    TableCounters.Counted c = saved.get(indexNo);
    return c != null ? c : countRange(store, KeyCodec.indexRange(table.storeId(), indexNo));
  }

  /** The number of entries in a range and the sum of their items' sizes. */
  private static TableCounters.Counted countRange(OrderedStore store, byte[][] range) {
    long items = 0;
    long bytes = 0;
    try (StoreCursor cursor = store.scan(range[0], range[1], false)) {
      while (cursor.hasNext()) {
        StoreEntry e = cursor.next();
        items++;
        bytes += ItemCodec.size(e.value());
      }
    }
    return new TableCounters.Counted(items, bytes);
  }
}
