package dev.dynakit.core.mass;

import java.time.Duration;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * How far a mass operation has come.
 *
 * @param operation the operation ({@code putAll}, {@code move}, …)
 * @param done items handled so far (processed, skipped or failed), across resumes when the
 *     operation was resumed from a token
 * @param total how many items there are in all, when known (a caller-supplied set, or a scope
 *     counted first); null otherwise
 * @param elapsed time since this call began
 * @param itemsPerSecond the rate of this call so far
 * @param remaining the estimated time left, when the total is known and the rate is not zero
 * @param finished whether this is the last report of the call
 * @param resumeToken the token that resumes the operation right after the items counted in {@code
 *     done} (exact and tamper-evident, as a result's token is); null for operations that give no
 *     tokens ({@code putAll}, {@code deleteAll}) and in the last report of a call that completed
 *     the work
 */
public record Progress(
    String operation,
    long done,
    @Nullable Long total,
    Duration elapsed,
    double itemsPerSecond,
    @Nullable Duration remaining,
    boolean finished,
    @Nullable String resumeToken) {
  public Progress {
    Objects.requireNonNull(operation, "operation");
    Objects.requireNonNull(elapsed, "elapsed");
  }

  /** The fraction done (0 to 1) when the total is known, else -1. */
  public double fraction() {
    if (total == null) {
      return -1;
    }
    return total == 0 ? 1 : Math.min(1.0, (double) done / total);
  }
}
