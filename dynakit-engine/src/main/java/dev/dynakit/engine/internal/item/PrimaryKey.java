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
    // KeyFactory's own maps are immutable already; anything else gets a read-only view
    if (!(attributes instanceof KeyAttributes)) {
      attributes = Collections.unmodifiableMap(attributes);
    }
  }
}
