package dev.dynakit.core.adapter;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * How to read items by key. Immutable; start from {@link #defaults()} or {@link #builder()}.
 *
 * <pre>{@code
 * adapter.getByKey(key, ReadOptions.builder().fields("name", "address.city").consistent().build());
 * }</pre>
 */
public final class ReadOptions {
  private static final ReadOptions DEFAULTS = new Builder().build();

  private final List<String> fields;
  private final boolean consistent;
  private final boolean raw;
  private final @Nullable String index;
  private final boolean ignoreIndirection;

  private ReadOptions(Builder b) {
    this.fields = List.copyOf(b.fields);
    this.consistent = b.consistent;
    this.raw = b.raw;
    this.index = b.index;
    this.ignoreIndirection = b.ignoreIndirection;
  }

  /** Every field, eventually consistent, revived, from the table. */
  public static ReadOptions defaults() {
    return DEFAULTS;
  }

  public static Builder builder() {
    return new Builder();
  }

  public Builder toBuilder() {
    Builder b = new Builder();
    b.fields = fields;
    b.consistent = consistent;
    b.raw = raw;
    b.index = index;
    b.ignoreIndirection = ignoreIndirection;
    return b;
  }

  /** The fields to read (paths with {@code .}); empty for all. */
  public List<String> fields() {
    return fields;
  }

  public boolean consistent() {
    return consistent;
  }

  /**
   * Whether items come back as stored, without codecs, revive hooks or technical-field stripping.
   */
  public boolean raw() {
    return raw;
  }

  /** The index whose key the read uses, or null for the table's key. */
  public @Nullable String index() {
    return index;
  }

  /** Whether an indirect index is read without its second hop (returning the index entries). */
  public boolean ignoreIndirection() {
    return ignoreIndirection;
  }

  /** Assembles {@link ReadOptions}. */
  public static final class Builder {
    private List<String> fields = List.of();
    private boolean consistent;
    private boolean raw;
    private @Nullable String index;
    private boolean ignoreIndirection;

    private Builder() {}

    /** Reads only these fields (paths with {@code .}; projection aliases apply). */
    public Builder fields(String... paths) {
      this.fields = List.of(paths);
      return this;
    }

    public Builder fields(List<String> paths) {
      this.fields = List.copyOf(paths);
      return this;
    }

    /** A strongly consistent read (refused on a global secondary index). */
    public Builder consistent() {
      return consistent(true);
    }

    public Builder consistent(boolean value) {
      this.consistent = value;
      return this;
    }

    /** The raw-item bypass: items as stored (see {@link ReadOptions#raw()}). */
    public Builder raw() {
      this.raw = true;
      return this;
    }

    /**
     * Looks the item up by the key of an index: the index's partition key and any leading sort-key
     * attributes; the first entry in index order wins. An indirect index then reads the item from
     * the table.
     */
    public Builder index(@Nullable String name) {
      this.index = name;
      return this;
    }

    public Builder ignoreIndirection() {
      this.ignoreIndirection = true;
      return this;
    }

    public ReadOptions build() {
      return new ReadOptions(this);
    }
  }
}
