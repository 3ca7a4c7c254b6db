package dev.dynakit.engine.internal.keys;

import dev.dynakit.engine.internal.value.AttrValue;
import java.util.List;

/**
 * A storage key read back by {@link KeyCodec#decode}: where it lives and the key values it holds,
 * in declared order.
 *
 * @param indexNo 0 for the base table, 1..N for secondary indices
 * @param baseValues for an index entry, the base-table key values that follow the index key; empty
 *     for a base-table key
 */
public record DecodedKey(
    long storeId,
    int indexNo,
    long partitionHash,
    List<AttrValue> partitionValues,
    List<AttrValue> sortValues,
    List<AttrValue> baseValues) {
  public DecodedKey {
    partitionValues = List.copyOf(partitionValues);
    sortValues = List.copyOf(sortValues);
    baseValues = List.copyOf(baseValues);
  }
}
