package dev.dynakit.engine.internal.table;

import dev.dynakit.engine.storage.OrderedStore;
import dev.dynakit.engine.storage.StoreCursor;
import dev.dynakit.engine.storage.WriteBatch;
import java.nio.ByteBuffer;

/**
 * Deletes every stored key of a table: all keys start with the table's 8-byte big-endian store id,
 * so the table's data is exactly the range [storeId, storeId + 1). Deletes go in bounded batches so
 * that a large table never builds one huge batch.
 */
public final class TableDataEraser {
  static final int BATCH_SIZE = 1000;

  private TableDataEraser() {}

  /** Deletes the table's range; returns how many keys were deleted. */
  public static long erase(OrderedStore store, long storeId) {
    // store ids start at 1 and only grow, so storeId + 1 never wraps in practice
    return eraseRange(store, prefix(storeId), prefix(storeId + 1));
  }

  /** Deletes every key in {@code [from, to)}; returns how many keys were deleted. */
  static long eraseRange(OrderedStore store, byte[] from, byte[] to) {
    long deleted = 0;
    WriteBatch batch = new WriteBatch();
    int inBatch = 0;
    try (StoreCursor cursor = store.scan(from, to, false)) {
      while (cursor.hasNext()) {
        batch.delete(cursor.next().key().clone());
        inBatch++;
        if (inBatch == BATCH_SIZE) {
          store.apply(batch);
          deleted += inBatch;
          batch = new WriteBatch();
          inBatch = 0;
        }
      }
    }
    if (inBatch > 0) {
      store.apply(batch);
      deleted += inBatch;
    }
    return deleted;
  }

  static byte[] prefix(long storeId) {
    return ByteBuffer.allocate(Long.BYTES).putLong(storeId).array();
  }
}
