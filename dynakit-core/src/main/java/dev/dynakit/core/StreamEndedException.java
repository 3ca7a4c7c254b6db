package dev.dynakit.core;

/**
 * A stream subscription ended because its stream ended: the table stopped writing into it (its
 * stream was disabled or replaced, or the table was deleted) and every record left in it was
 * delivered, or the stream is gone altogether. Nothing is lost; subscribe again to follow the
 * table's new stream, if it has one.
 */
public final class StreamEndedException extends DynakitException {
  private static final long serialVersionUID = 1L;

  /** Why the stream ended. */
  public enum Reason {
    /** The table no longer writes into the stream: disabled, or replaced by a new stream. */
    STREAM_DISABLED,
    /** The table was deleted. */
    TABLE_DELETED,
    /** The stream itself is not found any more (trimmed away after it was disabled). */
    STREAM_NOT_FOUND
  }

  private final String table;
  private final String streamArn;
  private final Reason reason;

  public StreamEndedException(String table, String streamArn, Reason reason) {
    super(
        "the stream of table "
            + table
            + " ended ("
            + reason
            + "): "
            + streamArn
            + (reason == Reason.STREAM_NOT_FOUND ? "" : "; every record left in it was delivered"));
    this.table = table;
    this.streamArn = streamArn;
    this.reason = reason;
  }

  public String table() {
    return table;
  }

  public String streamArn() {
    return streamArn;
  }

  public Reason reason() {
    return reason;
  }
}
