package dev.dynakit.rest;

import dev.dynakit.core.adapter.Adapter;
import dev.dynakit.core.adapter.CursorPage;
import dev.dynakit.core.adapter.ListOptions;
import dev.dynakit.core.adapter.WriteOptions;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.UnaryOperator;
import org.jspecify.annotations.Nullable;

/**
 * The bulk routes' work done with plain Adapter calls, one item at a time: list the keys in scope
 * (by cursor, keys only), then delete, clone or move each. This stands in until the toolkit's
 * resumable mass operations exist; it is correct but not fast, and a failure part-way leaves the
 * items before it done (the error names the failing item).
 *
 * <p>All keys are collected before the first write, so that items written by the operation itself
 * (clones inside the scope) are never visited again, and a scope over {@link
 * RestPolicy#maxBulkItems()} is refused with nothing written.
 */
final class PerItemBulkOperations {
  private final Adapter adapter;
  private final List<String> keyFields;

  PerItemBulkOperations(Adapter adapter, List<String> keyFields) {
    this.adapter = adapter;
    this.keyFields = keyFields;
  }

  /**
   * The keys of every item in scope, in list order.
   *
   * @throws RestException 400 {@code ScopeTooLarge} beyond {@code max} items
   */
  List<Map<String, Object>> keysInScope(ListOptions scope, int max) {
    ListOptions options =
        scope.toBuilder()
            .keysOnly()
            .needTotal(false)
            .offset(0)
            .limit(ListOptions.MAX_LIMIT)
            .build();
    List<Map<String, Object>> keys = new ArrayList<>();
    String cursor = null;
    do {
      CursorPage page = adapter.listByCursor(cursor, options);
      for (Map<String, Object> item : page.items()) {
        if (keys.size() == max) {
          throw RestException.badRequest(
              "ScopeTooLarge",
              "the request would touch more than "
                  + max
                  + " items; narrow it with filters or a search (nothing was changed)");
        }
        keys.add(keyOf(item));
      }
      cursor = page.cursor();
    } while (cursor != null);
    return keys;
  }

  /** Deletes every key; returns the number of deletes sent (absent items included). */
  long delete(List<Map<String, Object>> keys) {
    for (Map<String, Object> key : keys) {
      adapter.delete(key);
    }
    return keys.size();
  }

  /**
   * Clones each item with the overlay merged over it, replacing existing destinations (as the
   * reference's batch put does); missing sources are skipped.
   *
   * @return the number of copies written
   */
  long cloneAll(List<Map<String, Object>> keys, Map<String, @Nullable Object> overlay) {
    long written = 0;
    for (Map<String, Object> key : keys) {
      if (adapter.clone(key, merge(overlay), WriteOptions.overwriting()).isPresent()) {
        written++;
      }
    }
    return written;
  }

  /**
   * Moves each item to the key the overlay gives it; missing sources are skipped.
   *
   * @return the number of writes: a put and a delete per item moved, a put alone for an item the
   *     overlay leaves at its key (rewritten in place)
   */
  long moveAll(List<Map<String, Object>> keys, Map<String, @Nullable Object> overlay) {
    long written = 0;
    for (Map<String, Object> key : keys) {
      if (adapter.move(key, merge(overlay), WriteOptions.overwriting()).isPresent()) {
        written += relocates(key, overlay) ? 2 : 1;
      }
    }
    return written;
  }

  private boolean relocates(Map<String, Object> key, Map<String, @Nullable Object> overlay) {
    for (String field : keyFields) {
      if (overlay.containsKey(field) && !same(overlay.get(field), key.get(field))) {
        return true;
      }
    }
    return false;
  }

  private static boolean same(@Nullable Object a, @Nullable Object b) {
    if (a instanceof Number && b instanceof Number) {
      return new BigDecimal(a.toString()).compareTo(new BigDecimal(b.toString())) == 0;
    }
    return Objects.equals(a, b);
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

  private Map<String, Object> keyOf(Map<String, Object> item) {
    Map<String, Object> key = new LinkedHashMap<>();
    for (String field : keyFields) {
      Object value = item.get(field);
      if (value != null) {
        key.put(field, value);
      }
    }
    return key;
  }
}
