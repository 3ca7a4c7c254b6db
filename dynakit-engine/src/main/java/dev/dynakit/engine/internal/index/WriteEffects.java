package dev.dynakit.engine.internal.index;

import dev.dynakit.engine.internal.capacity.Capacity;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What one item write cost in the table's secondary indices: write units per index name, for the
 * {@code GlobalSecondaryIndexes} and {@code LocalSecondaryIndexes} members of ConsumedCapacity.
 * Indices the write did not change are absent.
 */
public record WriteEffects(
    Map<String, Double> globalIndexUnits, Map<String, Double> localIndexUnits) {
  /** A write that touched no index. */
  public static final WriteEffects NONE = new WriteEffects(Map.of(), Map.of());

  public WriteEffects {
    globalIndexUnits = Map.copyOf(globalIndexUnits);
    localIndexUnits = Map.copyOf(localIndexUnits);
  }

  /** The write units of all indices together. */
  public double indexUnits() {
    double total = 0;
    for (double u : globalIndexUnits.values()) {
      total += u;
    }
    for (double u : localIndexUnits.values()) {
      total += u;
    }
    return total;
  }

  /** The ConsumedCapacity of the write: the table's units plus the indices'. */
  public Map<String, Object> consumedCapacity(
      Capacity.Mode mode, String tableName, double tableUnits) {
    return Capacity.consumed(
        mode,
        tableName,
        tableUnits,
        new LinkedHashMap<>(globalIndexUnits),
        new LinkedHashMap<>(localIndexUnits),
        Capacity.Split.NONE);
  }
}
