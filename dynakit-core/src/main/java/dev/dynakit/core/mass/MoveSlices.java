package dev.dynakit.core.mass;

import dev.dynakit.core.batch.ActionFailure;
import dev.dynakit.core.batch.Batches;
import dev.dynakit.core.batch.TransactionFailedException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * Moves each item of a slice as planned: the copy is written and the source deleted in one
 * transaction, so an item is never in both places nor in neither, whenever the work stops. A slice
 * goes out as one TransactWriteItems (two actions per item); when DynamoDB cancels it (an occupied
 * destination, a changed source), each item is moved on its own to find out which one failed.
 * Handling a slice again after a resume is harmless: a moved item is no longer at its source, so a
 * resumed walk does not see it.
 */
final class MoveSlices implements Phase.Handler {
  /** Items per transaction: two actions each, under DynamoDB's 100. */
  static final int SLICE = 25;

  private static final String CONDITION_FAILED = "ConditionalCheckFailed";

  private final Batches batches;
  private final KeyShape keys;
  private final Planned.Planner planner;

  MoveSlices(Batches batches, KeyShape keys, Planned.Planner planner) {
    this.batches = batches;
    this.keys = keys;
    this.planner = planner;
  }

  /** One item's move: its source key and the two actions. */
  private record Move(
      Map<String, AttributeValue> source, TransactWriteItem put, TransactWriteItem delete) {}

  @Override
  public void handle(List<Map<String, AttributeValue>> items, Tally tally) {
    List<Move> moves = new ArrayList<>(items.size());
    Set<Map<String, AttributeValue>> touched = new HashSet<>();
    boolean clash = false;
    for (Map<String, AttributeValue> source : items) {
      Planned planned = planner.plan(source);
      Map<String, AttributeValue> from = keys.of(source);
      if (planned.write() == null || planned.removal() == null) {
        if (planned.reason() != null) {
          tally.failed(from, planned.reason(), planned.message());
        } else {
          tally.skipped(1);
        }
        continue;
      }
      Map<String, AttributeValue> to = keyOf(planned.write());
      if (to.equals(from)) {
        tally.failed(
            from, "KeyUnchanged", "the mapping keeps the item's key; a move must change it");
        continue;
      }
      // DynamoDB refuses two actions on one item in a transaction: such slices go item by item
      clash |= !touched.add(from) | !touched.add(to);
      moves.add(new Move(from, planned.write(), planned.removal()));
    }
    if (moves.isEmpty()) {
      return;
    }
    if (!clash && moves.size() > 1) {
      List<TransactWriteItem> actions = new ArrayList<>(moves.size() * 2);
      for (Move move : moves) {
        actions.add(move.put());
        actions.add(move.delete());
      }
      try {
        batches.transactWrite(actions);
        tally.processed(moves.size());
        return;
      } catch (TransactionFailedException e) {
        if (e.failures().isEmpty()) {
          throw e;
        }
      } catch (DynamoDbException e) {
        if (!ItemErrors.itemSpecific(e)) {
          throw e;
        }
      }
    }
    for (Move move : moves) {
      one(move, tally);
    }
  }

  private void one(Move move, Tally tally) {
    try {
      batches.transactWrite(List.of(move.put(), move.delete()));
      tally.processed(1);
    } catch (TransactionFailedException e) {
      ActionFailure failure = first(e);
      if (failure == null) {
        throw e;
      }
      if (!CONDITION_FAILED.equals(failure.code())) {
        tally.failed(move.source(), failure.code(), failure.message());
      } else if (failure.index() == 0 || failure.item() == null) {
        // the destination is occupied (or, for a refresh, empty), or the source is gone
        tally.skipped(1);
      } else {
        tally.conflict(move.source(), "the source changed since it was read");
      }
    } catch (DynamoDbException e) {
      if (!ItemErrors.itemSpecific(e)) {
        throw e;
      }
      tally.failed(move.source(), ItemErrors.code(e), e.awsErrorDetails().errorMessage());
    }
  }

  private Map<String, AttributeValue> keyOf(TransactWriteItem action) {
    if (action.put() != null) {
      return keys.of(action.put().item());
    }
    if (action.update() != null) {
      return action.update().key();
    }
    return action.delete() != null ? action.delete().key() : action.conditionCheck().key();
  }

  private static @Nullable ActionFailure first(TransactionFailedException e) {
    return e.failures().isEmpty() ? null : e.failures().get(0);
  }
}
