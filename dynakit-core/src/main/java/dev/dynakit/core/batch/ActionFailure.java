package dev.dynakit.core.batch;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Why one action of a cancelled transaction failed, tied back to the action the caller gave.
 *
 * @param index the action's position in the caller's list (from 0)
 * @param kind what the action does
 * @param table the action's table
 * @param key the primary key of the item it touches
 * @param code DynamoDB's reason code ({@code ConditionalCheckFailed}, {@code TransactionConflict},
 *     {@code ValidationError}, …)
 * @param message DynamoDB's message, or null
 * @param item the item as stored when the action asked for it ({@code
 *     ReturnValuesOnConditionCheckFailure = ALL_OLD}) and it existed, or null
 */
public record ActionFailure(
    int index,
    ActionKind kind,
    String table,
    Map<String, AttributeValue> key,
    String code,
    @Nullable String message,
    @Nullable Map<String, AttributeValue> item) {
  public ActionFailure {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(table, "table");
    key = Collections.unmodifiableMap(new LinkedHashMap<>(key));
    Objects.requireNonNull(code, "code");
    item = item == null ? null : Collections.unmodifiableMap(new LinkedHashMap<>(item));
  }

  /** One line: the action, its key and the reason. */
  public String describe() {
    return "action "
        + index
        + " ("
        + kind
        + " on "
        + table
        + " "
        + KeyText.of(key)
        + ") failed: "
        + code
        + (message == null || message.isEmpty() ? "" : " (" + message + ")");
  }
}
