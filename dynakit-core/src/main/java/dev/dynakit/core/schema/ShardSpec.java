package dev.dynakit.core.schema;

import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Write sharding of an entity: its {@code {shard}} slot holds a number from 0 to {@code count - 1},
 * a stable hash of the {@code by} field's value modulo {@code count}, or a random one per write
 * when {@code by} is null. Reads over a sharded key query every shard and merge.
 *
 * @param count the number of shards, 1 to 1000 (checked by the table declaration)
 * @param by the field whose value picks the shard, or null to pick one at random per write
 */
public record ShardSpec(int count, @Nullable String by) {
  /** Sharding by a field's value. */
  public static ShardSpec by(int count, String field) {
    return new ShardSpec(count, Objects.requireNonNull(field, "field"));
  }

  /** Sharding at random per write (a counter's increments, a hot list's inserts). */
  public static ShardSpec random(int count) {
    return new ShardSpec(count, null);
  }
}
