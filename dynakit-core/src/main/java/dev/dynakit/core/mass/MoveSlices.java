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
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * Moves each item of a slice to what the mapper makes of it: the copy is written and the source
 * deleted in one transaction, so an item is never in both places nor in neither, whenever the work
 * stops. A slice goes out as one TransactWriteItems (two actions per item); when DynamoDB cancels
 * it (an occupied destination, say), each item is moved on its own to find out which one failed.
 * Handling a slice again after a resume is harmless: a moved item is no longer at its source, so a
 * resumed walk does not see it.
 */
final class MoveSlices implements Phase.Handler {
  /** Items per transaction: two actions each, under DynamoDB's 100. */
  static final int SLICE = 25;

  private static final String CONDITION_FAILED = "ConditionalCheckFailed";

  private final Batches batches;
  private final String table;
  private final KeyShape keys;
  private final Mapping.Mapper mapper;
  private final WriteMode mode;

  MoveSlices(Batches batches, String table, KeyShape keys, Mapping.Mapper mapper, WriteMode mode) {
    this.batches = batches;
    this.table = table;
    this.keys = keys;
    this.mapper = mapper;
    this.mode = mode;
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
      Mapping mapping = mapper.map(source);
      Map<String, AttributeValue> from = keys.of(source);
      if (mapping.item() == null) {
        if (mapping.reason() != null) {
          tally.failed(from, mapping.reason(), mapping.message());
        } else {
          tally.skipped(1);
        }
        continue;
      }
      Map<String, AttributeValue> to = keys.of(mapping.item());
      if (to.equals(from)) {
        tally.failed(
            from, "KeyUnchanged", "the mapping keeps the item's key; a move must change it");
        continue;
      }
      // DynamoDB refuses two actions on one item in a transaction: such slices go item by item
      clash |= !touched.add(from) | !touched.add(to);
      moves.add(new Move(from, put(mapping.item()), delete(from)));
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
      if (CONDITION_FAILED.equals(failure.code()) && failure.index() == 0) {
        // the destination is occupied (IF_NOT_EXISTS) or empty (IF_EXISTS): leave the source
        tally.skipped(1);
      } else {
        tally.failed(move.source(), failure.code(), failure.message());
      }
    } catch (DynamoDbException e) {
      if (!ItemErrors.itemSpecific(e)) {
        throw e;
      }
      tally.failed(move.source(), ItemErrors.code(e), e.awsErrorDetails().errorMessage());
    }
  }

  private static @Nullable ActionFailure first(TransactionFailedException e) {
    return e.failures().isEmpty() ? null : e.failures().get(0);
  }

  private TransactWriteItem put(Map<String, AttributeValue> item) {
    Put.Builder put = Put.builder().tableName(table).item(item);
    if (mode != WriteMode.OVERWRITE) {
      put.conditionExpression(
              mode == WriteMode.IF_NOT_EXISTS ? "attribute_not_exists(#k)" : "attribute_exists(#k)")
          .expressionAttributeNames(Map.of("#k", keys.hash()));
    }
    return TransactWriteItem.builder().put(put.build()).build();
  }

  private TransactWriteItem delete(Map<String, AttributeValue> key) {
    return TransactWriteItem.builder()
        .delete(Delete.builder().tableName(table).key(key).build())
        .build();
  }
}
