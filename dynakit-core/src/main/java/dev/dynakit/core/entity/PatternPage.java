package dev.dynakit.core.entity;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * One page of an access pattern: its items in sort-key order (merged over the shards of a sharded
 * key), each saying which entity it is, grouped on demand ({@link #list}), and the cursor of the
 * next page. A counting pattern has no items, only {@link #count()}.
 */
public final class PatternPage {
  private final List<EntityItem> items;
  private final @Nullable String cursor;
  private final long count;

  PatternPage(List<EntityItem> items, @Nullable String cursor, long count) {
    this.items = List.copyOf(items);
    this.cursor = cursor;
    this.count = count;
  }

  /** The items, in the pattern's order. */
  public List<EntityItem> items() {
    return items;
  }

  /** The cursor of the next page, or null when this is the last. */
  public @Nullable String cursor() {
    return cursor;
  }

  /** How many items the page holds, or how many the pattern counted for a counting pattern. */
  public long count() {
    return count;
  }

  /** The items of one entity, in order, as records. */
  public <R extends Record> List<R> list(String entity, Class<R> type) {
    List<R> out = new ArrayList<>();
    for (EntityItem item : items) {
      if (item.entity().equals(entity)) {
        out.add(item.as(type));
      }
    }
    return out;
  }

  /** The items of one entity, in order. */
  public List<EntityItem> of(String entity) {
    return items.stream().filter(item -> item.entity().equals(entity)).toList();
  }

  /** The first item of one entity as a record (the customer of a customer-and-orders page). */
  public <R extends Record> Optional<R> first(String entity, Class<R> type) {
    return of(entity).stream().findFirst().map(item -> item.as(type));
  }
}
