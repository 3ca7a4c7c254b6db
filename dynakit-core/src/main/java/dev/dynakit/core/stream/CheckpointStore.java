package dev.dynakit.core.stream;

import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;

/**
 * Where a stream listener keeps its place: per consumer and stream, the last handled record of each
 * shard. A subscription loads its checkpoints once when it opens and saves one after each handled
 * batch, and deletes those of finished shards it no longer needs; a store need not be safe for two
 * subscriptions of the same consumer and stream at once (run one per consumer, as with Lambda's one
 * poller per shard).
 */
public interface CheckpointStore {
  /** The checkpoints {@code consumer} saved for {@code streamArn}, by shard id; empty if none. */
  Map<String, ShardCheckpoint> load(String consumer, String streamArn);

  /** Saves {@code checkpoint}, replacing the one of its shard. */
  void save(String consumer, String streamArn, ShardCheckpoint checkpoint);

  /**
   * Deletes the checkpoint of {@code shardId}, if any. A subscription deletes a finished shard's
   * checkpoint once its children have checkpoints (or once the stream no longer lists it), so a
   * store holds about one checkpoint per shard being read, however many shards rolled over.
   */
  void delete(String consumer, String streamArn, String shardId);

  /** A store in this JVM's memory: checkpoints survive a subscription's restart, not the JVM's. */
  static CheckpointStore inMemory() {
    return new MemoryCheckpointStore();
  }

  /**
   * A store in the DynamoDB table {@code tableName}, made with {@link #tableRequest(String)}: one
   * item per consumer, stream and shard.
   */
  static CheckpointStore inTable(DynamoDbClient client, String tableName) {
    return new TableCheckpointStore(client, tableName);
  }

  /**
   * The request that creates a checkpoint table {@code tableName} (on demand): partition key {@code
   * stream} (the stream's ARN), sort key {@code shard} (consumer, {@code /}, shard id).
   */
  static CreateTableRequest tableRequest(String tableName) {
    return TableCheckpointStore.createRequest(tableName);
  }
}
