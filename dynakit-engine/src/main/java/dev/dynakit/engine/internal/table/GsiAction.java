package dev.dynakit.engine.internal.table;

/**
 * One action of UpdateTable's GlobalSecondaryIndexUpdates, after the shape checks.
 *
 * @param kind {@code Create}, {@code Update} or {@code Delete}
 * @param create the declared index of a Create, else null
 * @param throughput the ProvisionedThroughput of an Update or Create, or null when absent
 * @param capacitySettings whether an Update carries OnDemandThroughput or WarmThroughput, which the
 *     engine accepts without modelling
 */
record GsiAction(
    String kind,
    String indexName,
    IndexSpec create,
    Throughput throughput,
    boolean capacitySettings) {
  static final String CREATE = "Create";
  static final String UPDATE = "Update";
  static final String DELETE = "Delete";

  boolean is(String k) {
    return kind.equals(k);
  }
}
