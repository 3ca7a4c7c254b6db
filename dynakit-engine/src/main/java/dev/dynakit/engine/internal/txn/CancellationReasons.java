package dev.dynakit.engine.internal.txn;

import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.error.ErrorType;
import dev.dynakit.engine.internal.value.AttrValue;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The cancellation reasons of one transaction, one per action in request order: {@code None} for an
 * action that would have succeeded, else the code and message of what stopped it.
 */
final class CancellationReasons {
  private final List<Map<String, Object>> reasons = new ArrayList<>();
  private boolean cancelled;

  /** The action would have succeeded. */
  void none() {
    Map<String, Object> r = new LinkedHashMap<>();
    r.put("Code", "None");
    reasons.add(r);
  }

  /** The action's condition failed; {@code item} is returned when the action asked for it. */
  void conditionFailed(@Nullable Map<String, AttrValue> item) {
    Map<String, Object> r = new LinkedHashMap<>();
    if (item != null) {
      r.put("Item", item);
    }
    r.put("Code", "ConditionalCheckFailed");
    r.put("Message", "The conditional request failed");
    reasons.add(r);
    cancelled = true;
  }

  /** The action cannot be applied to the item as it is (wrong key, type error, size). */
  void validationError(String message) {
    Map<String, Object> r = new LinkedHashMap<>();
    r.put("Code", "ValidationError");
    r.put("Message", message);
    reasons.add(r);
    cancelled = true;
  }

  /** The action's write would grow an LSI item collection beyond its limit. */
  void collectionSizeExceeded() {
    Map<String, Object> r = new LinkedHashMap<>();
    r.put("Code", "ItemCollectionSizeLimitExceeded");
    r.put("Message", "Collection size exceeded.");
    reasons.add(r);
    cancelled = true;
  }

  /** The action's table or GSI had no capacity left for it (capacity enforcement). */
  void throttled() {
    Map<String, Object> r = new LinkedHashMap<>();
    r.put("Code", "ThrottlingError");
    r.put("Message", "Throughput exceeds the current capacity of your table or index.");
    reasons.add(r);
    cancelled = true;
  }

  boolean cancelled() {
    return cancelled;
  }

  /** The TransactionCanceledException listing every action's code, with the reasons attached. */
  EngineException exception() {
    List<String> codes = new ArrayList<>(reasons.size());
    for (Map<String, Object> r : reasons) {
      codes.add((String) r.get("Code"));
    }
    return new EngineException(
        ErrorType.TRANSACTION_CANCELED,
        "Transaction cancelled, please refer cancellation reasons for specific reasons ["
            + String.join(", ", codes)
            + "]",
        Map.of("CancellationReasons", List.copyOf(reasons)));
  }
}
