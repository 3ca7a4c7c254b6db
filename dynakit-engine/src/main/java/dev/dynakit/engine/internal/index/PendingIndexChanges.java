package dev.dynakit.engine.internal.index;

import dev.dynakit.engine.internal.table.Table;
import dev.dynakit.engine.storage.OrderedStore;
import dev.dynakit.engine.storage.WriteBatch;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;

/**
 * The GSI changes of one table's item writes that are not visible yet. Each write's changes wait in
 * its item's queue, in write order, with the time they become visible. When that time has come for
 * a write, that write and every earlier write of the same item are applied, in write order: the
 * index then shows, for each item, the projection of the item as of the latest of its writes whose
 * time has passed, and never goes back to an older one, whatever the delays drawn.
 *
 * <p>Nothing is lost: a change leaves its queue only when it is applied, or when its index was
 * deleted. A pending write holds its index changes only (the entries before and after, at most two
 * items' projections per index).
 */
final class PendingIndexChanges {
  /** One write's changes to the table's GSIs, by write order. */
  private record Pending(long seq, List<IndexChange> changes, int[] storeNos) {}

  /** When a write becomes visible; the item's queue holds the write itself. */
  private record Due(Instant visibleAt, long seq, ByteBuffer item) {}

  private final OrderedStore store;
  private final Map<ByteBuffer, ArrayDeque<Pending>> byItem = new HashMap<>();
  private final PriorityQueue<Due> due =
      new PriorityQueue<>(Comparator.comparing(Due::visibleAt).thenComparingLong(Due::seq));
  private long nextSeq;

  // not the table: the engine keeps queues weakly by table, and the table must be able to go
  PendingIndexChanges(OrderedStore store) {
    this.store = store;
  }

  /**
   * Queues one write's changes, visible at {@code visibleAt}; the caller holds the item's lock, so
   * an item's writes arrive in write order.
   */
  synchronized void add(
      Table table, ByteBuffer item, List<IndexChange> changes, Instant visibleAt) {
    int[] storeNos = new int[changes.size()];
    for (int i = 0; i < storeNos.length; i++) {
      storeNos[i] = table.indexStoreNo(changes.get(i).index().name());
    }
    long seq = nextSeq++;
    byItem
        .computeIfAbsent(item, k -> new ArrayDeque<>())
        .addLast(new Pending(seq, changes, storeNos));
    due.add(new Due(visibleAt, seq, item));
  }

  /** Applies every write whose time has come by {@code now}, each item's in write order. */
  synchronized void applyDue(Table table, Instant now) {
    while (!due.isEmpty() && !due.peek().visibleAt().isAfter(now)) {
      Due d = due.poll();
      ArrayDeque<Pending> queue = byItem.get(d.item());
      // a later write's time may have come first: then this one was applied with it
      while (queue != null && !queue.isEmpty() && queue.peekFirst().seq() <= d.seq()) {
        apply(table, queue.pollFirst());
      }
      if (queue != null && queue.isEmpty()) {
        byItem.remove(d.item());
      }
    }
  }

  /**
   * Returns once no change is being applied. A change is applied only if its index is still in the
   * table's declaration when the queue's monitor is held, so after this returns an index removed
   * from the declaration before the call receives nothing more.
   */
  synchronized void awaitApplying() {
    // the monitor is the wait: applyDue holds it from its check of the declaration to its write
  }

  private void apply(Table table, Pending p) {
    int n = p.changes().size();
    boolean[] live = new boolean[n];
    WriteBatch batch = new WriteBatch();
    boolean any = false;
    for (int i = 0; i < n; i++) {
      live[i] = current(table, p.changes().get(i), p.storeNos()[i]);
      if (live[i]) {
        p.changes().get(i).addTo(batch, null, null);
        any = true;
      }
    }
    if (!any) {
      return;
    }
    store.apply(batch);
    for (int i = 0; i < n; i++) {
      if (live[i]) {
        p.changes().get(i).count(table);
      }
    }
  }

  /**
   * Whether the change's index still exists: not deleted (and perhaps re-created under the same
   * name, with another storage number) since the write.
   */
  private static boolean current(Table table, IndexChange c, int storeNo) {
    String name = c.index().name();
    return table.def().index(name) != null && table.isIndexStoreNo(name, storeNo);
  }
}
