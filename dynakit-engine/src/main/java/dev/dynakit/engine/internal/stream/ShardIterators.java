package dev.dynakit.engine.internal.stream;

import dev.dynakit.engine.error.EngineException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;

/**
 * Shard iterators: opaque text that names a stream, a shard, the sequence number of the next record
 * to read and when the iterator was handed out (they expire, as DynamoDB's do). The engine keeps no
 * state for them.
 */
final class ShardIterators {
  /** A decoded iterator. */
  record Position(String streamArn, String shardId, long next, Instant issuedAt) {}

  private ShardIterators() {}

  static String encode(Position p) {
    String plain =
        p.streamArn() + "|" + p.shardId() + "|" + p.next() + "|" + p.issuedAt().toEpochMilli();
    return p.streamArn()
        + "|1|"
        + Base64.getUrlEncoder()
            .withoutPadding()
            .encodeToString(plain.getBytes(StandardCharsets.UTF_8));
  }

  static Position decode(String iterator) {
    int bar = iterator.lastIndexOf('|');
    try {
      String plain =
          new String(
              Base64.getUrlDecoder().decode(iterator.substring(bar + 1)), StandardCharsets.UTF_8);
      String[] parts = plain.split("\\|");
      if (parts.length != 4 || !iterator.startsWith(parts[0] + "|1|")) {
        throw invalid();
      }
      return new Position(
          parts[0],
          parts[1],
          Long.parseLong(parts[2]),
          Instant.ofEpochMilli(Long.parseLong(parts[3])));
    } catch (IllegalArgumentException e) {
      throw invalid();
    }
  }

  private static EngineException invalid() {
    return EngineException.validation("Invalid ShardIterator");
  }
}
