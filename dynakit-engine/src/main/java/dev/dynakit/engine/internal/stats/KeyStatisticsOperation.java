package dev.dynakit.engine.internal.stats;

import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.internal.metering.CapacityMeter;
import dev.dynakit.engine.internal.metering.HotKey;
import dev.dynakit.engine.internal.metering.KeyFigures;
import dev.dynakit.engine.internal.protocol.Operation;
import dev.dynakit.engine.internal.protocol.Request;
import dev.dynakit.engine.internal.table.Catalog;
import dev.dynakit.engine.internal.table.IndexDef;
import dev.dynakit.engine.internal.table.Table;
import dev.dynakit.engine.internal.value.AttrValue;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * DescribeKeyStatistics: {@code {"TableName", "IndexName"?, "WindowSeconds"? (60), "Limit"? (10)}}
 * answers {@code {"TableName", "WindowSeconds", "Keys": [...]}}, each key with its IndexName (null
 * for the table's own key), PartitionKey (an AttributeValue), consumed and peak units, throttled
 * requests and its shares of the per-key ceilings, busiest first.
 */
public final class KeyStatisticsOperation implements Operation {
  /** The X-Amz-Target of the operation. */
  public static final String TARGET = "Dynakit_20261206.DescribeKeyStatistics";

  static final int DEFAULT_WINDOW = 60;
  static final int MAX_WINDOW = 300;
  static final int DEFAULT_LIMIT = 10;
  static final int MAX_LIMIT = 1000;

  private final Catalog catalog;
  private final @Nullable CapacityMeter meter;

  /**
   * @param meter the engine's meter, null when it keeps no statistics
   */
  public KeyStatisticsOperation(Catalog catalog, @Nullable CapacityMeter meter) {
    this.catalog = catalog;
    this.meter = meter;
  }

  /** A validated request. */
  public record Query(String tableName, @Nullable String indexName, int window, int limit) {}

  @Override
  public Object execute(Request request) {
    Query q =
        query(
            request.string("TableName"),
            request.string("IndexName"),
            request.integer("WindowSeconds"),
            request.integer("Limit"));
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("TableName", q.tableName());
    out.put("WindowSeconds", q.window());
    List<Object> keys = new ArrayList<>();
    for (HotKey k : hotKeys(q)) {
      KeyFigures f = k.figures();
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("IndexName", k.indexName());
      m.put("PartitionKey", partitionKey(k.partitionKey()));
      m.put("ConsumedReadUnits", f.readUnits());
      m.put("ConsumedWriteUnits", f.writeUnits());
      m.put("PeakReadUnitsPerSecond", f.peakRead());
      m.put("PeakWriteUnitsPerSecond", f.peakWrite());
      m.put("ThrottledRequests", f.throttled());
      m.put("ReadCeilingShare", f.readShare());
      m.put("WriteCeilingShare", f.writeShare());
      keys.add(m);
    }
    out.put("Keys", keys);
    return out;
  }

  /** The hot keys a validated request asks for. */
  public List<HotKey> hotKeys(Query q) {
    if (meter == null) {
      throw EngineException.validation(
          "Key statistics are off: start the engine with capacity enforcement (serve"
              + " --enforce-capacity, or the builder's enforceCapacity) or with key statistics"
              + " (serve --key-statistics, or the builder's keyStatistics)");
    }
    return meter.hotKeys(q.tableName(), q.indexName(), q.window(), q.limit());
  }

  /** Validates a request: the table and GSI exist, window and limit in range. */
  public Query query(
      @Nullable String tableName,
      @Nullable String indexName,
      @Nullable Long windowSeconds,
      @Nullable Long limit) {
    if (tableName == null) {
      throw EngineException.validation("TableName is required for DescribeKeyStatistics");
    }
    Table table = catalog.find(tableName);
    if (table == null) {
      throw EngineException.notFound(
          "Requested resource not found: Table: " + tableName + " not found");
    }
    if (indexName != null) {
      IndexDef index = table.def().index(indexName);
      if (index == null || !index.global()) {
        throw EngineException.validation(
            "The table "
                + tableName
                + " has no global secondary index "
                + indexName
                + " (key statistics are kept for the table and its global secondary indexes)");
      }
    }
    long window = windowSeconds == null ? DEFAULT_WINDOW : windowSeconds;
    if (window < 1 || window > MAX_WINDOW) {
      throw EngineException.validation(
          "WindowSeconds must be between 1 and " + MAX_WINDOW + ", got " + window);
    }
    long n = limit == null ? DEFAULT_LIMIT : limit;
    if (n < 1 || n > MAX_LIMIT) {
      throw EngineException.validation("Limit must be between 1 and " + MAX_LIMIT + ", got " + n);
    }
    return new Query(tableName, indexName, (int) window, (int) n);
  }

  /** The key as one AttributeValue: the value itself, or a list of the values of a GSI's keys. */
  public static AttrValue partitionKey(List<AttrValue> values) {
    return values.size() == 1 ? values.get(0) : new AttrValue.L(values);
  }
}
