package dev.dynakit.core.adapter;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * One page of a typed list read (see {@link TypedAdapter}).
 *
 * @param items the records of the page, in order
 * @param offset how many matching items precede the page (0 for a cursor page)
 * @param limit the page size asked for (the page's size for a cursor page)
 * @param total how many items match in all, or null when not asked for
 * @param cursor where the next page starts for a cursor read, or null
 * @param <R> the record type
 */
public record TypedPage<R>(
    List<R> items, int offset, int limit, @Nullable Long total, @Nullable String cursor) {
  public TypedPage {
    items = List.copyOf(items);
  }

  /** Whether a cursor read has another page. */
  public boolean hasMore() {
    return cursor != null;
  }
}
