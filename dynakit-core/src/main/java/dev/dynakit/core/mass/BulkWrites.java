package dev.dynakit.core.mass;

import dev.dynakit.core.BatchIncompleteException;
import dev.dynakit.core.adapter.Adapter;
import dev.dynakit.core.adapter.WriteOptions;
import dev.dynakit.core.batch.BatchGetOutcome;
import dev.dynakit.core.batch.BatchWrite;
import dev.dynakit.core.batch.BatchWriteFailedException;
import dev.dynakit.core.batch.BatchWriteOutcome;
import dev.dynakit.core.batch.Batches;
import dev.dynakit.core.batch.GetOptions;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * Writes and reads of a caller-supplied set. Each item is prepared by the Adapter (validated unless
 * the call opts out); unconditional puts and deletes stream into BatchWriteItem (25 per request, in
 * parallel lanes), conditional ones — a versioned item's put is conditioned on its version, never
 * refused — go one by one. Nothing is held back: what the retry budget could not write is reported
 * as failed with reason {@code Unprocessed}.
 */
final class BulkWrites {
  static final String UNPROCESSED = "Unprocessed";

  private final Adapter adapter;
  private final Batches batches;
  private final DynamoDbClient client;
  private final KeyShape keys;
  private final int attempts;

  BulkWrites(Adapter adapter, Batches batches, DynamoDbClient client, KeyShape keys, int attempts) {
    this.adapter = adapter;
    this.batches = batches;
    this.client = client;
    this.keys = keys;
    this.attempts = attempts;
  }

  /** A planned single write and what its failed condition means. */
  private record Single(TransactWriteItem action, boolean versioned) {}

  MassResult putAll(Iterable<? extends Map<String, ?>> items, MassOptions options) {
    Plans plans = new Plans(adapter, options, WriteMode.OVERWRITE);
    String versionField = adapter.spec().versionField();
    return write(
        "putAll",
        items,
        options,
        item -> {
          Object carried = versionField == null ? null : item.get(versionField);
          WriteOptions write = plans.writeOptions();
          switch (plans.mode()) {
            case IF_NOT_EXISTS:
              return new Single(adapter.makePost(item, write), false);
            case IF_EXISTS:
              return new Single(
                  adapter.makePut(item, carried != null ? write : Plans.ifExists(adapter, write)),
                  carried != null);
            default:
              WriteOptions.Builder overwrite = write.toBuilder().overwrite();
              if (carried != null) {
                overwrite.expectedVersion(new BigDecimal(carried.toString()).longValue());
              }
              return new Single(adapter.makePut(item, overwrite.build()), carried != null);
          }
        });
  }

  MassResult deleteAll(Iterable<? extends Map<String, ?>> itemKeys, MassOptions options) {
    Plans plans = new Plans(adapter, options, WriteMode.OVERWRITE);
    return write(
        "deleteAll",
        itemKeys,
        options,
        key -> new Single(adapter.makeDelete(key, plans.writeOptions()), false));
  }

  List<@Nullable Map<String, Object>> getAll(
      List<? extends Map<String, ?>> itemKeys, boolean consistent) {
    List<Map<String, AttributeValue>> prepared = new ArrayList<>(itemKeys.size());
    for (Map<String, ?> key : itemKeys) {
      prepared.add(adapter.primaryKey(key));
    }
    BatchGetOutcome read =
        batches.getAll(
            adapter.tableName(),
            prepared,
            consistent ? GetOptions.consistent() : GetOptions.DEFAULT);
    if (!read.complete()) {
      throw new BatchIncompleteException("BatchGetItem", read.unprocessedKeys().size(), attempts);
    }
    List<@Nullable Map<String, Object>> items = new ArrayList<>(read.items().size());
    for (Map<String, AttributeValue> item : read.items()) {
      items.add(item == null ? null : adapter.revive(item));
    }
    return items;
  }

  private MassResult write(
      String operation,
      Iterable<? extends Map<String, ?>> input,
      MassOptions options,
      Function<Map<String, ?>, Single> planner) {
    Long total = input instanceof Collection ? (long) ((Collection<?>) input).size() : null;
    ProgressMeter meter = new ProgressMeter(operation, options.progress(), null, 0, total);
    Tally tally = new Tally();
    List<Single> singles = new ArrayList<>();
    Iterable<BatchWrite> writes =
        () -> new Planning(input.iterator(), planner, singles, tally, meter);
    try {
      BatchWriteOutcome outcome;
      try {
        outcome = batches.write(writes, meter::add);
      } catch (BatchWriteFailedException e) {
        if (!(e.getCause() instanceof DynamoDbException)
            || !ItemErrors.itemSpecific((DynamoDbException) e.getCause())) {
          throw e;
        }
        // one item spoils a whole request: write what is left one by one to find it
        tally.processed(e.written());
        for (BatchWrite left : e.unprocessed()) {
          one(new Single(ActionSlices.asAction(left), false), tally, meter);
        }
        outcome = null;
      }
      if (outcome != null) {
        tally.processed(outcome.written());
        for (BatchWrite left : outcome.unprocessed()) {
          tally.failed(
              keys.of(left.attributes()),
              UNPROCESSED,
              "not written within the retry budget (" + attempts + " attempts)");
        }
      }
      for (Single single : singles) {
        one(single, tally, meter);
      }
      return tally.result(null);
    } finally {
      meter.finish(null);
    }
  }

  private void one(Single single, Tally tally, ProgressMeter meter) {
    SingleWrites.Attempt attempt = SingleWrites.attempt(client, single.action());
    Map<String, AttributeValue> key = SingleWrites.keyOf(single.action(), keys);
    if (attempt.applied()) {
      tally.processed(1);
    } else if (attempt.conditionFailed() && single.versioned() && attempt.stored() != null) {
      tally.conflict(key, "the stored item has another version");
    } else if (attempt.conditionFailed()) {
      tally.skipped(1);
    } else {
      tally.failed(key, attempt.code(), attempt.message());
    }
    meter.add(1);
  }

  /**
   * Prepares the input lazily as BatchWriteItem reads it (so a large load is never all in memory):
   * batchable writes are handed on, conditional ones kept for later, refused items tallied.
   */
  private final class Planning implements Iterator<BatchWrite> {
    private final Iterator<? extends Map<String, ?>> input;
    private final Function<Map<String, ?>, Single> planner;
    private final List<Single> singles;
    private final Tally tally;
    private final ProgressMeter meter;
    private @Nullable BatchWrite next;

    Planning(
        Iterator<? extends Map<String, ?>> input,
        Function<Map<String, ?>, Single> planner,
        List<Single> singles,
        Tally tally,
        ProgressMeter meter) {
      this.input = input;
      this.planner = planner;
      this.singles = singles;
      this.tally = tally;
      this.meter = meter;
    }

    @Override
    public boolean hasNext() {
      while (next == null && input.hasNext()) {
        Map<String, ?> item = input.next();
        Single single;
        try {
          single = planner.apply(item);
        } catch (RuntimeException e) {
          Planned refused = Plans.refusal(e);
          tally.failed(keyOrNothing(item), refused.reason(), refused.message());
          meter.add(1);
          continue;
        }
        TransactWriteItem action = single.action();
        if (SingleWrites.batchable(action)) {
          next =
              action.put() != null
                  ? BatchWrite.put(action.put().tableName(), action.put().item())
                  : BatchWrite.delete(action.delete().tableName(), action.delete().key());
        } else {
          singles.add(single);
        }
      }
      return next != null;
    }

    @Override
    public BatchWrite next() {
      if (!hasNext()) {
        throw new NoSuchElementException();
      }
      BatchWrite write = next;
      next = null;
      return write;
    }

    private Map<String, AttributeValue> keyOrNothing(Map<String, ?> item) {
      try {
        return adapter.primaryKey(item);
      } catch (RuntimeException e) {
        return Map.of();
      }
    }
  }
}
