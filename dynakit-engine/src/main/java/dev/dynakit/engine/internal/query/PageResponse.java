package dev.dynakit.engine.internal.query;

import dev.dynakit.engine.internal.capacity.Capacity;
import java.util.LinkedHashMap;
import java.util.Map;

/** Builds the reply of a Query or Scan from the page read. */
final class PageResponse {
  private PageResponse() {}

  static Map<String, Object> of(
      Page page,
      Selection selection,
      ReadTarget target,
      Capacity.Mode capacity,
      boolean consistent) {
    Map<String, Object> out = new LinkedHashMap<>();
    if (selection.mode() != Selection.Select.COUNT) {
      out.put("Items", page.items());
    }
    out.put("Count", page.count());
    out.put("ScannedCount", page.scannedCount());
    if (page.lastEvaluatedKey() != null) {
      out.put("LastEvaluatedKey", page.lastEvaluatedKey());
    }
    if (capacity != Capacity.Mode.NONE) {
      out.put("ConsumedCapacity", consumed(page, target, capacity, consistent));
    }
    return out;
  }

  /**
   * Read units over the total size of the entries read, rounded up to 4 KB (halved for eventually
   * consistent reads); an index read charges the index, plus the table for fetched base items.
   */
  private static Map<String, Object> consumed(
      Page page, ReadTarget target, Capacity.Mode capacity, boolean consistent) {
    double units = Capacity.readUnitsTotal(page.bytesRead(), consistent);
    String tableName = target.table().name();
    if (target.index() == null) {
      return Capacity.consumed(capacity, tableName, units, Map.of(), Map.of(), Capacity.Split.NONE);
    }
    Map<String, Double> indexUnits = Map.of(target.index().name(), units);
    return Capacity.consumed(
        capacity,
        tableName,
        page.fetchUnits(),
        target.global() ? indexUnits : Map.of(),
        target.global() ? Map.of() : indexUnits,
        Capacity.Split.NONE);
  }
}
