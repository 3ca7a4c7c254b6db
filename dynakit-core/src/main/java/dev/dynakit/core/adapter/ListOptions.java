package dev.dynakit.core.adapter;

import dev.dynakit.core.expr.FilterClause;
import dev.dynakit.core.expr.KeyCondition;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * How to list items. Immutable; start from {@link #defaults()} or {@link #builder()}.
 *
 * <pre>{@code
 * ListOptions.builder()
 *     .keyCondition(adapter.buildKey(Map.of("state", "TX")))
 *     .filter(FilterClause.of("status", FilterOp.EQ, "rented"))
 *     .search("dallas")
 *     .limit(20)
 *     .build();
 * }</pre>
 */
public final class ListOptions {
  /** The page size when none is given. */
  public static final int DEFAULT_LIMIT = 10;

  /** The largest page size. */
  public static final int MAX_LIMIT = 1000;

  private static final ListOptions DEFAULTS = new Builder().build();

  private final int offset;
  private final int limit;
  private final boolean needTotal;
  private final @Nullable String index;
  private final @Nullable String sortBy;
  private final boolean descending;
  private final boolean consistent;
  private final List<String> fields;
  private final boolean keysOnly;
  private final List<FilterClause> filter;
  private final @Nullable String search;
  private final @Nullable List<String> searchIn;
  private final Map<String, Object> example;
  private final @Nullable KeyCondition keyCondition;
  private final boolean raw;
  private final boolean ignoreIndirection;
  private final boolean includeDescriptor;
  private final @Nullable Object asOf;

  private ListOptions(Builder b) {
    this.offset = b.offset;
    this.limit = b.limit;
    this.needTotal = b.needTotal;
    this.index = b.index;
    this.sortBy = b.sortBy;
    this.descending = b.descending;
    this.consistent = b.consistent;
    this.fields = List.copyOf(b.fields);
    this.keysOnly = b.keysOnly;
    this.filter = List.copyOf(b.filter);
    this.search = b.search;
    this.searchIn = b.searchIn == null ? null : List.copyOf(b.searchIn);
    this.example = Collections.unmodifiableMap(new LinkedHashMap<>(b.example));
    this.keyCondition = b.keyCondition;
    this.raw = b.raw;
    this.ignoreIndirection = b.ignoreIndirection;
    this.includeDescriptor = b.includeDescriptor;
    this.asOf = b.asOf;
  }

  /** The first ten items of a Scan of the table, with the total. */
  public static ListOptions defaults() {
    return DEFAULTS;
  }

  public static Builder builder() {
    return new Builder();
  }

  public Builder toBuilder() {
    Builder b = new Builder();
    b.offset = offset;
    b.limit = limit;
    b.needTotal = needTotal;
    b.index = index;
    b.sortBy = sortBy;
    b.descending = descending;
    b.consistent = consistent;
    b.fields = fields;
    b.keysOnly = keysOnly;
    b.filter = filter;
    b.search = search;
    b.searchIn = searchIn;
    b.example = example;
    b.keyCondition = keyCondition;
    b.raw = raw;
    b.ignoreIndirection = ignoreIndirection;
    b.includeDescriptor = includeDescriptor;
    b.asOf = asOf;
    return b;
  }

  /** How many matching items to skip (offset paging only). */
  public int offset() {
    return offset;
  }

  /** The page size. */
  public int limit() {
    return limit;
  }

  /** Whether offset paging counts every match (which reads to the end). */
  public boolean needTotal() {
    return needTotal;
  }

  /** The index to read, or null (see {@link #sortBy()}). */
  public @Nullable String index() {
    return index;
  }

  /** A field to sort by: the list reads the index sorted by it; null for none. */
  public @Nullable String sortBy() {
    return sortBy;
  }

  /** Whether to read in descending key order. */
  public boolean descending() {
    return descending;
  }

  public boolean consistent() {
    return consistent;
  }

  /** The fields to read; empty for all. */
  public List<String> fields() {
    return fields;
  }

  /** Whether to read only the key fields. */
  public boolean keysOnly() {
    return keysOnly;
  }

  /** Filter clauses, checked against the declaration's filterable fields. */
  public List<FilterClause> filter() {
    return filter;
  }

  /** A text to search for in the searchable fields, or null. */
  public @Nullable String search() {
    return search;
  }

  /** The searchable fields to search in, or null for all of them. */
  public @Nullable List<String> searchIn() {
    return searchIn;
  }

  /** The example given to {@link Hooks#prepareListInput}. */
  public Map<String, Object> example() {
    return example;
  }

  /** The key condition (a Query), or null (a Scan, unless hooks or filters make it a Query). */
  public @Nullable KeyCondition keyCondition() {
    return keyCondition;
  }

  /** Whether items come back as stored (the raw-item bypass). */
  public boolean raw() {
    return raw;
  }

  public boolean ignoreIndirection() {
    return ignoreIndirection;
  }

  /** Whether a Scan may return the descriptor row. */
  public boolean includeDescriptor() {
    return includeDescriptor;
  }

  /** Only items created at or before this time (compared with the created-at field), or null. */
  public @Nullable Object asOf() {
    return asOf;
  }

  /** Assembles {@link ListOptions}. */
  public static final class Builder {
    private int offset;
    private int limit = DEFAULT_LIMIT;
    private boolean needTotal = true;
    private @Nullable String index;
    private @Nullable String sortBy;
    private boolean descending;
    private boolean consistent;
    private List<String> fields = List.of();
    private boolean keysOnly;
    private List<FilterClause> filter = List.of();
    private @Nullable String search;
    private @Nullable List<String> searchIn;
    private Map<String, Object> example = Map.of();
    private @Nullable KeyCondition keyCondition;
    private boolean raw;
    private boolean ignoreIndirection;
    private boolean includeDescriptor;
    private @Nullable Object asOf;

    private Builder() {}

    /**
     * @throws IllegalArgumentException when negative
     */
    public Builder offset(int value) {
      if (value < 0) {
        throw new IllegalArgumentException("offset must be >= 0, got " + value);
      }
      this.offset = value;
      return this;
    }

    /**
     * @throws IllegalArgumentException unless between 1 and {@value ListOptions#MAX_LIMIT}
     */
    public Builder limit(int value) {
      if (value < 1 || value > MAX_LIMIT) {
        throw new IllegalArgumentException(
            "limit must be between 1 and " + MAX_LIMIT + ", got " + value);
      }
      this.limit = value;
      return this;
    }

    public Builder needTotal(boolean value) {
      this.needTotal = value;
      return this;
    }

    public Builder index(@Nullable String name) {
      this.index = name;
      return this;
    }

    /** Sorts by a field through the index whose sort key it is (an LSI before a GSI). */
    public Builder sortBy(@Nullable String field) {
      this.sortBy = field;
      return this;
    }

    public Builder descending() {
      return descending(true);
    }

    public Builder descending(boolean value) {
      this.descending = value;
      return this;
    }

    public Builder consistent() {
      this.consistent = true;
      return this;
    }

    public Builder fields(String... paths) {
      this.fields = List.of(paths);
      return this;
    }

    public Builder fields(List<String> paths) {
      this.fields = List.copyOf(paths);
      return this;
    }

    /** Reads only the key fields (wins over {@link #fields}). */
    public Builder keysOnly() {
      this.keysOnly = true;
      return this;
    }

    public Builder filter(FilterClause... clauses) {
      this.filter = List.of(clauses);
      return this;
    }

    public Builder filter(List<FilterClause> clauses) {
      this.filter = List.copyOf(clauses);
      return this;
    }

    public Builder search(@Nullable String text) {
      this.search = text;
      return this;
    }

    /** Restricts the search to some searchable fields. */
    public Builder searchIn(String... fields) {
      this.searchIn = List.of(fields);
      return this;
    }

    public Builder example(Map<String, ?> values) {
      this.example = Collections.unmodifiableMap(new LinkedHashMap<>(values));
      return this;
    }

    public Builder keyCondition(@Nullable KeyCondition condition) {
      this.keyCondition = condition;
      return this;
    }

    public Builder raw() {
      this.raw = true;
      return this;
    }

    public Builder ignoreIndirection() {
      this.ignoreIndirection = true;
      return this;
    }

    public Builder includeDescriptor() {
      this.includeDescriptor = true;
      return this;
    }

    /**
     * Freezes the scope: only items whose created-at field is at or before {@code time}. The value
     * goes through the field's codec; an {@link java.time.Instant} without one is compared as
     * ISO-8601 text.
     */
    public Builder asOf(@Nullable Object time) {
      this.asOf = time;
      return this;
    }

    public ListOptions build() {
      return new ListOptions(this);
    }
  }
}
