package dev.dynakit.core.adapter;

import dev.dynakit.core.expr.Cond;
import org.jspecify.annotations.Nullable;

/**
 * How to write one item. Immutable; start from {@link #defaults()} or {@link #builder()}. Options
 * that do not apply to an operation are ignored by it.
 *
 * <pre>{@code
 * adapter.put(item, WriteOptions.overwriting());
 * adapter.patch(key, Patch.of(Map.of("status", "done")), WriteOptions.expectingVersion(3));
 * }</pre>
 */
public final class WriteOptions {
  private static final WriteOptions DEFAULTS = new Builder().build();

  private final boolean overwrite;
  private final @Nullable Cond condition;
  private final @Nullable Long expectedVersion;
  private final boolean skipValidation;
  private final @Nullable String actor;
  private final boolean allowKeyChange;

  private WriteOptions(Builder b) {
    this.overwrite = b.overwrite;
    this.condition = b.condition;
    this.expectedVersion = b.expectedVersion;
    this.skipValidation = b.skipValidation;
    this.actor = b.actor;
    this.allowKeyChange = b.allowKeyChange;
  }

  public static WriteOptions defaults() {
    return DEFAULTS;
  }

  /** Put: create or replace. Clone and move: the destination may exist and is replaced. */
  public static WriteOptions overwriting() {
    return builder().overwrite().build();
  }

  /** The write requires the stored item to have this version. */
  public static WriteOptions expectingVersion(long version) {
    return builder().expectedVersion(version).build();
  }

  public static Builder builder() {
    return new Builder();
  }

  public Builder toBuilder() {
    Builder b = new Builder();
    b.overwrite = overwrite;
    b.condition = condition;
    b.expectedVersion = expectedVersion;
    b.skipValidation = skipValidation;
    b.actor = actor;
    b.allowKeyChange = allowKeyChange;
    return b;
  }

  /**
   * Whether an existing item may be replaced: a put then creates or replaces (instead of replacing
   * only), a clone or move writes over an existing destination (instead of creating only).
   */
  public boolean overwrite() {
    return overwrite;
  }

  /**
   * An extra condition the stored item must meet, ANDed with the toolkit's own; or null. For a
   * clone it applies to the copy's destination, for a move to the source being deleted.
   */
  public @Nullable Cond condition() {
    return condition;
  }

  /**
   * The version the stored item must have, or null. A patch, edit or delete with an expected
   * version requires the item to exist; a put without overwrite takes the version carried by the
   * item when none is given here. For a clone or move it is the version of the source.
   */
  public @Nullable Long expectedVersion() {
    return expectedVersion;
  }

  /** Whether {@link Hooks#validateItem} is skipped for this call. */
  public boolean skipValidation() {
    return skipValidation;
  }

  /** Who writes (for last-modified-by stamps), or null. */
  public @Nullable String actor() {
    return actor;
  }

  /** Whether an edit that changes key fields moves the item instead of failing. */
  public boolean allowKeyChange() {
    return allowKeyChange;
  }

  /** Assembles {@link WriteOptions}. */
  public static final class Builder {
    private boolean overwrite;
    private @Nullable Cond condition;
    private @Nullable Long expectedVersion;
    private boolean skipValidation;
    private @Nullable String actor;
    private boolean allowKeyChange;

    private Builder() {}

    /** See {@link WriteOptions#overwrite()}. */
    public Builder overwrite() {
      this.overwrite = true;
      return this;
    }

    public Builder overwrite(boolean value) {
      this.overwrite = value;
      return this;
    }

    /** An extra condition on the stored item (see {@link WriteOptions#condition()}). */
    public Builder condition(@Nullable Cond value) {
      this.condition = value;
      return this;
    }

    /** See {@link WriteOptions#expectedVersion()}. */
    public Builder expectedVersion(@Nullable Long version) {
      this.expectedVersion = version;
      return this;
    }

    /**
     * The write requires the stored item to have the version of this strong ETag ({@code "3"}, as
     * {@link ETags} and the REST layer make them): the expected version.
     *
     * @throws dev.dynakit.core.InvalidEtagException for a weak ETag, a content-hash ETag (a table
     *     without a version field) or anything that is not a quoted version
     */
    public Builder ifMatch(String etag) {
      return expectedVersion(ETags.version(etag));
    }

    /** Opts this call out of {@link Hooks#validateItem}. */
    public Builder skipValidation() {
      this.skipValidation = true;
      return this;
    }

    public Builder actor(@Nullable String who) {
      this.actor = who;
      return this;
    }

    public Builder allowKeyChange() {
      this.allowKeyChange = true;
      return this;
    }

    public WriteOptions build() {
      return new WriteOptions(this);
    }
  }
}
