package dev.dynakit.engine.internal.stream;

import dev.dynakit.engine.storage.WriteBatch;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * Records {@code [from, to)} of a shard deleted by a store batch: once that batch is stored, the
 * shard's trim horizon moves to {@code to}, whose record was made at {@code at} (null: none is
 * known to be there; {@link Instant#MIN}: unknown, the next trim looks). With {@code keepOldestAt}
 * the shard keeps the time it knew instead: a lower bound for the records after the trimmed ones (a
 * trim by count does not read the record it stops at), so that the next append does not read the
 * store to learn it; a trim by retention reads it once that bound passes the retention.
 */
record Trim(Shard shard, long from, long to, @Nullable Instant at, boolean keepOldestAt) {

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
    Instant oldest = at;
    if (keepOldestAt) {
      // none left (the next append sets it), or what was known, or unknown (the next trim looks)
      Instant known = shard.oldestAt();
      oldest = to >= shard.next() ? null : known == null ? Instant.MIN : known;
    }
    shard.retainFrom(to, oldest);
    return dropped;
  }
}
