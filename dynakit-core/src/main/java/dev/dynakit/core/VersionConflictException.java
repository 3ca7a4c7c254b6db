package dev.dynakit.core;

import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * An optimistic-concurrency refusal: the stored item's version is not the one the write expected,
 * so another writer got there first. Nothing was written; read the item again, reapply the change
 * and retry with the new version.
 */
public final class VersionConflictException extends DynakitException {
  private static final long serialVersionUID = 1L;

  private final transient Map<String, Object> key;
  private final long expectedVersion;
  private final @Nullable Long actualVersion;

  public VersionConflictException(
      Map<String, ?> key,
      long expectedVersion,
      @Nullable Long actualVersion,
      @Nullable Throwable cause) {
    super(
        "version conflict on "
            + key
            + ": expected version "
            + expectedVersion
            + ", found "
            + (actualVersion == null ? "an item without a version" : "version " + actualVersion),
        cause);
    this.key = ItemKeys.copy(key);
    this.expectedVersion = expectedVersion;
    this.actualVersion = actualVersion;
  }

  /** The key of the item, as its key fields. */
  public Map<String, Object> key() {
    return key;
  }

  /** The version the write expected. */
  public long expectedVersion() {
    return expectedVersion;
  }

  /** The version stored, or null when the stored item has none. */
  public @Nullable Long actualVersion() {
    return actualVersion;
  }
}
