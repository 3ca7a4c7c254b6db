package dev.dynakit.engine.internal.query;

import dev.dynakit.engine.internal.capacity.Capacity;
import dev.dynakit.engine.internal.expr.ConditionExpr;
import dev.dynakit.engine.internal.value.AttrValue;
import dev.dynakit.engine.internal.value.ItemCodec;
import dev.dynakit.engine.internal.value.ItemSize;
import dev.dynakit.engine.storage.OrderedStore;
import dev.dynakit.engine.storage.StoreCursor;
import dev.dynakit.engine.storage.StoreEntry;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Reads one page of a key range, as Query and Scan do: entries in key order (or reversed), stopping
 * after {@code Limit} entries read or once the entries read reach 1 MB (the entry that reaches it
 * is part of the page). The filter applies after reading, so it never changes where a page ends. A
 * page that stopped early carries the LastEvaluatedKey of its last entry read, even when nothing
 * follows it.
 */
final class PageReader {
  /** DynamoDB's page size limit: 1 MB of entries read. */
  static final long PAGE_BYTES = 1024 * 1024;

  private final OrderedStore store;

  PageReader(OrderedStore store) {
    this.store = store;
  }

  /**
   * Reads from {@code range[0]} (inclusive) to {@code range[1]} (exclusive).
   *
   * <p>The size of the entries read decides where a page ends only once it nears 1 MB, so entries
   * are measured only from then on (an entry's size is at most {@link
   * ItemCodec#SIZE_PER_ENCODED_BYTE} times its encoded length) or when {@code measure} asks for the
   * total, which read capacity is charged on.
   *
   * @param limit the most entries to read, or null for no limit
   * @param filter applied to each entry (or its fetched base item), or null
   * @param measure whether {@link Page#bytesRead} must hold the size of the entries read; it is -1
   *     otherwise
   */
  Page read(
      ReadTarget target,
      byte[][] range,
      boolean reverse,
      @Nullable Long limit,
      @Nullable ConditionExpr filter,
      Selection selection,
      boolean consistent,
      boolean measure) {
    List<Map<String, AttrValue>> items = new ArrayList<>();
    long count = 0;
    long scanned = 0;
    long bytes = 0;
    // entries not measured yet (while the bound of their sizes stays below the page limit), and
    // that bound; null once every entry is measured as it is read
    List<Map<String, AttrValue>> unmeasured = new ArrayList<>();
    long bound = 0;
    double fetchUnits = 0;
    Map<String, AttrValue> last = null;
    boolean stopped = false;
    if (Arrays.compareUnsigned(range[0], range[1]) < 0) {
      try (StoreCursor cursor = store.scan(range[0], range[1], reverse)) {
        while (cursor.hasNext()) {
          StoreEntry e = cursor.next();
          // decoded only if the filter, projection, fetch or LastEvaluatedKey looks into it
          Map<String, AttrValue> entry = ItemCodec.decodeLazily(e.value());
          scanned++;
          if (unmeasured == null) {
            bytes += ItemSize.itemSize(entry);
          } else {
            unmeasured.add(entry);
            bound += (long) ItemCodec.SIZE_PER_ENCODED_BYTE * e.value().length;
            if (bound >= PAGE_BYTES) {
              bytes += measure(unmeasured);
              unmeasured = null;
            }
          }
          last = entry;
          Map<String, AttrValue> source = entry;
          if (selection.fetch()) {
            byte[] base = store.get(target.baseStorageKey(entry));
            // An entry whose base item went away after the entry was read matches nothing.
            source = base == null ? null : ItemCodec.decodeLazily(base);
            fetchUnits +=
                Capacity.readUnits(source == null ? 0 : ItemSize.itemSize(source), consistent);
          }
          if (source != null && (filter == null || filter.test(source))) {
            count++;
            if (selection.mode() != Selection.Select.COUNT) {
              items.add(selection.output(entry, source));
            }
          }
          if ((limit != null && scanned >= limit) || bytes >= PAGE_BYTES) {
            stopped = true;
            break;
          }
        }
      }
    }
    if (unmeasured != null) {
      bytes = measure ? bytes + measure(unmeasured) : -1;
    }
    Map<String, AttrValue> lastKey = stopped ? target.lastEvaluatedKey(last) : null;
    return new Page(items, count, scanned, lastKey, bytes, fetchUnits);
  }

  private static long measure(List<Map<String, AttrValue>> entries) {
    long bytes = 0;
    for (Map<String, AttrValue> e : entries) {
      bytes += ItemSize.itemSize(e);
    }
    return bytes;
  }
}
