package dev.dynakit.advisor;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What a read of a live table found: how items and bytes spread over the partition keys of the
 * table and of each GSI, the item sizes, and the engine's hottest keys.
 *
 * @param table the table
 * @param items how many items were read
 * @param bytes their total size (DynamoDB's item-size rules)
 * @param consumedReadUnits the read units the scan consumed
 * @param keys the spread over the table's partition key, then over each GSI's
 * @param itemSizes how many items fall in each size bucket
 * @param hotKeys the engine's hottest keys, busiest first
 * @param hotKeysUnavailable why there are no hot keys (the endpoint does not offer them), or null
 */
public record Analysis(
    String table,
    long items,
    long bytes,
    double consumedReadUnits,
    List<KeySpread> keys,
    List<SizeBucket> itemSizes,
    List<HotKey> hotKeys,
    @Nullable String hotKeysUnavailable) {

  /**
   * How items spread over one partition key.
   *
   * @param target {@code table} or the GSI's name
   * @param attributes the partition key attributes
   * @param keys how many distinct values hold items
   * @param items how many items hold a value (a sparse GSI lists fewer than the table)
   * @param itemsP50 the median item count per value
   * @param itemsP99 the 99th percentile item count per value
   * @param itemsMax the largest item count of one value
   * @param bytesP50 the median bytes per value
   * @param bytesP99 the 99th percentile bytes per value
   * @param bytesMax the largest bytes of one value
   * @param largest the largest item collections by bytes, largest first (at most 5)
   * @param collectionSizes how many values fall in each collection-size bucket (by bytes)
   */
  public record KeySpread(
      String target,
      List<String> attributes,
      long keys,
      long items,
      long itemsP50,
      long itemsP99,
      long itemsMax,
      long bytesP50,
      long bytesP99,
      long bytesMax,
      List<Collection> largest,
      List<SizeBucket> collectionSizes) {}

  /**
   * One item collection: the items sharing a partition-key value.
   *
   * @param key the value, as text
   * @param items its item count
   * @param bytes its bytes
   * @param share its share of all the bytes of its table or index
   */
  public record Collection(String key, long items, long bytes, double share) {}

  /**
   * A size bucket of a histogram.
   *
   * @param label its bounds in words ({@code 1 KB - 4 KB})
   * @param upToBytes its upper bound, exclusive
   * @param count how many fall in it
   */
  public record SizeBucket(String label, long upToBytes, long count) {}

  /**
   * A key the engine saw busy.
   *
   * @param index the index, or {@code table}
   * @param key the partition-key value, as text
   * @param consumedReadUnits read units in the window
   * @param consumedWriteUnits write units in the window
   * @param peakReadUnitsPerSecond the busiest second's read units
   * @param peakWriteUnitsPerSecond the busiest second's write units
   * @param throttledRequests requests refused in the window
   * @param readCeilingShare the peak read load as a share of 3000 units/s
   * @param writeCeilingShare the peak write load as a share of 1000 units/s
   */
  public record HotKey(
      String index,
      String key,
      double consumedReadUnits,
      double consumedWriteUnits,
      double peakReadUnitsPerSecond,
      double peakWriteUnitsPerSecond,
      long throttledRequests,
      double readCeilingShare,
      double writeCeilingShare) {}
}
