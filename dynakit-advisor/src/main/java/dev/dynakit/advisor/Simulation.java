package dev.dynakit.advisor;

import java.util.List;

/**
 * What a traffic model predicts on DynamoDB: each access pattern's load on its busiest keys against
 * the per-partition ceilings, the storage over time and the monthly cost in both capacity modes.
 *
 * @param loads one entry per access pattern and per index a write reaches
 * @param storage the table's size (indices included) at the end of each month of the first year
 * @param cost the monthly cost
 * @param readUnitsPerSecond the table's read units per second, indices included
 * @param writeUnitsPerSecond the table's write units per second, indices included
 * @param partitions how many physical partitions that load and the first year's storage need
 * @param partitionSizes how many partition-key values of the table fall in each size bucket after a
 *     year, by the writes' key distribution
 */
public record Simulation(
    List<Load> loads,
    List<StoragePoint> storage,
    Cost cost,
    double readUnitsPerSecond,
    double writeUnitsPerSecond,
    long partitions,
    List<Analysis.SizeBucket> partitionSizes) {

  /** The per-partition-key ceiling on read units per second. */
  public static final double READ_CEILING = 3000;

  /** The per-partition-key ceiling on write units per second. */
  public static final double WRITE_CEILING = 1000;

  /**
   * One access pattern's load on the table or on one index.
   *
   * @param pattern the access pattern
   * @param target {@code table} or the index name
   * @param kind {@code read}, {@code write}, or {@code index-write} (a write copied to an index)
   * @param perSecond requests per second
   * @param unitsPerRequest capacity units one request consumes on one key
   * @param unitsPerSecond capacity units per second over all keys
   * @param keys how many partition-key values share it (infinite when unbounded)
   * @param distribution how the requests spread over those values
   * @param topKeyUnitsPerSecond the busiest value's units per second
   * @param ceiling that value's ceiling (3000 read or 1000 write units per second)
   * @param throttledKeys how many values are predicted above the ceiling
   * @param scan whether each request reads the whole table
   * @param shards how many ways the key is spread
   * @param topKeysUnitsPerSecond the busiest values' units per second, descending (at most 10)
   */
  public record Load(
      String pattern,
      String target,
      String kind,
      double perSecond,
      double unitsPerRequest,
      double unitsPerSecond,
      double keys,
      String distribution,
      double topKeyUnitsPerSecond,
      double ceiling,
      double throttledKeys,
      boolean scan,
      int shards,
      List<Double> topKeysUnitsPerSecond) {
    /** The busiest value's load as a share of its ceiling (above 1: throttled). */
    public double ceilingShare() {
      return topKeyUnitsPerSecond / ceiling;
    }
  }

  /**
   * The storage at the end of a month.
   *
   * @param month 1 to 12
   * @param bytes the table's bytes, indices included
   * @param largestCollectionBytes the busiest partition key's item collection
   */
  public record StoragePoint(int month, double bytes, double largestCollectionBytes) {}

  /**
   * The monthly cost in US dollars (730 hours).
   *
   * @param onDemand requests on demand
   * @param provisioned capacity provisioned at the target utilisation
   * @param storage the first year's last month of storage
   * @param prices the price table used, by entry
   */
  public record Cost(
      double onDemand, double provisioned, double storage, java.util.Map<String, Object> prices) {}
}
