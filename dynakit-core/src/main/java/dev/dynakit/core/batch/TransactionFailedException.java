package dev.dynakit.core.batch;

import dev.dynakit.core.DynakitException;
import java.util.List;

/**
 * A transaction that was not applied. Either DynamoDB cancelled it — {@link #failures()} then says,
 * for each action that failed, which of the caller's actions it was (index, table, key) and why —
 * or the retry budget ran out while DynamoDB kept throttling or failing (the cause says how; the
 * failures are empty). In the second case the transaction may have been applied after all: send it
 * again with the same {@link #clientRequestToken()} within ten minutes and DynamoDB applies it at
 * most once.
 */
public final class TransactionFailedException extends DynakitException {
  private static final long serialVersionUID = 1L;

  private final String clientRequestToken;
  private final transient List<ActionFailure> failures;

  TransactionFailedException(
      String clientRequestToken,
      boolean cancelled,
      List<ActionFailure> failures,
      RuntimeException cause) {
    super(message(cancelled, failures, cause), cause);
    this.clientRequestToken = clientRequestToken;
    this.failures = List.copyOf(failures);
  }

  /** The idempotency token the transaction was sent with (empty for TransactGetItems). */
  public String clientRequestToken() {
    return clientRequestToken;
  }

  /** The failed actions, in action order; empty when DynamoDB gave no reasons or no answer. */
  public List<ActionFailure> failures() {
    return failures;
  }

  private static String message(
      boolean cancelled, List<ActionFailure> failures, RuntimeException cause) {
    if (!cancelled) {
      return "the transaction was not confirmed within the retry budget: " + cause.getMessage();
    }
    if (failures.isEmpty()) {
      return "the transaction was cancelled without reasons: " + cause.getMessage();
    }
    StringBuilder text = new StringBuilder("the transaction was cancelled: ");
    for (int i = 0; i < failures.size(); i++) {
      if (i > 0) {
        text.append("; ");
      }
      text.append(failures.get(i).describe());
    }
    return text.toString();
  }
}
