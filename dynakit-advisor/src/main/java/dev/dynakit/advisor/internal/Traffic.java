package dev.dynakit.advisor.internal;

import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A traffic model: how the key fields' values are distributed and what the access patterns do per
 * second. It also carries the hints the lint rules read ({@code hot} per field or pattern), since
 * the declaration format itself admits no unknown options.
 *
 * @param table the table it models
 * @param fields each field's distribution of values
 * @param hotFields fields declared hot ({@code "hot": true}) or cold ({@code false})
 * @param patterns the access patterns
 * @param retentionDays how long an item lives (TTL), or null when items are kept
 * @param targetUtilization provisioned capacity's target utilisation (0.7 by default)
 * @param prices the price table
 */
public record Traffic(
    String table,
    Map<String, KeyDistribution> fields,
    Map<String, Boolean> hotFields,
    List<TrafficPattern> patterns,
    @Nullable Double retentionDays,
    double targetUtilization,
    Prices prices) {

  /**
   * One access pattern's traffic.
   *
   * @param name its name (also the declared access pattern it exercises, when one has that name)
   * @param write whether it writes
   * @param index the index it reads, or null
   * @param entity the entity it writes (single-table), or null for any
   * @param key the key fields it names, with their value templates
   * @param filter fields it filters on after reading, with the value kept
   * @param range the field whose range of values a read selects ({@code createdAt} between two
   *     times), or null
   * @param perSecond requests per second
   * @param itemsPerRead items one read returns
   * @param itemBytes the size of one item
   * @param shards how many ways its key is spread (1: not sharded)
   * @param hot the hint {@code "hot"}, or null when not given
   * @param strong whether reads are strongly consistent
   * @param inserts the share of writes that add an item (1 by default)
   */
  public record TrafficPattern(
      String name,
      boolean write,
      @Nullable String index,
      @Nullable String entity,
      Map<String, String> key,
      Map<String, String> filter,
      @Nullable String range,
      double perSecond,
      double itemsPerRead,
      double itemBytes,
      int shards,
      @Nullable Boolean hot,
      boolean strong,
      double inserts) {

    /** The same pattern with its key spread {@code ways} ways. */
    public TrafficPattern sharded(int ways) {
      return new TrafficPattern(
          name,
          write,
          index,
          entity,
          key,
          filter,
          range,
          perSecond,
          itemsPerRead,
          itemBytes,
          ways,
          hot,
          strong,
          inserts);
    }
  }

  /** The distribution of {@code field}, unknown when the model does not give one. */
  public KeyDistribution distribution(String field) {
    KeyDistribution d = fields.get(field);
    return d == null ? new KeyDistribution.Unknown(field) : d;
  }

  /** The average item size over the writing patterns, 1 KB when none says. */
  public double itemBytes() {
    return patterns.stream()
        .filter(p -> p.write() && p.itemBytes() > 0)
        .mapToDouble(TrafficPattern::itemBytes)
        .average()
        .orElse(1024);
  }
}
