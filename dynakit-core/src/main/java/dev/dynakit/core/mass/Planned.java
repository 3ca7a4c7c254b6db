package dev.dynakit.core.mass;

import java.util.Map;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * What a mass operation does with one source item: write an action (a copy's put, a delete), write
 * two atomically (a move's put and delete), skip the item, or refuse it (a validation hook said
 * no).
 *
 * @param write the action, or null
 * @param removal the second action of a move (deleting the source), or null
 * @param reason why the item is refused ({@code InvalidItem}, …), or null
 * @param message the details of a refusal, or null
 */
record Planned(
    @Nullable TransactWriteItem write,
    @Nullable TransactWriteItem removal,
    @Nullable String reason,
    @Nullable String message) {
  private static final Planned SKIP = new Planned(null, null, null, null);

  static Planned write(TransactWriteItem action) {
    return new Planned(action, null, null, null);
  }

  static Planned move(TransactWriteItem put, TransactWriteItem delete) {
    return new Planned(put, delete, null, null);
  }

  static Planned skip() {
    return SKIP;
  }

  static Planned refuse(String reason, @Nullable String message) {
    return new Planned(null, null, reason, message);
  }

  /** Plans the work on one stored source item. */
  @FunctionalInterface
  interface Planner {
    Planned plan(Map<String, AttributeValue> source);
  }
}
