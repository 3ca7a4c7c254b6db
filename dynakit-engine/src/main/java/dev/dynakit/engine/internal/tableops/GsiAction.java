package dev.dynakit.engine.internal.tableops;

import dev.dynakit.engine.internal.table.IndexSpec;
import dev.dynakit.engine.internal.table.Throughput;
import java.util.Map;

/**
 * One action of UpdateTable's GlobalSecondaryIndexUpdates, after the shape checks.
 *
 * @param kind {@code Create}, {@code Update} or {@code Delete}
 * @param create the declared index of a Create, else null
 * @param throughput the ProvisionedThroughput of an Update or Create, or null when absent
 * @param capacity the OnDemandThroughput and WarmThroughput of an Update or Create ({@link
 *     CapacitySettings}), empty when absent
 */
record GsiAction(
    String kind,
    String indexName,
    IndexSpec create,
    Throughput throughput,
    Map<String, Map<String, Object>> capacity) {
  static final String CREATE = "Create";
  static final String UPDATE = "Update";
  static final String DELETE = "Delete";

  boolean is(String k) {
    return kind.equals(k);
  }

  /** Whether the action sets OnDemandThroughput or WarmThroughput. */
  boolean capacitySettings() {
    return !capacity.isEmpty();
  }
}
