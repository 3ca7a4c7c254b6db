package dev.dynakit.core.mass;

import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * What one call of a mass operation did.
 *
 * @param processed items written (copied, moved, deleted, edited)
 * @param skipped items left alone on purpose: the mapping returned null, an edit changed nothing,
 *     or an {@code ifNotExists} / {@code ifExists} condition did not hold
 * @param failed items that could not be handled, with the reason (the work went on)
 * @param conflicts items changed by someone else in between (their version differed)
 * @param resumeToken where to continue when the call stopped on its budget ({@code maxItems} or
 *     time); null when the work is complete
 */
public record MassResult(
    long processed,
    long skipped,
    List<ItemFailure> failed,
    List<ItemFailure> conflicts,
    @Nullable String resumeToken) {
  public MassResult {
    failed = List.copyOf(failed);
    conflicts = List.copyOf(conflicts);
  }

  /** Whether the work is complete (no resume token). */
  public boolean complete() {
    return resumeToken == null;
  }

  /** The resume token, when the call stopped on its budget. */
  public Optional<String> token() {
    return Optional.ofNullable(resumeToken);
  }
}
