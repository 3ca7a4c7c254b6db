package dev.dynakit.engine.internal.batch;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The ItemCollectionMetrics member of a multi-item write: for each table with local secondary
 * indices, the metrics of the item collection of every item written to it.
 */
public final class CollectionMetrics {
  private final Map<String, List<Object>> byTable = new LinkedHashMap<>();

  /** Adds the metrics of one written item; null (a table without LSIs) adds nothing. */
  public void add(String tableName, @Nullable Map<String, Object> metrics) {
    if (metrics != null) {
      byTable.computeIfAbsent(tableName, n -> new ArrayList<>()).add(metrics);
    }
  }

  /** Puts the member into the response if any table reported metrics. */
  public void addTo(Map<String, Object> response) {
    if (!byTable.isEmpty()) {
      response.put("ItemCollectionMetrics", byTable);
    }
  }
}
