package dev.dynakit.core.batch;

import dev.dynakit.core.TransactionLimitExceededException;
import dev.dynakit.core.batch.RetryBudget.Deadline;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.ItemResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItem;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * Sends transactions: refuses more than 100 actions before sending, resends within the budget when
 * DynamoDB throttles, fails with a 5xx or cancels only for conflicts and throttling — always with
 * the same idempotency token, so a transaction whose answer was lost is applied at most once — and
 * explains any other cancellation per action.
 */
final class TransactionRunner {
  static final int MAX_ACTIONS = TransactionLimitExceededException.LIMIT;
  private static final String NONE = "None";
  private static final Set<String> TRANSIENT_REASONS =
      Set.of(
          "TransactionConflict",
          "ThrottlingError",
          "ProvisionedThroughputExceeded",
          "RequestLimitExceeded");
  private static final Set<String> TRANSIENT_ERRORS = Set.of("TransactionInProgressException");

  private final BatchTransport transport;
  private final KeySchemas keys;
  private final RetryBudget budget;

  TransactionRunner(BatchTransport transport, KeySchemas keys, RetryBudget budget) {
    this.transport = transport;
    this.keys = keys;
    this.budget = budget;
  }

  void write(List<TransactWriteItem> actions, String token) {
    if (actions.size() > MAX_ACTIONS) {
      throw new TransactionLimitExceededException(actions.size());
    }
    if (actions.isEmpty()) {
      return;
    }
    TransactWriteItemsRequest request =
        TransactWriteItemsRequest.builder()
            .transactItems(actions)
            .clientRequestToken(token)
            .build();
    Deadline deadline = budget.startNow();
    int attempt = 1;
    while (true) {
      RuntimeException failure;
      try {
        transport.transactWriteItems(request, attempt);
        return;
      } catch (TransactionCanceledException e) {
        if (!isTransient(e)) {
          throw new TransactionFailedException(token, true, explainWrites(e, actions), e);
        }
        failure = e;
      } catch (RuntimeException e) {
        if (!Faults.retryable(e) && !TRANSIENT_ERRORS.contains(Faults.code(e))) {
          throw e;
        }
        failure = e;
      }
      attempt++;
      if (!budget.pause(attempt, deadline)) {
        throw giveUp(token, failure, explainWrites(failure, actions));
      }
    }
  }

  List<@Nullable Map<String, AttributeValue>> get(List<TransactGetItem> gets) {
    if (gets.size() > MAX_ACTIONS) {
      throw new TransactionLimitExceededException(gets.size());
    }
    if (gets.isEmpty()) {
      return List.of();
    }
    TransactGetItemsRequest request = TransactGetItemsRequest.builder().transactItems(gets).build();
    Deadline deadline = budget.startNow();
    int attempt = 1;
    while (true) {
      RuntimeException failure;
      try {
        List<@Nullable Map<String, AttributeValue>> items = new ArrayList<>(gets.size());
        for (ItemResponse response : transport.transactGetItems(request, attempt).responses()) {
          items.add(response.hasItem() ? response.item() : null);
        }
        return items;
      } catch (TransactionCanceledException e) {
        if (!isTransient(e)) {
          throw new TransactionFailedException("", true, explainGets(e, gets), e);
        }
        failure = e;
      } catch (RuntimeException e) {
        if (!Faults.retryable(e)) {
          throw e;
        }
        failure = e;
      }
      attempt++;
      if (!budget.pause(attempt, deadline)) {
        throw giveUp("", failure, explainGets(failure, gets));
      }
    }
  }

  private static TransactionFailedException giveUp(
      String token, RuntimeException failure, List<ActionFailure> failures) {
    return new TransactionFailedException(
        token, failure instanceof TransactionCanceledException, failures, failure);
  }

  /** Whether a cancellation is due to conflicts or throttling only, so that a resend may pass. */
  private static boolean isTransient(TransactionCanceledException e) {
    boolean any = false;
    for (CancellationReason reason : e.cancellationReasons()) {
      String code = reason.code();
      if (code == null || NONE.equals(code)) {
        continue;
      }
      if (!TRANSIENT_REASONS.contains(code)) {
        return false;
      }
      any = true;
    }
    return any;
  }

  List<ActionFailure> explainWrites(RuntimeException failure, List<TransactWriteItem> actions) {
    if (!(failure instanceof TransactionCanceledException)) {
      return List.of();
    }
    List<CancellationReason> reasons =
        ((TransactionCanceledException) failure).cancellationReasons();
    List<ActionFailure> failures = new ArrayList<>();
    for (int i = 0; i < reasons.size() && i < actions.size(); i++) {
      CancellationReason reason = reasons.get(i);
      if (reason.code() != null && !NONE.equals(reason.code())) {
        failures.add(describe(i, actions.get(i), reason));
      }
    }
    return failures;
  }

  private List<ActionFailure> explainGets(RuntimeException failure, List<TransactGetItem> gets) {
    if (!(failure instanceof TransactionCanceledException)) {
      return List.of();
    }
    List<CancellationReason> reasons =
        ((TransactionCanceledException) failure).cancellationReasons();
    List<ActionFailure> failures = new ArrayList<>();
    for (int i = 0; i < reasons.size() && i < gets.size(); i++) {
      CancellationReason reason = reasons.get(i);
      if (reason.code() != null && !NONE.equals(reason.code())) {
        failures.add(
            new ActionFailure(
                i,
                ActionKind.GET,
                gets.get(i).get().tableName(),
                gets.get(i).get().key(),
                reason.code(),
                reason.message(),
                reason.hasItem() ? reason.item() : null));
      }
    }
    return failures;
  }

  private ActionFailure describe(int index, TransactWriteItem action, CancellationReason reason) {
    ActionKind kind;
    String table;
    Map<String, AttributeValue> key;
    if (action.put() != null) {
      kind = ActionKind.PUT;
      table = action.put().tableName();
      key = keyOfPut(table, action.put().item());
    } else if (action.update() != null) {
      kind = ActionKind.UPDATE;
      table = action.update().tableName();
      key = action.update().key();
    } else if (action.delete() != null) {
      kind = ActionKind.DELETE;
      table = action.delete().tableName();
      key = action.delete().key();
    } else {
      kind = ActionKind.CONDITION_CHECK;
      table = action.conditionCheck().tableName();
      key = action.conditionCheck().key();
    }
    return new ActionFailure(
        index,
        kind,
        table,
        key,
        reason.code(),
        reason.message(),
        reason.hasItem() ? reason.item() : null);
  }

  /** The key of a put's item; the whole item when the key schema cannot be read. */
  private Map<String, AttributeValue> keyOfPut(String table, Map<String, AttributeValue> item) {
    try {
      return keys.keyOf(table, item);
    } catch (RuntimeException e) {
      // an explanation must never fail: without the key schema, the item identifies the action
      return item;
    }
  }
}
