package dev.dynakit.engine.internal.item;

import dev.dynakit.engine.internal.table.Table;
import dev.dynakit.engine.internal.value.AttrValue;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * One item change to apply: {@code oldItem} is what the store holds now (read under the item's
 * lock), {@code newItem} what replaces it; null on either side means absent.
 */
public record ItemWrite(
    Table table,
    PrimaryKey key,
    @Nullable Map<String, AttrValue> oldItem,
    @Nullable Map<String, AttrValue> newItem) {}
