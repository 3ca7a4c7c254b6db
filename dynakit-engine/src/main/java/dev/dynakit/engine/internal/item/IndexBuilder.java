package dev.dynakit.engine.internal.item;

import dev.dynakit.engine.internal.keys.KeyCodec;
import dev.dynakit.engine.internal.table.IndexDef;
import dev.dynakit.engine.internal.table.IndexLifecycle;
import dev.dynakit.engine.internal.table.Table;
import dev.dynakit.engine.storage.OrderedStore;
import dev.dynakit.engine.storage.StoreCursor;
import dev.dynakit.engine.storage.WriteBatch;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Builds and drops the global secondary indices that UpdateTable adds to and removes from existing
 * tables.
 *
 * <p>A new index is in the table's declaration (CREATING, backfilling) before {@link #created} is
 * called, so every write from then on maintains it. The build first waits for writes that read the
 * older declaration to finish, then walks the table's items, adding each item's entry under the
 * item's lock unless a newer write already did ({@link BackfillWalk}, a chunk of items at a time).
 * On an empty table the index is ACTIVE at once; otherwise the walk runs on a background thread and
 * the index becomes ACTIVE when it ends, as DynamoDB's backfill does.
 *
 * <p>A dropped index is already out of the declaration when {@link #deleted} is called: after the
 * writes that still saw it have finished, its whole key range is erased.
 */
public final class IndexBuilder implements IndexLifecycle {
  private static final int ERASE_BATCH = 1000;

  /**
   * How long {@link #close} waits for the backfills to stop: a walk checks for its cancellation
   * between chunks of at most 256 items, so only a chunk waiting for an item's lock takes long.
   */
  static final Duration CLOSE_WAIT = Duration.ofSeconds(30);

  private static final System.Logger LOG = System.getLogger(IndexBuilder.class.getName());

  private final OrderedStore store;
  private final ItemStore items;
  private final Map<Running, Backfill> running = new ConcurrentHashMap<>();

  /** A backfill's index: the table by its store id, unique per table made, and the index name. */
  private record Running(long storeId, String index) {
    Running(Table table, IndexDef index) {
      this(table.storeId(), index.name());
    }
  }

  public IndexBuilder(OrderedStore store, ItemStore items) {
    this.store = store;
    this.items = items;
  }

  @Override
  public void created(Table table, IndexDef index) {
    items.awaitWriters();
    byte[][] range = KeyCodec.indexRange(table.storeId(), 0);
    boolean empty;
    try (StoreCursor cursor = store.scan(range[0], range[1], false)) {
      empty = !cursor.hasNext();
    }
    if (empty) {
      table.indexStatus(index.name(), "ACTIVE", false);
      return;
    }
    Backfill backfill = new Backfill();
    Running key = new Running(table, index);
    backfill.thread =
        new Thread(
            () -> {
              try {
                if (backfill(table, index, backfill)) {
                  table.indexStatus(index.name(), "ACTIVE", false);
                }
              } finally {
                running.remove(key, backfill);
              }
            },
            "dynakit-backfill-" + table.name() + "-" + index.name());
    backfill.thread.setDaemon(true);
    running.put(key, backfill);
    backfill.thread.start();
  }

  /** A backfill under way, which a deletion of its index stops. */
  private static final class Backfill {
    volatile boolean cancelled;
    Thread thread;
  }

  /** Adds the entry of every item of the table to the index; false when it was cancelled. */
  private boolean backfill(Table table, IndexDef index, Backfill backfill) {
    return new BackfillWalk(store, items).run(table, index, () -> backfill.cancelled);
  }

  @Override
  public void deleted(Table table, IndexDef index) {
    Backfill backfill = running.get(new Running(table, index));
    if (backfill != null) {
      // deleted while it backfills: stop the walk before erasing what it wrote
      backfill.cancelled = true;
      joinUninterruptibly(backfill.thread);
    }
    items.awaitWriters();
    items.indexes().awaitLaggedChanges(table);
    byte[][] range = KeyCodec.indexRange(table.storeId(), table.indexStoreNo(index.name()));
    WriteBatch batch = new WriteBatch();
    int inBatch = 0;
    try (StoreCursor cursor = store.scan(range[0], range[1], false)) {
      while (cursor.hasNext()) {
        batch.delete(cursor.next().key().clone());
        if (++inBatch == ERASE_BATCH) {
          store.apply(batch);
          batch = new WriteBatch();
          inBatch = 0;
        }
      }
    }
    if (inBatch > 0) {
      store.apply(batch);
    }
  }

  /**
   * Cancels every backfill under way and waits, at most {@link #CLOSE_WAIT} in all, for their
   * threads to end. A cancelled walk leaves its index CREATING, to be backfilled again when the
   * store is next opened.
   */
  @Override
  public void close() {
    for (Backfill backfill : running.values()) {
      backfill.cancelled = true;
    }
    long deadline = System.nanoTime() + CLOSE_WAIT.toNanos();
    boolean interrupted = false;
    for (Backfill backfill : running.values()) {
      long left = deadline - System.nanoTime();
      try {
        if (left > 0) {
          backfill.thread.join(Math.max(1, left / 1_000_000));
        }
      } catch (InterruptedException e) {
        interrupted = true;
      }
      if (backfill.thread.isAlive()) {
        LOG.log(
            System.Logger.Level.WARNING,
            "the backfill {0} did not stop within {1} s; the engine closes without it",
            backfill.thread.getName(),
            CLOSE_WAIT.toSeconds());
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }

  private static void joinUninterruptibly(Thread thread) {
    boolean interrupted = false;
    while (true) {
      try {
        thread.join();
        break;
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }
}
