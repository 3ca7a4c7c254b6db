package dev.dynakit.engine.internal.stream;

import dev.dynakit.engine.storage.WriteBatch;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * Records {@code [from, to)} of a shard deleted by a store batch: once that batch is stored, the
 * shard's trim horizon moves to {@code to}, whose record was made at {@code at} (null: none is
 * known to be there; {@link Instant#MIN}: unknown, the next trim looks).
 */
record Trim(Shard shard, long from, long to, @Nullable Instant at) {

  /** Adds the deletions to {@code batch}. */
  void addTo(String arn, WriteBatch batch) {
    for (long q = from; q < to; q++) {
      batch.delete(StreamKeys.record(arn, q));
    }
  }

  /**
   * Moves the shard's horizon, once the batch is stored: the sequence numbers it no longer holds.
   */
  long apply() {
    long dropped = Math.max(0, to - shard.firstRetained());
    shard.retainFrom(to, at);
    return dropped;
  }
}
