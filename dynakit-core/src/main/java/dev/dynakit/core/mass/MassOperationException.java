package dev.dynakit.core.mass;

import dev.dynakit.core.DynakitException;

/**
 * A mass operation stopped because DynamoDB kept failing (throttling or errors beyond the retry
 * budget, a network failure, …); the cause says how. Nothing is lost: {@link #resumeToken()}
 * continues the work from the last item completely handled — items handled again on resume are
 * handled idempotently, so a resume never leaves duplicates or orphans — and {@link #partial()}
 * holds what this call did before it stopped.
 */
public final class MassOperationException extends DynakitException {
  private static final long serialVersionUID = 1L;

  private final String resumeToken;
  private final transient MassResult partial;

  MassOperationException(
      String operation, String resumeToken, MassResult partial, Throwable cause) {
    super(
        operation
            + " stopped after "
            + (partial.processed() + partial.skipped())
            + " items: "
            + cause.getMessage()
            + "; resume it with the token",
        cause);
    this.resumeToken = resumeToken;
    this.partial = partial;
  }

  /** The token that resumes the operation where it stopped. */
  public String resumeToken() {
    return resumeToken;
  }

  /** What this call did before it stopped (its token is null; use {@link #resumeToken()}). */
  public MassResult partial() {
    return partial;
  }
}
