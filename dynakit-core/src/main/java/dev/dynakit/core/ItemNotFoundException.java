package dev.dynakit.core;

import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A write that requires an existing item (a replace-only put, a patch, an edit, a delete with an
 * expected version) found none. Nothing was written.
 */
public final class ItemNotFoundException extends DynakitException {
  private static final long serialVersionUID = 1L;

  private final transient Map<String, Object> key;

  public ItemNotFoundException(Map<String, ?> key, @Nullable Throwable cause) {
    super("no item at " + key, cause);
    this.key = ItemKeys.copy(key);
  }

  /** The key that was looked for, as its key fields. */
  public Map<String, Object> key() {
    return key;
  }
}
