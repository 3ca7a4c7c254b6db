package dev.dynakit.core.mass;

import dev.dynakit.core.BatchIncompleteException;
import dev.dynakit.core.batch.BatchWrite;
import dev.dynakit.core.batch.BatchWriteOutcome;
import dev.dynakit.core.batch.Batches;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Deletes each item of a slice by key with BatchWriteItem (deleting twice changes nothing). */
final class DeleteSlices implements Phase.Handler {
  private final Batches batches;
  private final String table;
  private final KeyShape keys;
  private final int attempts;

  /**
   * @param attempts the retry budget's attempts, for the message when it runs out
   */
  DeleteSlices(Batches batches, String table, KeyShape keys, int attempts) {
    this.batches = batches;
    this.table = table;
    this.keys = keys;
    this.attempts = attempts;
  }

  @Override
  public void handle(List<Map<String, AttributeValue>> items, Tally tally) {
    List<BatchWrite> deletes = new ArrayList<>(items.size());
    for (Map<String, AttributeValue> item : items) {
      deletes.add(BatchWrite.delete(table, keys.of(item)));
    }
    BatchWriteOutcome outcome = batches.write(deletes);
    if (!outcome.complete()) {
      throw new BatchIncompleteException("BatchWriteItem", outcome.unprocessed().size(), attempts);
    }
    tally.processed(items.size());
  }
}
