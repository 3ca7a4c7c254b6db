package dev.dynakit.core.mass;

import dev.dynakit.core.BatchIncompleteException;
import dev.dynakit.core.batch.BatchWrite;
import dev.dynakit.core.batch.BatchWriteFailedException;
import dev.dynakit.core.batch.BatchWriteOutcome;
import dev.dynakit.core.batch.Batches;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * Does one planned action per item of a slice (a copy's put, a delete). Unconditional puts and
 * deletes go out together with BatchWriteItem; conditional actions (and those a hook turned into
 * updates) one by one. Handling a slice twice is harmless: unconditional writes write the same
 * thing again, and a conditional copy that finds its own earlier copy (the stored item equals the
 * one it would write) counts it as processed.
 */
final class ActionSlices implements Phase.Handler {
  private final Batches batches;
  private final DynamoDbClient client;
  private final KeyShape keys;
  private final Planned.Planner planner;
  private final int attempts;

  /**
   * @param attempts the retry budget's attempts, for the message when it runs out
   */
  ActionSlices(
      Batches batches,
      DynamoDbClient client,
      KeyShape keys,
      Planned.Planner planner,
      int attempts) {
    this.batches = batches;
    this.client = client;
    this.keys = keys;
    this.planner = planner;
    this.attempts = attempts;
  }

  @Override
  public void handle(List<Map<String, AttributeValue>> items, Tally tally) {
    List<BatchWrite> batched = new ArrayList<>(items.size());
    List<TransactWriteItem> single = new ArrayList<>();
    for (Map<String, AttributeValue> source : items) {
      Planned planned = planner.plan(source);
      TransactWriteItem action = planned.write();
      if (action == null) {
        if (planned.reason() != null) {
          tally.failed(keys.of(source), planned.reason(), planned.message());
        } else {
          tally.skipped(1);
        }
      } else if (SingleWrites.batchable(action)) {
        batched.add(
            action.put() != null
                ? BatchWrite.put(action.put().tableName(), action.put().item())
                : BatchWrite.delete(action.delete().tableName(), action.delete().key()));
      } else {
        single.add(action);
      }
    }
    batch(batched, tally);
    for (TransactWriteItem action : single) {
      one(action, tally);
    }
  }

  private void batch(List<BatchWrite> writes, Tally tally) {
    if (writes.isEmpty()) {
      return;
    }
    BatchWriteOutcome outcome;
    try {
      outcome = batches.write(writes);
    } catch (BatchWriteFailedException e) {
      if (!(e.getCause() instanceof DynamoDbException)
          || !ItemErrors.itemSpecific((DynamoDbException) e.getCause())) {
        throw e;
      }
      // one item spoils the whole request: find it by writing the rest one by one
      tally.processed(e.written());
      for (BatchWrite write : e.unprocessed()) {
        one(asAction(write), tally);
      }
      return;
    }
    if (!outcome.complete()) {
      throw new BatchIncompleteException("BatchWriteItem", outcome.unprocessed().size(), attempts);
    }
    tally.processed(writes.size());
  }

  private void one(TransactWriteItem action, Tally tally) {
    SingleWrites.Attempt attempt = SingleWrites.attempt(client, action);
    if (attempt.applied()) {
      tally.processed(1);
    } else if (attempt.conditionFailed()) {
      // a conditional copy that finds its own earlier copy (a resumed slice) did its work
      boolean own = action.put() != null && action.put().item().equals(attempt.stored());
      if (own) {
        tally.processed(1);
      } else {
        tally.skipped(1);
      }
    } else {
      tally.failed(SingleWrites.keyOf(action, keys), attempt.code(), attempt.message());
    }
  }

  static TransactWriteItem asAction(BatchWrite write) {
    if (write.isPut()) {
      return TransactWriteItem.builder()
          .put(p -> p.tableName(write.table()).item(write.attributes()))
          .build();
    }
    return TransactWriteItem.builder()
        .delete(d -> d.tableName(write.table()).key(write.attributes()))
        .build();
  }
}
