package dev.dynakit.engine.internal.stream;

import java.time.Duration;

/**
 * How streams keep records: a shard closes (and a child shard opens) after {@code shardRecords}
 * records or {@code shardAge}, whichever comes first; records older than {@code retention} are
 * trimmed, as are the oldest when a stream holds more than {@code maxRecords}; a shard iterator
 * expires {@code iteratorLifetime} after it was handed out.
 */
public record StreamSettings(
    int shardRecords,
    Duration shardAge,
    Duration retention,
    int maxRecords,
    Duration iteratorLifetime) {

  /** DynamoDB's figures: shards of about four hours, 24 hours of retention, 15-minute iterators. */
  public static final StreamSettings DEFAULTS =
      new StreamSettings(
          100_000, Duration.ofHours(4), Duration.ofHours(24), 1_000_000, Duration.ofMinutes(15));

  public StreamSettings {
    if (shardRecords < 1 || maxRecords < 1) {
      throw new IllegalArgumentException("shardRecords and maxRecords must be positive");
    }
    if (shardAge.isNegative() || shardAge.isZero()) {
      throw new IllegalArgumentException("shardAge must be positive: " + shardAge);
    }
  }

  /** These settings with shards that close after {@code records} records or {@code age}. */
  public StreamSettings withShardRollover(int records, Duration age) {
    return new StreamSettings(records, age, retention, maxRecords, iteratorLifetime);
  }
}
