package dev.dynakit.core;

import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A put without a version found an item at its key on a table that declares a version field. Such a
 * put only creates: replacing needs the version the caller read (carried in the item or given as
 * the expected version), or an explicit overwrite, so that a concurrent change is never lost
 * blindly. Nothing was written.
 */
public final class VersionRequiredException extends DynakitException {
  private static final long serialVersionUID = 1L;

  private final transient Map<String, Object> key;

  public VersionRequiredException(Map<String, ?> key, @Nullable Throwable cause) {
    super(
        "an item already exists at "
            + key
            + " and the put carries no version; send the version read (or expect it), or"
            + " overwrite to replace the item whatever its version",
        cause);
    this.key = ItemKeys.copy(key);
  }

  /** The key of the item, as its key fields. */
  public Map<String, Object> key() {
    return key;
  }
}
