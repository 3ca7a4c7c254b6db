package dev.dynakit.core.batch;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What a batch read found.
 *
 * @param items one entry per key asked for, in the same order: the item, or null when there is no
 *     such item or its key is unprocessed
 * @param unprocessedKeys the keys DynamoDB did not read before the {@link RetryBudget} ran out, in
 *     the order they were asked for (each once)
 */
public record BatchGetOutcome(
    List<@Nullable Map<String, AttributeValue>> items,
    List<Map<String, AttributeValue>> unprocessedKeys) {
  public BatchGetOutcome {
    // items may hold nulls, which List.copyOf refuses
    items = Collections.unmodifiableList(new java.util.ArrayList<>(items));
    unprocessedKeys = List.copyOf(unprocessedKeys);
  }

  /** Whether every key was read (so a null item means "no such item"). */
  public boolean complete() {
    return unprocessedKeys.isEmpty();
  }
}
