package dev.dynakit.engine.internal.item;

import dev.dynakit.engine.internal.table.Table;
import dev.dynakit.engine.internal.value.AttrValue;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * One item change to apply: {@code oldItem} is what the store holds now (read under the item's
 * lock), {@code newItem} what replaces it; null on either side means absent. A writer that has
 * encoded the new item already (before taking its locks) hands over {@code newItemBytes}, whose
 * header also holds its size; otherwise it is null and the item is encoded when the change is
 * applied.
 */
public record ItemWrite(
    Table table,
    PrimaryKey key,
    @Nullable Map<String, AttrValue> oldItem,
    @Nullable Map<String, AttrValue> newItem,
    byte @Nullable [] newItemBytes) {

  /** A change whose new item is encoded when applied. */
  public ItemWrite(
      Table table,
      PrimaryKey key,
      @Nullable Map<String, AttrValue> oldItem,
      @Nullable Map<String, AttrValue> newItem) {
    this(table, key, oldItem, newItem, null);
  }
}
