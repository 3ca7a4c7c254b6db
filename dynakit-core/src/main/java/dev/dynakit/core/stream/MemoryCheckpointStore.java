package dev.dynakit.core.stream;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** {@link CheckpointStore#inMemory()}: checkpoints by consumer and stream, then by shard. */
final class MemoryCheckpointStore implements CheckpointStore {
  private final Map<String, Map<String, ShardCheckpoint>> byStream = new ConcurrentHashMap<>();

  @Override
  public Map<String, ShardCheckpoint> load(String consumer, String streamArn) {
    return Map.copyOf(byStream.getOrDefault(key(consumer, streamArn), Map.of()));
  }

  @Override
  public void save(String consumer, String streamArn, ShardCheckpoint checkpoint) {
    byStream
        .computeIfAbsent(key(consumer, streamArn), k -> new ConcurrentHashMap<>())
        .put(checkpoint.shardId(), checkpoint);
  }

  @Override
  public void delete(String consumer, String streamArn, String shardId) {
    Map<String, ShardCheckpoint> shards = byStream.get(key(consumer, streamArn));
    if (shards != null) {
      shards.remove(shardId);
    }
  }

  private static String key(String consumer, String streamArn) {
    // consumer names hold no spaces (StreamListener checks them), ARNs none either
    return consumer + " " + streamArn;
  }
}
