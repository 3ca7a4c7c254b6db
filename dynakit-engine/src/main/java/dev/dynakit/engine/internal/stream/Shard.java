package dev.dynakit.engine.internal.stream;

import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * One shard of a stream: its place in the stream, not its records (those are in the store, {@link
 * StreamKeys#record}); guarded by its stream's lock. Its starting sequence number is reserved when
 * it opens, so its records carry {@code start + 1, start + 2, ...} and ranges of shards never
 * overlap. A sequence number handed out whose write never reached the store (it failed, or the
 * engine stopped first) leaves a gap that readers step over.
 */
final class Shard {
  private final String id;
  private final @Nullable String parentId;
  private final long start;
  private final Instant openedAt;
  private long next;
  private long firstRetained;
  // when the record at firstRetained was made; null when none is known to be there, and
  // Instant.MIN when unknown (the next trim looks)
  private @Nullable Instant oldestAt;
  private long end = -1;
  private @Nullable Instant closedAt;

  Shard(String id, @Nullable String parentId, long start, Instant openedAt) {
    this.id = id;
    this.parentId = parentId;
    this.start = start;
    this.openedAt = openedAt;
    this.next = start + 1;
    this.firstRetained = start + 1;
  }

  String id() {
    return id;
  }

  @Nullable String parentId() {
    return parentId;
  }

  long start() {
    return start;
  }

  Instant openedAt() {
    return openedAt;
  }

  boolean open() {
    return closedAt == null;
  }

  /** The ending sequence number of a closed shard. */
  long end() {
    return end;
  }

  @Nullable Instant closedAt() {
    return closedAt;
  }

  /** How many sequence numbers this shard handed out. */
  long size() {
    return next - start - 1;
  }

  /** The sequence number the next record appended here gets, or that a closed shard ended past. */
  long next() {
    return next;
  }

  /** The sequence number of the oldest record that may still be held (the trim horizon). */
  long firstRetained() {
    return firstRetained;
  }

  @Nullable Instant oldestAt() {
    return oldestAt;
  }

  /** Hands out the next sequence number, for a record made at {@code at}. */
  long take(Instant at) {
    if (oldestAt == null) {
      // the first record from the horizon on is this one, unless earlier ones are still in flight
      oldestAt = next == firstRetained ? at : Instant.MIN;
    }
    return next++;
  }

  /** Moves the trim horizon to {@code first}, whose record was made at {@code at} (null: none). */
  void retainFrom(long first, @Nullable Instant at) {
    firstRetained = Math.max(firstRetained, first);
    oldestAt = at;
  }

  /** Sets where the next record goes (a shard read back from the store). */
  void continueAt(long sequence) {
    next = sequence;
  }

  void close(Instant at) {
    // the last sequence number this shard handed out; its own start when it holds none
    closeAt(next - 1, at);
  }

  /** This shard as stored once closed at {@code at}; this one stays as it is. */
  Shard closedAs(Instant at) {
    Shard closed = new Shard(id, parentId, start, openedAt);
    closed.closeAt(next - 1, at);
    return closed;
  }

  /** Closes the shard with this ending sequence number. */
  void closeAt(long endingSequence, Instant at) {
    end = endingSequence;
    next = endingSequence + 1;
    firstRetained = Math.min(firstRetained, next);
    closedAt = at;
  }
}
