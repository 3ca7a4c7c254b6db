package dev.dynakit.engine.internal.stream;

import java.util.ArrayList;
import java.util.List;

/**
 * A stream's trims whose deletions ride in change batches not applied yet, guarded by the stream's
 * lock. Each moves its shard's horizon only once its batch is stored; until then, trims after it
 * start where it ends. A trim whose batch failed after a later trim of its shard moved the horizon
 * past it is done again with the stream's next store write, so that no record is left in the store
 * behind the horizon.
 */
final class PendingTrims {
  private final List<Trim> pending = new ArrayList<>();
  private final List<Trim> redo = new ArrayList<>();

  void add(Trim t) {
    pending.add(t);
  }

  /** Where a shard's records start once the pending trims are stored. */
  long horizon(Shard s) {
    long first = s.firstRetained();
    for (Trim t : pending) {
      if (t.shard() == s) {
        first = Math.max(first, t.to());
      }
    }
    return first;
  }

  /** The sequence numbers the pending trims take off the stream's count once stored. */
  long claimed() {
    long n = 0;
    for (Trim t : pending) {
      n += Math.max(0, t.to() - Math.max(t.from(), t.shard().firstRetained()));
    }
    return n;
  }

  /**
   * The batch carrying {@code trims} was stored ({@code applied}) or failed: moves their horizons
   * or leaves them to a later trim.
   *
   * @return the sequence numbers the stream no longer holds
   */
  long settle(List<Trim> trims, boolean applied) {
    long dropped = 0;
    for (Trim t : trims) {
      pending.remove(t);
      if (applied) {
        dropped += t.apply();
      } else if (t.shard().firstRetained() > t.from()) {
        redo.add(t);
      }
    }
    return dropped;
  }

  /** Puts the deletions of failed trims in {@code step}, done once it is stored. */
  void redoIn(String arn, StreamStep step) {
    if (!redo.isEmpty()) {
      List<Trim> again = List.copyOf(redo);
      again.forEach(t -> t.addTo(arn, step.batch()));
      step.then(() -> redo.removeAll(again));
    }
  }
}
