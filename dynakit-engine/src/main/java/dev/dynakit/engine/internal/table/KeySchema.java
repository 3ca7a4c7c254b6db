package dev.dynakit.engine.internal.table;

import java.util.ArrayList;
import java.util.Collections;
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

  /** All key attributes, hash first; an unmodifiable list. */
  public List<KeyAttr> all() {
    if (range.isEmpty()) {
      return hash;
    }
    if (hash.size() == 1 && range.size() == 1) {
      return List.of(hash.get(0), range.get(0));
    }
    List<KeyAttr> all = new ArrayList<>(hash);
    all.addAll(range);
    return Collections.unmodifiableList(all);
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
