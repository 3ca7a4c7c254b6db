package dev.dynakit.core;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/** Copies of keys for exception fields: insertion order kept, nulls allowed, unmodifiable. */
final class ItemKeys {
  private ItemKeys() {}

  static Map<String, Object> copy(Map<String, ?> key) {
    return Collections.unmodifiableMap(new LinkedHashMap<>(key));
  }
}
