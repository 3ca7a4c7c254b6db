package dev.dynakit.engine.internal.index;

import dev.dynakit.engine.internal.table.IndexDef;
import dev.dynakit.engine.internal.value.AttrValue;
import java.util.Map;

/**
 * The entry one item has in one secondary index.
 *
 * @param key the storage key: {@code KeyCodec.itemKey(storeId, indexNo, index partition values,
 *     index sort values, base-table key values)}
 * @param projected the projected attributes, stored (encoded by {@code ItemCodec}) as the value
 * @param sizeBytes the size of the projected item as DynamoDB measures items
 */
public record IndexEntry(
    IndexDef index, byte[] key, Map<String, AttrValue> projected, long sizeBytes) {}
