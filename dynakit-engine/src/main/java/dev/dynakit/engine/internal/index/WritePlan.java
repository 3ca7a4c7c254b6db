package dev.dynakit.engine.internal.index;

import dev.dynakit.engine.internal.capacity.Capacity;
import dev.dynakit.engine.internal.table.IndexDef;
import dev.dynakit.engine.internal.table.Table;
import dev.dynakit.engine.internal.value.AttrValue;
import dev.dynakit.engine.storage.WriteBatch;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The index side of one item write, computed before anything is written: the change to every index
 * of the table and, for a table with LSIs, how much the item's collection grows or shrinks. The
 * write path adds the changes to the item's store batch, applies it, then {@link #commit commits}
 * the counters.
 */
public final class WritePlan {
  static final WritePlan NONE = new WritePlan(null, List.of(), null, 0);

  private final @Nullable Table table;
  private final List<IndexChange> changes;
  private final @Nullable AttrValue partition;
  private final long collectionDelta;

  WritePlan(
      @Nullable Table table,
      List<IndexChange> changes,
      @Nullable AttrValue partition,
      long collectionDelta) {
    this.table = table;
    this.changes = changes;
    this.partition = partition;
    this.collectionDelta = collectionDelta;
  }

  List<IndexChange> changes() {
    return changes;
  }

  @Nullable Table table() {
    return table;
  }

  /** The partition-key value of the item's collection, for tables with LSIs; else null. */
  @Nullable AttrValue partition() {
    return partition;
  }

  long collectionDelta() {
    return collectionDelta;
  }

  /**
   * Adds the index puts and deletes to the batch of the base write.
   *
   * @param newItem the item written (null for a delete)
   * @param encodedNewItem its encoding, reused for {@code ALL} projections
   */
  public void addTo(
      WriteBatch batch,
      @Nullable Map<String, AttrValue> newItem,
      byte @Nullable [] encodedNewItem) {
    for (IndexChange c : changes) {
      c.addTo(batch, encodedNewItem, newItem);
    }
  }

  /** Updates the per-index counters once the batch is applied. */
  public void commit() {
    if (table == null) {
      return;
    }
    for (IndexChange c : changes) {
      c.count(table);
    }
  }

  /** Receives one index write of a plan (for capacity metering). */
  @FunctionalInterface
  public interface IndexWriteSink {
    /**
     * @param entry the attributes of the entry written or deleted, its index key among them
     * @param sizeDelta how much the entry grows the index (negative for a removal)
     */
    void accept(IndexDef index, Map<String, AttrValue> entry, double units, long sizeDelta);
  }

  /**
   * Passes each index write: an entry rewritten under its key once, a key change as the removal of
   * the old entry and the put of the new one (they may lie in different partitions).
   */
  public void forEachIndexWrite(IndexWriteSink sink) {
    for (IndexChange c : changes) {
      IndexEntry before = c.before();
      IndexEntry after = c.after();
      if (c.unchanged()) {
        continue;
      }
      if (before != null && after != null && Arrays.equals(before.key(), after.key())) {
        sink.accept(
            c.index(), after.projected(), c.writeUnits(), after.sizeBytes() - before.sizeBytes());
        continue;
      }
      if (before != null) {
        sink.accept(
            c.index(),
            before.projected(),
            Capacity.writeUnits(before.sizeBytes()),
            -before.sizeBytes());
      }
      if (after != null) {
        sink.accept(
            c.index(),
            after.projected(),
            Capacity.writeUnits(after.sizeBytes()),
            after.sizeBytes());
      }
    }
  }

  /** The write units the index changes cost. */
  public WriteEffects effects() {
    if (changes.isEmpty()) {
      return WriteEffects.NONE;
    }
    Map<String, Double> global = new LinkedHashMap<>();
    Map<String, Double> local = new LinkedHashMap<>();
    for (IndexChange c : changes) {
      double units = c.writeUnits();
      if (units > 0) {
        (c.index().global() ? global : local).merge(c.index().name(), units, Double::sum);
      }
    }
    return new WriteEffects(global, local);
  }
}
