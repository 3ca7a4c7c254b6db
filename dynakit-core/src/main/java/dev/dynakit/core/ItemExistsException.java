package dev.dynakit.core;

import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A create-only write (post, or a clone or move without overwrite) found an item at its key, or a
 * clone or move would land on its own source. Nothing was written.
 */
public final class ItemExistsException extends DynakitException {
  private static final long serialVersionUID = 1L;

  private final transient Map<String, Object> key;

  public ItemExistsException(Map<String, ?> key, @Nullable Throwable cause) {
    this(key, "an item already exists at " + key + "; use put to replace it", cause);
  }

  private ItemExistsException(Map<String, ?> key, String message, @Nullable Throwable cause) {
    super(message, cause);
    this.key = ItemKeys.copy(key);
  }

  /**
   * A clone or move whose mapping leaves the item at its own key: the copy would replace its source
   * (and restart its version), which overwrite does not allow either.
   */
  public static ItemExistsException ontoItself(Map<String, ?> key) {
    return new ItemExistsException(
        key,
        "the copy of "
            + key
            + " would land on the item itself; change a key field, or edit the item instead",
        null);
  }

  /** The key of the item, as its key fields. */
  public Map<String, Object> key() {
    return key;
  }
}
