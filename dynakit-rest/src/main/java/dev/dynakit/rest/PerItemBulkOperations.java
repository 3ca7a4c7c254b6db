package dev.dynakit.rest;

import dev.dynakit.core.adapter.Adapter;
import dev.dynakit.core.adapter.WriteOptions;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.jspecify.annotations.Nullable;

/**
 * {@code PUT /-load} with plain Adapter calls, one item at a time (its items come whole in one
 * bounded body), and the overlay mapping the copy routes share. The other bulk routes are resumable
 * ({@link BulkRuns}).
 */
final class PerItemBulkOperations {
  private final Adapter adapter;

  PerItemBulkOperations(Adapter adapter) {
    this.adapter = adapter;
  }

  /** Writes every item, creating or replacing it; returns the number written. */
  long putAll(List<Map<String, @Nullable Object>> items) {
    for (Map<String, @Nullable Object> item : items) {
      adapter.put(item, WriteOptions.overwriting());
    }
    return items.size();
  }

  /** A map function that lays the overlay over an item (the overlay wins). */
  static UnaryOperator<Map<String, Object>> merge(Map<String, @Nullable Object> overlay) {
    return item -> {
      Map<String, Object> merged = new LinkedHashMap<>(item);
      merged.putAll(overlay);
      return merged;
    };
  }
}
