package dev.dynakit.core.adapter;

import dev.dynakit.core.TransactionLimitExceededException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * Sends one write: runs the updateInput hooks, asks the checkConsistency hooks for extra actions,
 * and sends a single PutItem/UpdateItem/DeleteItem — or, when there are extra actions, one
 * TransactWriteItems with the checks first and the write last. A failed condition of the write is
 * explained by the {@link FailureClassifier}.
 */
final class WriteExecutor {
  private static final String CONDITION_FAILED = "ConditionalCheckFailed";

  private final Sender sender;
  private final HookChain hooks;
  private final FailureClassifier classifier;

  WriteExecutor(Sender sender, HookChain hooks, FailureClassifier classifier) {
    this.sender = sender;
    this.hooks = hooks;
    this.classifier = classifier;
  }

  /** Sends one put: straight as its PutItem request when no hook can change or join it. */
  void put(WriteContext context, PutOperation.Built put) {
    if (!hooks.isEmpty()) {
      run(context, put.item(), put.action(), put.expectation(), false);
      return;
    }
    try {
      sender.putItem(put.request(sender.capacity()));
    } catch (ConditionalCheckFailedException e) {
      throw classifier.classify(put.expectation(), e.item(), e);
    }
  }

  /**
   * @param returnNew whether an update should return the new item (single requests only)
   * @return the new item of a single update asked to return it; null otherwise
   */
  @Nullable Map<String, AttributeValue> run(
      WriteContext context,
      @Nullable Map<String, Object> item,
      TransactWriteItem write,
      Expectation expectation,
      boolean returnNew) {
    if (hooks.isEmpty()) {
      return single(write, expectation, returnNew);
    }
    TransactWriteItem action = hooks.updateInput(write, context);
    List<TransactWriteItem> checks =
        hooks.checkConsistency(new PlannedWrite(context, expectation.key(), item, action));
    if (checks.isEmpty()) {
      return single(action, expectation, returnNew);
    }
    List<TransactWriteItem> actions = new ArrayList<>(checks);
    actions.add(action);
    transaction(actions, Map.of(actions.size() - 1, expectation));
    return null;
  }

  /**
   * Sends actions as one transaction.
   *
   * @param expectations by action index, what the Adapter's own writes expect, to explain their
   *     failed conditions
   */
  void transaction(List<TransactWriteItem> actions, Map<Integer, Expectation> expectations) {
    if (actions.size() > TransactionLimitExceededException.LIMIT) {
      throw new TransactionLimitExceededException(actions.size());
    }
    try {
      sender.transactWriteItems(
          TransactWriteItemsRequest.builder().transactItems(actions).build(), 1);
    } catch (TransactionCanceledException e) {
      List<CancellationReason> reasons = e.cancellationReasons();
      if (reasons.size() == actions.size()) {
        for (int i = 0; i < reasons.size(); i++) {
          Expectation expectation = expectations.get(i);
          if (expectation != null && CONDITION_FAILED.equals(reasons.get(i).code())) {
            throw classifier.classify(expectation, reasons.get(i).item(), e);
          }
        }
      }
      throw e;
    }
  }

  private @Nullable Map<String, AttributeValue> single(
      TransactWriteItem action, Expectation expectation, boolean returnNew) {
    try {
      if (action.put() != null) {
        sender.putItem(Actions.putRequest(action.put(), sender.capacity()));
        return null;
      }
      if (action.update() != null) {
        ReturnValue values = returnNew ? ReturnValue.ALL_NEW : null;
        Map<String, AttributeValue> item =
            sender
                .updateItem(Actions.updateRequest(action.update(), values, sender.capacity()))
                .attributes();
        return returnNew ? item : null;
      }
      if (action.delete() != null) {
        sender.deleteItem(Actions.deleteRequest(action.delete(), sender.capacity()));
        return null;
      }
    } catch (ConditionalCheckFailedException e) {
      throw classifier.classify(expectation, e.item(), e);
    }
    throw new IllegalStateException(
        "an updateInput hook made the write a " + action + "; a write is a put, update or delete");
  }
}
