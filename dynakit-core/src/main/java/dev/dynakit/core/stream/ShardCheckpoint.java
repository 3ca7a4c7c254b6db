package dev.dynakit.core.stream;

import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * How far one consumer has handled one shard.
 *
 * @param shardId the shard
 * @param sequenceNumber the last record handled (or skipped by a first start at {@link
 *     StartPosition#LATEST}); null if none was: a shard finished empty, closed when a {@code
 *     LATEST} subscription first started, or (not finished) holding no record then, read from its
 *     start
 * @param finished whether the shard is closed and every record of it handled: its children may be
 *     read
 */
public record ShardCheckpoint(String shardId, @Nullable String sequenceNumber, boolean finished) {
  public ShardCheckpoint {
    Objects.requireNonNull(shardId, "shardId");
  }

  /** Handled up to {@code sequenceNumber}, more may follow. */
  public static ShardCheckpoint at(String shardId, String sequenceNumber) {
    return new ShardCheckpoint(shardId, Objects.requireNonNull(sequenceNumber), false);
  }

  /** Closed and handled to its end, whose last record (if any) was {@code sequenceNumber}. */
  public static ShardCheckpoint finished(String shardId, @Nullable String sequenceNumber) {
    return new ShardCheckpoint(shardId, sequenceNumber, true);
  }
}
