package dev.dynakit.core.mass;

import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * One phase of a mass operation: the items it walks, what it does to each slice of them, and the
 * largest slice. A handler may be given a slice again after a resume (when the call stopped inside
 * it), so it must be idempotent: doing its work twice leaves the table as doing it once.
 *
 * @param name the phase's name, recorded in resume tokens
 * @param source the items, in key order
 * @param handler the work on a slice of items (stored form), tallied
 * @param sliceSize the most items handed to the handler at once
 */
record Phase(String name, ScopeSource source, Handler handler, int sliceSize) {
  /** The work of a phase on a slice of items. */
  @FunctionalInterface
  interface Handler {
    /**
     * Handles the items, tallying each one (processed, skipped, failed or conflict). Throws when it
     * cannot go on; the call then stops with a token that gives it the same slice again.
     */
    void handle(List<Map<String, AttributeValue>> items, Tally tally);
  }
}
