package dev.dynakit.engine.internal.index;

import dev.dynakit.engine.internal.table.Table;
import dev.dynakit.engine.storage.OrderedStore;
import java.nio.ByteBuffer;
import java.time.Clock;
import java.time.Instant;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * Eventually consistent global secondary indices, as DynamoDB's: a write changes its table (and
 * LSIs) at once, and its GSI entries only after a delay ({@link GsiLag}) by the engine's clock.
 *
 * <p>The write path hands each write's GSI changes to {@link #add}; they wait per table ({@link
 * PendingIndexChanges}) and are applied lazily, when their time has come, by the next Query or Scan
 * of an index of the table and by the table's next write (which keeps the queue to the writes of
 * the last delay). No thread runs in the background, so a test with a manual clock decides exactly
 * what an index shows. GSIs being backfilled are maintained at once: they cannot be read yet.
 */
public final class LaggedIndexes {
  private final GsiLag lag;
  private final Clock clock;
  private final OrderedStore store;
  // a dropped table's queue goes with it
  private final Map<Table, PendingIndexChanges> pending =
      Collections.synchronizedMap(new WeakHashMap<>());

  LaggedIndexes(GsiLag lag, Clock clock, OrderedStore store) {
    this.lag = lag;
    this.clock = clock;
    this.store = store;
  }

  /**
   * Makes {@code indexes} lag: the write path they serve defers GSI changes by {@code lag}; the
   * caller makes the engine's index reads apply what is due first ({@link #applyDue}).
   */
  public static LaggedIndexes attach(
      IndexMaintenance indexes, GsiLag lag, Clock clock, OrderedStore store) {
    LaggedIndexes lagged = new LaggedIndexes(lag, clock, store);
    indexes.lagged(lagged);
    return lagged;
  }

  /** Queues one item write's GSI changes; the caller holds the item's lock. */
  void add(Table table, ByteBuffer item, List<IndexChange> changes) {
    PendingIndexChanges queue = queue(table);
    Instant now = clock.instant();
    queue.applyDue(table, now);
    queue.add(table, item, changes, now.plus(lag.draw()));
  }

  /** Applies the table's GSI changes whose time has come. */
  public void applyDue(Table table) {
    PendingIndexChanges queue = pending.get(table);
    if (queue != null) {
      queue.applyDue(table, clock.instant());
    }
  }

  /** Waits until no change of the table is being applied (see {@link PendingIndexChanges}). */
  void awaitApplying(Table table) {
    PendingIndexChanges queue = pending.get(table);
    if (queue != null) {
      queue.awaitApplying();
    }
  }

  private PendingIndexChanges queue(Table table) {
    return pending.computeIfAbsent(table, t -> new PendingIndexChanges(store));
  }
}
