package dev.dynakit.core.entity;

import java.util.Map;

/**
 * How an entity view's Java values map to an item's stored fields and back: maps (codec fields in
 * their Java types) or records.
 */
interface EntityShape<T> {
  /** The item's fields in stored form (codecs applied), without key attributes. */
  Map<String, Object> toStored(T value);

  /** The value of a read item (stored forms, type and version fields included). */
  T fromStored(Map<String, Object> item);
}
