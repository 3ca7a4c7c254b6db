package dev.dynakit.core;

import org.jspecify.annotations.Nullable;

/**
 * Records of a stream shard were trimmed (DynamoDB Streams keeps records 24 hours) before a stream
 * subscription read them: its checkpoint is older than the shard's trim horizon, or the shard is
 * gone altogether. The changes between the checkpoint and the oldest record left are lost to the
 * subscription, so whatever it keeps up to date may be wrong; by default the subscription ends with
 * this exception. Rebuild from the table, or accept the loss with the listener's {@code
 * onTrimmed(TrimPolicy.skipToOldest(...))}.
 */
public final class StreamRecordsTrimmedException extends DynakitException {
  private static final long serialVersionUID = 1L;

  private final String table;
  private final String streamArn;
  private final String shardId;
  private final @Nullable String checkpointSequenceNumber;

  public StreamRecordsTrimmedException(
      String table, String streamArn, String shardId, @Nullable String checkpointSequenceNumber) {
    super(
        "records of the stream of table "
            + table
            + " were trimmed before they were read: shard "
            + shardId
            + (checkpointSequenceNumber == null
                ? " (never read)"
                : " after the checkpoint at sequence number " + checkpointSequenceNumber)
            + " of "
            + streamArn
            + "; the changes up to the oldest record left are lost to this subscription");
    this.table = table;
    this.streamArn = streamArn;
    this.shardId = shardId;
    this.checkpointSequenceNumber = checkpointSequenceNumber;
  }

  public String table() {
    return table;
  }

  public String streamArn() {
    return streamArn;
  }

  /** The shard whose records were trimmed. */
  public String shardId() {
    return shardId;
  }

  /**
   * The last record handled in the shard, after which records are missing (all of them, if the
   * shard is gone); null if none was.
   */
  public @Nullable String checkpointSequenceNumber() {
    return checkpointSequenceNumber;
  }
}
