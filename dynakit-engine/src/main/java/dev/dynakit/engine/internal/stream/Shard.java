package dev.dynakit.engine.internal.stream;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * One shard of a stream; guarded by its stream's lock. Its starting sequence number is reserved
 * when it opens, so its records carry {@code start + 1, start + 2, ...} and ranges of shards never
 * overlap; the record with sequence {@code q} sits at {@code q - start - 1 - trimmed}.
 */
final class Shard {
  private final String id;
  private final @Nullable String parentId;
  private final long start;
  private final Instant openedAt;
  private final List<StreamRecord> records = new ArrayList<>();
  private long trimmed;
  private long end = -1;
  private @Nullable Instant closedAt;

  Shard(String id, @Nullable String parentId, long start, Instant openedAt) {
    this.id = id;
    this.parentId = parentId;
    this.start = start;
    this.openedAt = openedAt;
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
    return end < 0;
  }

  /** The ending sequence number of a closed shard. */
  long end() {
    return end;
  }

  @Nullable Instant closedAt() {
    return closedAt;
  }

  int size() {
    return records.size();
  }

  /** The sequence number the next record appended here gets, or that a closed shard ended past. */
  long next() {
    return open() ? start + 1 + trimmed + records.size() : end + 1;
  }

  /** The sequence number of the oldest record still held (the trim horizon). */
  long firstRetained() {
    return start + 1 + trimmed;
  }

  void add(StreamRecord r) {
    records.add(r);
  }

  void close(Instant at) {
    // the last sequence number this shard handed out; its own start when it holds none
    end = start + trimmed + records.size();
    closedAt = at;
  }

  /** Drops the records made at or before {@code horizon}; returns how many. */
  int trimBefore(Instant horizon) {
    int n = 0;
    while (n < records.size() && !records.get(n).createdAt().isAfter(horizon)) {
      n++;
    }
    return trimFirst(n);
  }

  /** Drops the {@code n} oldest records; returns how many. */
  int trimFirst(int n) {
    int count = Math.min(n, records.size());
    records.subList(0, count).clear();
    trimmed += count;
    return count;
  }

  /** Up to {@code limit} records from sequence number {@code from} on. */
  List<StreamRecord> read(long from, int limit) {
    long index = from - firstRetained();
    if (index < 0 || index >= records.size()) {
      return List.of();
    }
    int to = (int) Math.min(records.size(), index + limit);
    return new ArrayList<>(records.subList((int) index, to));
  }
}
