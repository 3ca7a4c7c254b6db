package dev.dynakit.engine.internal.table;

import dev.dynakit.engine.storage.OrderedStore;
import dev.dynakit.engine.storage.WriteBatch;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The item counts and sizes of every table and index, saved when an engine closes cleanly so that
 * the next open reads them instead of counting every item again (which took seconds of CPU for 10^6
 * items).
 *
 * <p>The record is its own "clean" marker: {@link #save} writes it as the last thing before the
 * store closes, with no write able to run any more; {@link #take} reads it and deletes it before
 * the engine serves its first write. So the record exists only while the counters it holds are
 * exact. After a crash there is none, and the open counts every table and index as before. (The
 * record's deletion is ordered before every later write in the store's log: a crash can lose it
 * only together with every write after it, and then the record still matches the data.)
 */
public final class TableCounters {
  private static final byte KIND = 'C';
  private static final int FORMAT = 1;

  private TableCounters() {}

  /** The counters of one table's base data (index number 0) or of one of its indices. */
  record Counted(long items, long bytes) {}

  /**
   * Saves the counters of every table in one store batch. The caller makes sure no write runs until
   * the store is closed.
   */
  public static void save(OrderedStore store, List<Table> tables) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      out.writeInt(FORMAT);
      out.writeInt(tables.size());
      for (Table t : tables) {
        List<IndexDef> indexes = new ArrayList<>(t.def().globalIndexes());
        indexes.addAll(t.def().localIndexes());
        out.writeLong(t.storeId());
        out.writeInt(indexes.size() + 1);
        write(out, 0, t.itemCount().get(), t.sizeBytes().get());
        for (IndexDef index : indexes) {
          write(
              out,
              t.indexStoreNo(index.name()),
              t.indexItemCount(index.name()).get(),
              t.indexSizeBytes(index.name()).get());
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    store.apply(new WriteBatch().put(key(), bytes.toByteArray()));
  }

  private static void write(DataOutputStream out, int indexNo, long items, long bytes)
      throws IOException {
    out.writeInt(indexNo);
    out.writeLong(items);
    out.writeLong(bytes);
  }

  /**
   * The counters a clean close saved, by store id and then index number (0: the base table), or an
   * empty map when the engine did not close cleanly. The record is deleted before this returns:
   * from now on only a new clean close makes the counters trusted again.
   */
  static Map<Long, Map<Integer, Counted>> take(OrderedStore store) {
    byte[] record = store.get(key());
    if (record == null) {
      return Map.of();
    }
    store.apply(new WriteBatch().delete(key()));
    return read(record);
  }

  private static Map<Long, Map<Integer, Counted>> read(byte[] record) {
    Map<Long, Map<Integer, Counted>> counters = new HashMap<>();
    try (DataInputStream in = new DataInputStream(new java.io.ByteArrayInputStream(record))) {
      if (in.readInt() != FORMAT) {
        // a record of another format: counted again, as after a crash
        return Map.of();
      }
      int tables = in.readInt();
      for (int i = 0; i < tables; i++) {
        long storeId = in.readLong();
        int entries = in.readInt();
        Map<Integer, Counted> table = new HashMap<>();
        for (int j = 0; j < entries; j++) {
          table.put(in.readInt(), new Counted(in.readLong(), in.readLong()));
        }
        counters.put(storeId, table);
      }
    } catch (IOException e) {
      return Map.of();
    }
    return counters;
  }

  private static byte[] key() {
    return CatalogJournal.key(KIND, new byte[0]);
  }
}
