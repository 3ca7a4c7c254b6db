package dev.dynakit.engine.internal.table;

import java.util.ArrayList;
import java.util.List;

/**
 * The key of a table or index. A table or LSI has exactly one hash attribute and at most one range
 * attribute; a GSI may have up to four of each (DynamoDB's multi-attribute keys), in declared
 * order.
 */
public record KeySchema(List<KeyAttr> hash, List<KeyAttr> range) {
  public KeySchema {
    hash = List.copyOf(hash);
    range = List.copyOf(range);
  }

  /** The partition attribute of a single-attribute key. */
  public KeyAttr hashKey() {
    return hash.get(0);
  }

  public boolean hasRange() {
    return !range.isEmpty();
  }

  /** The sort attribute of a single-attribute key, or null. */
  public KeyAttr rangeKey() {
    return range.isEmpty() ? null : range.get(0);
  }

  /** All key attributes, hash first. */
  public List<KeyAttr> all() {
    List<KeyAttr> all = new ArrayList<>(hash);
    all.addAll(range);
    return all;
  }

  public boolean contains(String attributeName) {
    for (KeyAttr k : hash) {
      if (k.name().equals(attributeName)) {
        return true;
      }
    }
    for (KeyAttr k : range) {
      if (k.name().equals(attributeName)) {
        return true;
      }
    }
    return false;
  }
}
