package dev.dynakit.core.mass;

import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The items a phase of a mass operation walks, in key order, page by page. */
interface ScopeSource {
  /**
   * One page of the scope.
   *
   * @param exclusiveStart the position after which to read, or null for the start
   * @param limit how many items DynamoDB should examine (before any filter)
   */
  Page read(@Nullable Map<String, AttributeValue> exclusiveStart, int limit);

  /** How many items the scope holds after the position (all of them for null). */
  long count(@Nullable Map<String, AttributeValue> exclusiveStart);

  /** The position of an item read by this source ({@code ExclusiveStartKey} shape). */
  Map<String, AttributeValue> positionOf(Map<String, AttributeValue> item);

  /**
   * A page: the items (stored form) and where the next page starts (null at the end).
   *
   * @param items the items read
   * @param next the position after the page, or null when the scope ends with it
   */
  record Page(
      List<Map<String, AttributeValue>> items, @Nullable Map<String, AttributeValue> next) {}
}
