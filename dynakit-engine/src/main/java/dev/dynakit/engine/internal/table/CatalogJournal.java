package dev.dynakit.engine.internal.table;

import dev.dynakit.engine.storage.OrderedStore;
import dev.dynakit.engine.storage.StoreCursor;
import dev.dynakit.engine.storage.StoreEntry;
import dev.dynakit.engine.storage.WriteBatch;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Keeps the catalog in the store, so that an on-disk engine finds its tables again: one record per
 * table ({@link TableRecord}) and the next store id, under the metadata prefix, store id 0, which
 * no table has (store ids start at 1). Each save is one store batch, durable when it returns.
 *
 * <p>The catalog saves a table when it is created and deletes its record when it is removed, before
 * its data is erased; after every other control-plane change the engine saves the tables whose
 * record changed. A table is erased after its record is gone, so data whose store id has no record
 * is the remains of an erasure a crash interrupted, and {@link #load} erases it.
 */
public final class CatalogJournal {
  /** The prefix of every metadata key: the store id 0. */
  public static final byte[] META = new byte[Long.BYTES];

  private static final byte TABLE = 'T';
  private static final byte NEXT_STORE_ID = 'N';

  private final OrderedStore store;
  // the record last saved of each table, by name: what a save compares with
  private final Map<String, byte[]> saved = new HashMap<>();

  public CatalogJournal(OrderedStore store) {
    this.store = store;
  }

  /** A metadata key: the prefix, a kind byte, then the name's bytes. */
  public static byte[] key(byte kind, byte[] name) {
    byte[] key = Arrays.copyOf(META, META.length + 1 + name.length);
    key[META.length] = kind;
    System.arraycopy(name, 0, key, META.length + 1, name.length);
    return key;
  }

  /** The tables stored, with the next store id, read once when the engine opens. */
  record Loaded(List<Table> tables, long nextStoreId) {}

  synchronized Loaded load() {
    List<Table> tables = new ArrayList<>();
    byte[] from = key(TABLE, new byte[0]);
    byte[] to = key((byte) (TABLE + 1), new byte[0]);
    try (StoreCursor cursor = store.scan(from, to, false)) {
      while (cursor.hasNext()) {
        StoreEntry e = cursor.next();
        Table t = TableRecord.read(e.value());
        tables.add(t);
        saved.put(t.name(), e.value());
      }
    }
    byte[] next = store.get(key(NEXT_STORE_ID, new byte[0]));
    long nextStoreId = next == null ? 1 : ByteBuffer.wrap(next).getLong();
    for (Table t : tables) {
      nextStoreId = Math.max(nextStoreId, t.storeId() + 1);
    }
    return new Loaded(tables, nextStoreId);
  }

  /** Saves a table just created, with the store id the next table will get. */
  synchronized void created(Table table, long nextStoreId) {
    byte[] record = TableRecord.write(table);
    store.apply(
        new WriteBatch()
            .put(tableKey(table.name()), record)
            .put(
                key(NEXT_STORE_ID, new byte[0]),
                ByteBuffer.allocate(Long.BYTES).putLong(nextStoreId).array()));
    saved.put(table.name(), record);
  }

  /** Deletes the record of a table removed from the catalog (before its data is erased). */
  synchronized void removed(Table table) {
    store.apply(new WriteBatch().delete(tableKey(table.name())));
    saved.remove(table.name());
  }

  /**
   * Saves, in one batch, every table whose record differs from the one saved last. The tables are
   * listed under this journal's lock, so that a table removed meanwhile is never saved again.
   */
  synchronized void saveChanged(Supplier<List<Table>> tables) {
    WriteBatch batch = new WriteBatch();
    Map<String, byte[]> changed = new HashMap<>();
    for (Table t : tables.get()) {
      byte[] record = TableRecord.write(t);
      if (!Arrays.equals(record, saved.get(t.name()))) {
        batch.put(tableKey(t.name()), record);
        changed.put(t.name(), record);
      }
    }
    store.apply(batch);
    saved.putAll(changed);
  }

  private static byte[] tableKey(String name) {
    return key(TABLE, name.getBytes(StandardCharsets.UTF_8));
  }
}
