package dev.dynakit.engine.internal.stream;

/**
 * The record of one change, put in the change's store batch but not yet readable: {@link #publish}
 * it once the batch is applied, or failed (its sequence number is then a gap readers step over).
 */
public final class PendingRecord {
  private final TableStream stream;
  private final long sequence;

  PendingRecord(TableStream stream, long sequence) {
    this.stream = stream;
    this.sequence = sequence;
  }

  /** Lets readers pass this record's sequence number. */
  public void publish() {
    stream.published(sequence);
  }
}
