package dev.dynakit.core.adapter;

import dev.dynakit.core.expr.Cond;
import dev.dynakit.core.expr.KeyCondition;
import org.jspecify.annotations.Nullable;

/**
 * The shape of a list read that {@link Hooks#prepareListInput} may change: which index it reads,
 * the key condition (present: a Query; absent: a Scan) and an extra filter. The Adapter adds the
 * caller's filter clauses, search and paging on top.
 *
 * @param indexName the index to read, or null for the table
 * @param keyCondition the key condition, or null for a Scan
 * @param filter a condition every listed item must meet, or null
 */
public record ListInput(
    @Nullable String indexName, @Nullable KeyCondition keyCondition, @Nullable Cond filter) {

  public ListInput withIndexName(@Nullable String name) {
    return new ListInput(name, keyCondition, filter);
  }

  public ListInput withKeyCondition(@Nullable KeyCondition condition) {
    return new ListInput(indexName, condition, filter);
  }

  public ListInput withFilter(@Nullable Cond condition) {
    return new ListInput(indexName, keyCondition, condition);
  }

  /** This input with {@code condition} ANDed to its filter. */
  public ListInput andFilter(Cond condition) {
    return withFilter(filter == null ? condition : Cond.and(filter, condition));
  }
}
