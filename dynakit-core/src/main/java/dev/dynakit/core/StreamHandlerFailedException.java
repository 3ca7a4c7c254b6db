package dev.dynakit.core;

/**
 * A stream handler threw on a batch of records (the cause). The batch's checkpoint was not moved,
 * so the same records are delivered again at the next poll, and after a restart from the
 * checkpoint. Make the handler succeed on them (or skip them itself); a subscription gives up after
 * its configured number of consecutive failed polls.
 */
public final class StreamHandlerFailedException extends DynakitException {
  private static final long serialVersionUID = 1L;

  private final String table;
  private final String shardId;
  private final String firstSequenceNumber;
  private final int attempt;

  public StreamHandlerFailedException(
      String table, String shardId, String firstSequenceNumber, int attempt, Throwable cause) {
    super(
        "the stream handler of table "
            + table
            + " failed on the batch starting at sequence number "
            + firstSequenceNumber
            + " of shard "
            + shardId
            + " (attempt "
            + attempt
            + "); the batch will be delivered again: "
            + cause,
        cause);
    this.table = table;
    this.shardId = shardId;
    this.firstSequenceNumber = firstSequenceNumber;
    this.attempt = attempt;
  }

  public String table() {
    return table;
  }

  public String shardId() {
    return shardId;
  }

  /** The sequence number of the batch's first record. */
  public String firstSequenceNumber() {
    return firstSequenceNumber;
  }

  /** How many polls in a row have failed, this one included. */
  public int attempt() {
    return attempt;
  }
}
