package dev.dynakit.core.batch;

import java.util.List;

/**
 * What a batch write did.
 *
 * @param written how many writes DynamoDB applied
 * @param unprocessed the writes it did not apply, in the order they were given: those it still
 *     returned as unprocessed when the {@link RetryBudget} ran out, and those never sent because
 *     the budget had run out. Sending them again (in this order) completes the work.
 */
public record BatchWriteOutcome(long written, List<BatchWrite> unprocessed) {
  public BatchWriteOutcome {
    unprocessed = List.copyOf(unprocessed);
  }

  /** Whether every write was applied. */
  public boolean complete() {
    return unprocessed.isEmpty();
  }
}
