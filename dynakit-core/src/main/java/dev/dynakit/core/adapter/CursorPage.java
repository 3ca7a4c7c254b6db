package dev.dynakit.core.adapter;

import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * One page of a list read with cursors.
 *
 * @param items the items of the page, in order
 * @param cursor where the next page starts, or null when this is the last page; opaque and
 *     tamper-evident, valid only for the same table and list parameters
 */
public record CursorPage(List<Map<String, Object>> items, @Nullable String cursor) {
  public CursorPage {
    items = List.copyOf(items);
  }

  /** Whether another page follows. */
  public boolean hasMore() {
    return cursor != null;
  }
}
