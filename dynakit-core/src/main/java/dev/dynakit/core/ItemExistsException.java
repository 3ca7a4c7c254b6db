package dev.dynakit.core;

import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A create-only write (post, or a clone or move without overwrite) found an item at its key.
 * Nothing was written.
 */
public final class ItemExistsException extends DynakitException {
  private static final long serialVersionUID = 1L;

  private final transient Map<String, Object> key;

  public ItemExistsException(Map<String, ?> key, @Nullable Throwable cause) {
    super("an item already exists at " + key + "; use put to replace it", cause);
    this.key = ItemKeys.copy(key);
  }

  /** The key of the item, as its key fields. */
  public Map<String, Object> key() {
    return key;
  }
}
