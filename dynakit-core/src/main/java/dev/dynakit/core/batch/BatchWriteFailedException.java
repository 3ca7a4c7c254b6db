package dev.dynakit.core.batch;

import dev.dynakit.core.DynakitException;
import java.util.List;

/**
 * DynamoDB refused a batch write for a reason that sending it again would not change (a validation
 * error, a missing table, …); the cause is its exception. Nothing more was sent after the refusal;
 * {@link #unprocessed()} holds, in input order, every write that was not applied — the refused
 * request's writes included.
 */
public final class BatchWriteFailedException extends DynakitException {
  private static final long serialVersionUID = 1L;

  private final long written;
  private final transient List<BatchWrite> unprocessed;

  BatchWriteFailedException(long written, List<BatchWrite> unprocessed, RuntimeException cause) {
    super(
        "BatchWriteItem was refused ("
            + cause.getMessage()
            + "); "
            + written
            + " writes were applied, "
            + unprocessed.size()
            + " were not",
        cause);
    this.written = written;
    this.unprocessed = List.copyOf(unprocessed);
  }

  /** How many writes were applied before the refusal. */
  public long written() {
    return written;
  }

  /** The writes not applied, in input order. */
  public List<BatchWrite> unprocessed() {
    return unprocessed;
  }
}
