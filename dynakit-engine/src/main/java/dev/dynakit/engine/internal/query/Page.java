package dev.dynakit.engine.internal.query;

import dev.dynakit.engine.internal.value.AttrValue;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * One page of a Query or Scan, as read.
 *
 * @param items the returned items (filtered and projected; empty for Select COUNT)
 * @param count how many entries passed the filter
 * @param scannedCount how many entries were read
 * @param lastEvaluatedKey where the next page starts, or null when the range was read to its end
 * @param bytesRead the total size of the entries read, which read capacity is charged on; -1 when
 *     the reader was not asked to measure it
 * @param fetchUnits the read units of base items fetched for a local secondary index
 */
record Page(
    List<Map<String, AttrValue>> items,
    long count,
    long scannedCount,
    @Nullable Map<String, AttrValue> lastEvaluatedKey,
    long bytesRead,
    double fetchUnits) {}
