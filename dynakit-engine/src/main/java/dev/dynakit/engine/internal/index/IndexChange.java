package dev.dynakit.engine.internal.index;

import dev.dynakit.engine.internal.capacity.Capacity;
import dev.dynakit.engine.internal.table.IndexDef;
import dev.dynakit.engine.internal.table.Table;
import dev.dynakit.engine.internal.value.AttrValue;
import dev.dynakit.engine.internal.value.ItemCodec;
import dev.dynakit.engine.storage.WriteBatch;
import java.util.Arrays;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * What one item write does to one index: the entry the index holds for the item before and the one
 * it must hold after (null when the item is not in the index). Only the difference is written: a
 * key change deletes the old entry and puts the new one, an entry whose key and projected value are
 * both unchanged is not rewritten at all.
 */
record IndexChange(IndexDef index, @Nullable IndexEntry before, @Nullable IndexEntry after) {

  /** Whether the index needs no write: neither entry, or the same key and projected value. */
  boolean unchanged() {
    if (before == null || after == null) {
      return before == after;
    }
    return sameKey() && before.projected().equals(after.projected());
  }

  private boolean sameKey() {
    return before != null && after != null && Arrays.equals(before.key(), after.key());
  }

  /**
   * The write units the change costs, as DynamoDB counts them: a new or removed entry costs its
   * size in 1 KB units, an entry rewritten under the same key the larger of its two sizes, a key
   * change both a delete and a put.
   */
  double writeUnits() {
    if (unchanged()) {
      return 0;
    }
    if (before == null) {
      return Capacity.writeUnits(after.sizeBytes());
    }
    if (after == null) {
      return Capacity.writeUnits(before.sizeBytes());
    }
    if (sameKey()) {
      return Capacity.writeUnits(Math.max(before.sizeBytes(), after.sizeBytes()));
    }
    return Capacity.writeUnits(before.sizeBytes()) + Capacity.writeUnits(after.sizeBytes());
  }

  /**
   * Adds the store changes to the batch.
   *
   * @param encodedItem the encoded new item, reused as the value of an {@code ALL} projection
   */
  void addTo(
      WriteBatch batch, byte @Nullable [] encodedItem, @Nullable Map<String, AttrValue> item) {
    if (unchanged()) {
      return;
    }
    if (before != null && !sameKey()) {
      batch.delete(before.key());
    }
    if (after != null) {
      byte[] value =
          encodedItem != null && after.projected() == item
              ? encodedItem
              : ItemCodec.encode(after.projected());
      batch.put(after.key(), value);
    }
  }

  /** Updates the index's item count and size once the change is applied. */
  void count(Table table) {
    if (unchanged()) {
      return;
    }
    int items = (after == null ? 0 : 1) - (before == null ? 0 : 1);
    if (items != 0) {
      table.indexItemCount(index.name()).addAndGet(items);
    }
    long bytes = sizeBytes(after) - sizeBytes(before);
    if (bytes != 0) {
      table.indexSizeBytes(index.name()).addAndGet(bytes);
    }
  }

  /** How the change alters the size of the item's collection (LSIs count towards it). */
  long sizeDelta() {
    return unchanged() ? 0 : sizeBytes(after) - sizeBytes(before);
  }

  private static long sizeBytes(@Nullable IndexEntry entry) {
    return entry == null ? 0 : entry.sizeBytes();
  }
}
