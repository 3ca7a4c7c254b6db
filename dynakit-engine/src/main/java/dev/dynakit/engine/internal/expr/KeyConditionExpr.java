package dev.dynakit.engine.internal.expr;

import dev.dynakit.engine.internal.value.AttrValue;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A validated key condition (KeyConditionExpression or legacy KeyConditions): conditions on
 * distinct top-level attributes. Which attributes are keys depends on the table or index queried,
 * so {@link #partitionKey} and {@link #sortKey} match the conditions to a key schema, with
 * DynamoDB's refusals.
 */
public interface KeyConditionExpr {
  /** The conditions in the order written. */
  List<KeyCondition> conditions();

  /** The condition on {@code attributeName}, or null. */
  @Nullable KeyCondition condition(String attributeName);

  /**
   * Checks the conditions against a key schema and returns the partition-key values, in schema
   * order. Every partition-key attribute needs an equality; sort-key attributes may be constrained
   * left to right, by equalities and at most one final range condition (a single sort-key attribute
   * takes any operator); nothing else may be constrained. Refusals are DynamoDB's
   * ValidationExceptions ("Query condition missed key schema element: a", "Query key condition not
   * supported").
   *
   * @param partitionKeyNames the partition-key attributes (several for a multi-attribute GSI key)
   * @param sortKeyNames the sort-key attributes, possibly none
   */
  Map<String, AttrValue> partitionKey(List<String> partitionKeyNames, List<String> sortKeyNames);

  /**
   * The conditions on sort-key attributes, in schema order; empty when the query constrains the
   * partition only. Call after {@link #partitionKey}, which validates the shape.
   */
  List<KeyCondition> sortKey(List<String> sortKeyNames);

  /** Whether {@code item} satisfies every condition. */
  default boolean test(Map<String, AttrValue> item) {
    for (KeyCondition c : conditions()) {
      if (!c.test(item.get(c.attributeName()))) {
        return false;
      }
    }
    return true;
  }
}
