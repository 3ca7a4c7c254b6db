package dev.dynakit.engine.internal.stream;

import java.util.List;

/**
 * The record of one change, put in the change's store batch but not yet readable: {@link #publish}
 * it once the batch is applied, or failed (its sequence number is then a gap readers step over).
 */
public final class PendingRecord {
  private final TableStream stream;
  private final long sequence;
  // trims of older records in the same batch: they count once it is stored
  private final List<Trim> trims;

  PendingRecord(TableStream stream, long sequence, List<Trim> trims) {
    this.stream = stream;
    this.sequence = sequence;
    this.trims = trims;
  }

  /**
   * Lets readers pass this record's sequence number.
   *
   * @param applied whether the change's batch was stored (false: it failed)
   */
  public void publish(boolean applied) {
    stream.published(sequence, applied, trims);
  }
}
