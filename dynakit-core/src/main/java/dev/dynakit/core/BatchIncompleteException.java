package dev.dynakit.core;

/**
 * A batch request still had unprocessed keys or items after every retry (DynamoDB returns them when
 * a request exceeds its size or throughput). Nothing is lost on the server side; retry later or
 * lower the load.
 */
public final class BatchIncompleteException extends DynakitException {
  private static final long serialVersionUID = 1L;

  private final String operation;
  private final int unprocessed;
  private final int attempts;

  public BatchIncompleteException(String operation, int unprocessed, int attempts) {
    super(
        operation
            + " left "
            + unprocessed
            + " request"
            + (unprocessed == 1 ? "" : "s")
            + " unprocessed after "
            + attempts
            + " attempts");
    this.operation = operation;
    this.unprocessed = unprocessed;
    this.attempts = attempts;
  }

  /** The DynamoDB operation ({@code BatchGetItem}, {@code BatchWriteItem}). */
  public String operation() {
    return operation;
  }

  /** How many keys or items were still unprocessed. */
  public int unprocessed() {
    return unprocessed;
  }

  public int attempts() {
    return attempts;
  }
}
