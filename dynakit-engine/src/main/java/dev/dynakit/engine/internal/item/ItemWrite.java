package dev.dynakit.engine.internal.item;

import dev.dynakit.engine.internal.table.Table;
import dev.dynakit.engine.internal.value.AttrValue;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * One item change to apply: {@code oldItem} is what the store holds now (read under the item's
 * lock), {@code newItem} what replaces it; null on either side means absent. A writer that has
 * measured or encoded the new item already (before taking its locks) hands over {@code newItemSize}
 * and {@code newItemBytes}; otherwise they are -1 and null and are worked out when the change is
 * applied.
 */
public record ItemWrite(
    Table table,
    PrimaryKey key,
    @Nullable Map<String, AttrValue> oldItem,
    @Nullable Map<String, AttrValue> newItem,
    long newItemSize,
    byte @Nullable [] newItemBytes) {

  /** A change whose new item is measured and encoded when applied. */
  public ItemWrite(
      Table table,
      PrimaryKey key,
      @Nullable Map<String, AttrValue> oldItem,
      @Nullable Map<String, AttrValue> newItem) {
    this(table, key, oldItem, newItem, -1, null);
  }
}
