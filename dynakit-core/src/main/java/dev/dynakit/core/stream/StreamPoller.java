package dev.dynakit.core.stream;

import dev.dynakit.core.StreamEndedException;
import dev.dynakit.core.StreamHandlerFailedException;
import dev.dynakit.core.StreamNotEnabledException;
import dev.dynakit.core.StreamRecordsTrimmedException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.ExpiredIteratorException;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsResponse;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.Shard;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TrimmedDataAccessException;

/**
 * One subscription's reading of one stream: its checkpoints, the iterator where each shard it reads
 * continues, and the poll that reads every readable shard once. Not thread-safe: {@link
 * StreamSubscription} serialises its polls.
 */
final class StreamPoller {
  private final StreamListener.Settings settings;
  private final String table;
  private final StreamHandler handler;
  private final String streamArn;
  private final Map<String, ShardCheckpoint> checkpoints;
  // where each shard being read continues; dropped after a failure, to restart from the checkpoint
  private final Map<String, String> iterators = new HashMap<>();
  private int failedPolls;

  StreamPoller(StreamListener.Settings settings, String table, StreamHandler handler) {
    this.settings = settings;
    this.table = table;
    this.handler = handler;
    this.streamArn = streamArn(settings, table);
    this.checkpoints = new HashMap<>(settings.checkpoints().load(settings.consumer(), streamArn));
    if (checkpoints.isEmpty() && settings.startPosition() == StartPosition.LATEST) {
      startAtLatest();
    }
  }

  String table() {
    return table;
  }

  String streamArn() {
    return streamArn;
  }

  int maxFailedPolls() {
    return settings.maxFailedPolls();
  }

  /**
   * Reads each readable shard once, oldest first, and hands each non-empty batch to the handler.
   *
   * @return how many records were handled
   * @throws StreamEndedException when the stream has ended and everything in it was handled
   */
  int poll() {
    try {
      int handled = pollShards();
      failedPolls = 0;
      return handled;
    } catch (RuntimeException e) {
      iterators.clear();
      failedPolls++;
      throw e;
    }
  }

  /** How many polls in a row have failed. */
  int failedPolls() {
    return failedPolls;
  }

  private int pollShards() {
    ShardListing listing;
    try {
      listing = ShardListing.describe(settings.streams(), streamArn);
    } catch (ResourceNotFoundException e) {
      throw new StreamEndedException(
          table, streamArn, StreamEndedException.Reason.STREAM_NOT_FOUND);
    }
    ShardLineage lineage = new ShardLineage(listing.shards(), checkpoints);
    for (String gone : lineage.unfinishedGone()) {
      // trimmed away before it was read to its end: what followed its checkpoint is lost
      ShardCheckpoint c = checkpoints.get(gone);
      settings
          .trimPolicy()
          .apply(new StreamRecordsTrimmedException(table, streamArn, gone, c.sequenceNumber()));
      save(ShardCheckpoint.finished(gone, c.sequenceNumber()));
    }
    // every listed shard, before any is read: DescribeStream does not promise to list a parent
    // before its children, and a child must wait for a parent listed after it
    Set<String> listed = new HashSet<>();
    for (Shard shard : listing.shards()) {
      listed.add(shard.shardId());
    }
    int handled = 0;
    boolean allFinished = true;
    for (Shard shard : listing.shards()) {
      if (!lineage.done(shard.shardId()) && parentDone(shard, listed, lineage)) {
        handled += readShard(shard);
      }
      allFinished &= lineage.done(shard.shardId());
    }
    iterators.keySet().retainAll(listed);
    forget(lineage.forgettable());
    if (!listing.enabled() && allFinished) {
      throw new StreamEndedException(table, streamArn, endReason());
    }
    return handled;
  }

  /** Whether a shard's parent is done: none, finished, or no longer listed (trimmed away). */
  private static boolean parentDone(Shard shard, Set<String> listed, ShardLineage lineage) {
    String parent = shard.parentShardId();
    return parent == null || !listed.contains(parent) || lineage.done(parent);
  }

  /** Deletes checkpoints no longer needed, so the store does not grow with every rollover. */
  private void forget(List<String> shardIds) {
    for (String id : shardIds) {
      settings.checkpoints().delete(settings.consumer(), streamArn, id);
      checkpoints.remove(id);
    }
  }

  /** One GetRecords on {@code shard}; its batch handled and checkpointed. */
  private int readShard(Shard shard) {
    String id = shard.shardId();
    GetRecordsResponse read;
    try {
      read = getRecords(iterators.computeIfAbsent(id, k -> iterator(shard)));
    } catch (ExpiredIteratorException e) {
      read = getRecords(iterator(shard));
    }
    // until the batch is handled and checkpointed, a failure restarts the shard at its checkpoint
    iterators.remove(id);
    List<StreamChange> batch = Changes.of(read.records(), id);
    ShardCheckpoint before = checkpoints.get(id);
    String last = before == null ? null : before.sequenceNumber();
    if (!batch.isEmpty()) {
      deliver(id, batch);
      last = batch.get(batch.size() - 1).sequenceNumber();
    }
    if (read.nextShardIterator() == null) {
      save(ShardCheckpoint.finished(id, last));
    } else {
      if (!batch.isEmpty()) {
        save(ShardCheckpoint.at(id, last));
      }
      iterators.put(id, read.nextShardIterator());
    }
    return batch.size();
  }

  private void deliver(String shardId, List<StreamChange> batch) {
    try {
      handler.handle(batch);
    } catch (Exception e) {
      throw new StreamHandlerFailedException(
          table, shardId, batch.get(0).sequenceNumber(), failedPolls + 1, e);
    }
  }

  private GetRecordsResponse getRecords(String iterator) {
    return settings
        .streams()
        .getRecords(b -> b.shardIterator(iterator).limit(settings.batchSize()));
  }

  /**
   * Where reading {@code shard} starts: after its checkpoint, or at its trim horizon (no
   * checkpoint: a shard that opened after the first start; a checkpoint without a record: one that
   * held none at a LATEST first start; or a checkpoint older than the trim horizon, if the trim
   * policy accepts the loss).
   */
  private String iterator(Shard shard) {
    ShardCheckpoint c = checkpoints.get(shard.shardId());
    if (c != null && c.sequenceNumber() != null) {
      try {
        return iterator(shard, ShardIteratorType.AFTER_SEQUENCE_NUMBER, c.sequenceNumber());
      } catch (TrimmedDataAccessException e) {
        // the records after the checkpoint are gone (retention): lost unless the policy accepts it
        settings
            .trimPolicy()
            .apply(
                new StreamRecordsTrimmedException(
                    table, streamArn, shard.shardId(), c.sequenceNumber()));
      }
    }
    return iterator(shard, ShardIteratorType.TRIM_HORIZON, null);
  }

  private String iterator(Shard shard, ShardIteratorType type, @Nullable String sequenceNumber) {
    return settings
        .streams()
        .getShardIterator(
            b ->
                b.streamArn(streamArn)
                    .shardId(shard.shardId())
                    .shardIteratorType(type)
                    .sequenceNumber(sequenceNumber))
        .shardIterator();
  }

  /**
   * The first start at LATEST (no checkpoints): every shard listed now gets a checkpoint at its
   * end, so that a restart, even before a batch was handled, goes on from there (neither from the
   * trim horizon nor from a later LATEST, which would skip what was written in between). Closed
   * shards count as handled; an open one is read to its current end, its records skipped, and
   * checkpointed at its last record (or, holding none, at its start).
   */
  private void startAtLatest() {
    for (Shard shard : ShardListing.describe(settings.streams(), streamArn).shards()) {
      if (ShardListing.closed(shard)) {
        save(ShardCheckpoint.finished(shard.shardId(), null));
      } else {
        save(new ShardCheckpoint(shard.shardId(), lastRecordOf(shard), false));
      }
    }
  }

  /** The sequence number of the last record {@code shard} holds now, or null if none. */
  private @Nullable String lastRecordOf(Shard shard) {
    String last = null;
    String it = iterator(shard, ShardIteratorType.TRIM_HORIZON, null);
    while (it != null) {
      GetRecordsResponse read = getRecords(it);
      if (read.records().isEmpty()) {
        break;
      }
      last = read.records().get(read.records().size() - 1).dynamodb().sequenceNumber();
      it = read.nextShardIterator();
    }
    return last;
  }

  private void save(ShardCheckpoint checkpoint) {
    settings.checkpoints().save(settings.consumer(), streamArn, checkpoint);
    checkpoints.put(checkpoint.shardId(), checkpoint);
  }

  private StreamEndedException.Reason endReason() {
    try {
      settings.dynamo().describeTable(b -> b.tableName(table));
      return StreamEndedException.Reason.STREAM_DISABLED;
    } catch (ResourceNotFoundException e) {
      return StreamEndedException.Reason.TABLE_DELETED;
    }
  }

  private static String streamArn(StreamListener.Settings settings, String table) {
    TableDescription d = settings.dynamo().describeTable(b -> b.tableName(table)).table();
    if (d.streamSpecification() == null
        || !Boolean.TRUE.equals(d.streamSpecification().streamEnabled())
        || d.latestStreamArn() == null) {
      throw new StreamNotEnabledException(table);
    }
    return d.latestStreamArn();
  }
}
