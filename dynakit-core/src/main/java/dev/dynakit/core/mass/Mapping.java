package dev.dynakit.core.mass;

import java.util.Map;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What to do with one source item of a copy or a move: write this item (stored form), skip it, or
 * refuse it (a validation hook said no).
 *
 * @param item the item to write, or null
 * @param reason why the item is refused ({@code InvalidItem}, …), or null
 * @param message the details of a refusal, or null
 */
record Mapping(
    @Nullable Map<String, AttributeValue> item, @Nullable String reason, @Nullable String message) {
  private static final Mapping SKIP = new Mapping(null, null, null);

  static Mapping write(Map<String, AttributeValue> item) {
    return new Mapping(item, null, null);
  }

  static Mapping skip() {
    return SKIP;
  }

  static Mapping refuse(String reason, @Nullable String message) {
    return new Mapping(null, reason, message);
  }

  /** Turns a stored source item into a {@link Mapping}. */
  @FunctionalInterface
  interface Mapper {
    Mapping map(Map<String, AttributeValue> source);
  }
}
