package dev.dynakit.core;

/**
 * A write upgraded to a transaction (its consistency checks returned extra actions) has more
 * actions than DynamoDB allows in one TransactWriteItems. Nothing was written.
 */
public final class TransactionLimitExceededException extends DynakitException {
  private static final long serialVersionUID = 1L;

  /** DynamoDB's limit on the actions of one transaction. */
  public static final int LIMIT = 100;

  private final int actionCount;

  public TransactionLimitExceededException(int actionCount) {
    super(
        "a transaction of "
            + actionCount
            + " actions exceeds DynamoDB's limit of "
            + LIMIT
            + "; return fewer consistency checks");
    this.actionCount = actionCount;
  }

  public int actionCount() {
    return actionCount;
  }
}
