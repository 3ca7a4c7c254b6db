package dev.dynakit.engine;

import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The hottest partition-key values of a table and its global secondary indices over a sliding
 * window, like CloudWatch Contributor Insights: what each consumed, its busiest second, and how
 * many of its requests were throttled. Read it with {@link DynakitEngine#keyStatistics}, or over
 * the wire with the {@code Dynakit_20261206.DescribeKeyStatistics} operation; collected only by an
 * engine built with {@link DynakitEngine.Builder#enforceCapacity} or {@link
 * DynakitEngine.Builder#keyStatistics}.
 *
 * @param keys busiest first: by the larger of the two ceiling shares, then by throttled requests
 */
public record KeyStatistics(String tableName, int windowSeconds, List<Key> keys) {
  /** The write units one partition-key value may consume per second, as in DynamoDB. */
  public static final double WRITE_CEILING = 1000;

  /** The read units one partition-key value may consume per second, as in DynamoDB. */
  public static final double READ_CEILING = 3000;

  public KeyStatistics {
    keys = List.copyOf(keys);
  }

  /**
   * One partition-key value.
   *
   * @param indexName the GSI the key belongs to, null for the table's own partition key
   * @param partitionKey the value in DynamoDB's typed JSON form ({@code {"S": "day-1"}}); a GSI key
   *     of several attributes is a list of them ({@code {"L": [...]}})
   * @param peakReadUnitsPerSecond the read units of its busiest second in the window
   * @param peakWriteUnitsPerSecond the write units of its busiest second in the window
   */
  public record Key(
      @Nullable String indexName,
      Map<String, Object> partitionKey,
      double consumedReadUnits,
      double consumedWriteUnits,
      double peakReadUnitsPerSecond,
      double peakWriteUnitsPerSecond,
      long throttledRequests) {
    public Key {
      partitionKey = Map.copyOf(partitionKey);
    }

    /** The busiest second's read units as a share of the per-key read ceiling (3,000). */
    public double readCeilingShare() {
      return peakReadUnitsPerSecond / READ_CEILING;
    }

    /** The busiest second's write units as a share of the per-key write ceiling (1,000). */
    public double writeCeilingShare() {
      return peakWriteUnitsPerSecond / WRITE_CEILING;
    }
  }
}
