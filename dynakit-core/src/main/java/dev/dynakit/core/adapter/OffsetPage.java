package dev.dynakit.core.adapter;

import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * One page of a list read by offset and limit.
 *
 * @param items the items of the page, in order
 * @param offset how many matching items precede the page
 * @param limit the page size asked for
 * @param total how many items match in all, or null when not asked for
 */
public record OffsetPage(
    List<Map<String, Object>> items, int offset, int limit, @Nullable Long total) {
  public OffsetPage {
    items = List.copyOf(items);
  }
}
