package dev.dynakit.engine.internal.item;

import dev.dynakit.engine.internal.value.AttrValue;
import java.util.Collections;
import java.util.Map;

/**
 * The primary key of one item: its key attributes (as the item holds them) and the storage key they
 * encode to.
 */
public record PrimaryKey(Map<String, AttrValue> attributes, byte[] storageKey, int lockStripe) {
  public PrimaryKey {
    // KeyFactory hands over a map of its own
    attributes = Collections.unmodifiableMap(attributes);
  }
}
