package dev.dynakit.engine.internal.table;

import dev.dynakit.engine.internal.keys.KeyCodec;
import dev.dynakit.engine.internal.value.ItemCodec;
import dev.dynakit.engine.storage.OrderedStore;
import dev.dynakit.engine.storage.StoreCursor;
import dev.dynakit.engine.storage.StoreEntry;
import java.util.HashSet;
import java.util.Set;

/**
 * Opens the catalog a store holds, as an engine starts: loads the tables the journal saved, erases
 * what an interrupted erasure left (data of a table or an index the catalog no longer has), counts
 * each table's and index's items and bytes again, and resumes the backfills of indices still
 * CREATING. On an empty store (every in-memory engine) all of it finds nothing to do.
 */
public final class CatalogRecovery {
  private static final int MAX_INDEX_NO = 255;

  private CatalogRecovery() {}

  /** The catalog of the store, its leftovers erased and its counters counted. */
  public static Catalog open(OrderedStore store, TableTransitions transitions) {
    Catalog catalog = new Catalog(new CatalogJournal(store), transitions);
    eraseOrphanTables(store, catalog);
    for (Table t : catalog.all()) {
      eraseOrphanIndexes(store, t);
      count(store, t);
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

  private static void count(OrderedStore store, Table table) {
    long[] base = countRange(store, KeyCodec.indexRange(table.storeId(), 0));
    table.itemCount().set(base[0]);
    table.sizeBytes().set(base[1]);
    for (IndexDef index : table.def().globalIndexes()) {
      countIndex(store, table, index);
    }
    for (IndexDef index : table.def().localIndexes()) {
      countIndex(store, table, index);
    }
  }

  private static void countIndex(OrderedStore store, Table table, IndexDef index) {
    long[] counted =
        countRange(store, KeyCodec.indexRange(table.storeId(), table.indexStoreNo(index.name())));
    table.indexItemCount(index.name()).set(counted[0]);
    table.indexSizeBytes(index.name()).set(counted[1]);
  }

  /** The number of entries in a range and the sum of their items' sizes. */
  private static long[] countRange(OrderedStore store, byte[][] range) {
    long items = 0;
    long bytes = 0;
    try (StoreCursor cursor = store.scan(range[0], range[1], false)) {
      while (cursor.hasNext()) {
        StoreEntry e = cursor.next();
        items++;
        bytes += ItemCodec.size(e.value());
      }
    }
    return new long[] {items, bytes};
  }
}
