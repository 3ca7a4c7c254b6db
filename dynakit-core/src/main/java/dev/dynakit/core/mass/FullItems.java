package dev.dynakit.core.mass;

import dev.dynakit.core.BatchIncompleteException;
import dev.dynakit.core.batch.BatchGetOutcome;
import dev.dynakit.core.batch.Batches;
import dev.dynakit.core.batch.GetOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The second hop of a scope that reads an index (or keys only): the whole items are read from the
 * table by key before the work, consistently; an item gone in between is skipped.
 */
final class FullItems implements Phase.Handler {
  private final Batches batches;
  private final String table;
  private final KeyShape keys;
  private final Phase.Handler work;
  private final int attempts;

  FullItems(Batches batches, String table, KeyShape keys, Phase.Handler work, int attempts) {
    this.batches = batches;
    this.table = table;
    this.keys = keys;
    this.work = work;
    this.attempts = attempts;
  }

  @Override
  public void handle(List<Map<String, AttributeValue>> items, Tally tally) {
    List<Map<String, AttributeValue>> itemKeys = new ArrayList<>(items.size());
    for (Map<String, AttributeValue> item : items) {
      itemKeys.add(keys.of(item));
    }
    BatchGetOutcome read = batches.getAll(table, itemKeys, GetOptions.consistent());
    if (!read.complete()) {
      throw new BatchIncompleteException("BatchGetItem", read.unprocessedKeys().size(), attempts);
    }
    List<Map<String, AttributeValue>> whole = new ArrayList<>(items.size());
    for (Map<String, AttributeValue> item : read.items()) {
      if (item == null) {
        tally.skipped(1);
      } else {
        whole.add(item);
      }
    }
    if (!whole.isEmpty()) {
      work.handle(whole, tally);
    }
  }
}
