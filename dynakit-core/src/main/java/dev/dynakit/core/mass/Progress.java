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
 */
public record Progress(
    String operation,
    long done,
    @Nullable Long total,
    Duration elapsed,
    double itemsPerSecond,
    @Nullable Duration remaining,
    boolean finished) {
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
