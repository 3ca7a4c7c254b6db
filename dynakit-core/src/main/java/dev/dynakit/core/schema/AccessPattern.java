package dev.dynakit.core.schema;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A named read of a single-table design: one Query on the table or an index, its partition key a
 * template filled from the pattern's parameters, optionally narrowed by a sort-key condition. A
 * partition key with a {@code {shard}} slot is read on every shard and merged in sort-key order.
 *
 * <pre>{@code
 * AccessPattern.builder("recentOrdersOfCustomer")
 *     .partitionKey("PK", "CUSTOMER#{customerId}")
 *     .sortKey(SortCondition.of("SK", SortOp.BEGINS_WITH, "ORDER#"))
 *     .returns("order")
 *     .descending(true)
 *     .build();
 * }</pre>
 */
public final class AccessPattern {
  private final String name;
  private final @Nullable String index;
  private final String partitionAttribute;
  private final KeyTemplate partitionKey;
  private final @Nullable SortCondition sortKey;
  private final List<String> returns;
  private final boolean descending;
  private final boolean counts;

  private AccessPattern(Builder b) {
    this.name = b.name;
    this.index = b.index;
    this.partitionAttribute = b.partitionAttribute;
    this.partitionKey = b.partitionKey;
    this.sortKey = b.sortKey;
    this.returns = List.copyOf(b.returns);
    this.descending = b.descending;
    this.counts = b.counts;
  }

  /** Starts a pattern with this name. */
  public static Builder builder(String name) {
    return new Builder(name);
  }

  public String name() {
    return name;
  }

  /** The index queried, or null for the table. */
  public @Nullable String index() {
    return index;
  }

  /** The partition-key attribute queried (the table's or the index's). */
  public String partitionAttribute() {
    return partitionAttribute;
  }

  /** The template of the partition-key value. */
  public KeyTemplate partitionKey() {
    return partitionKey;
  }

  /** The sort-key condition, or null for the whole partition. */
  public @Nullable SortCondition sortKey() {
    return sortKey;
  }

  /** The entities the pattern may return (empty: any). */
  public List<String> returns() {
    return returns;
  }

  /** Whether the pattern reads in descending sort-key order. */
  public boolean descending() {
    return descending;
  }

  /** Whether the pattern counts items instead of returning them. */
  public boolean counts() {
    return counts;
  }

  /** The parameters the pattern needs: the fields its templates name, in order. */
  public List<String> parameters() {
    List<String> names = new ArrayList<>(partitionKey.fieldNames());
    if (sortKey != null) {
      for (KeyTemplate operand : sortKey.operands()) {
        for (String field : operand.fieldNames()) {
          if (!names.contains(field)) {
            names.add(field);
          }
        }
      }
    }
    return names;
  }

  /** Whether the partition key has a shard slot (the pattern reads every shard). */
  public boolean sharded() {
    return partitionKey.hasShardSlot();
  }

  @Override
  public String toString() {
    return "AccessPattern[" + name + "]";
  }

  /** Assembles an {@link AccessPattern}; the table declaration checks it. */
  public static final class Builder {
    private final String name;
    private @Nullable String index;
    private String partitionAttribute = "";
    private KeyTemplate partitionKey = KeyTemplate.of("");
    private @Nullable SortCondition sortKey;
    private final List<String> returns = new ArrayList<>();
    private boolean descending;
    private boolean counts;

    private Builder(String name) {
      this.name = Objects.requireNonNull(name, "name");
    }

    /** Queries this index instead of the table. */
    public Builder index(@Nullable String value) {
      this.index = value;
      return this;
    }

    /** The partition-key attribute and the template of its value. */
    public Builder partitionKey(String attribute, String template) {
      return partitionKey(attribute, KeyTemplate.of(template));
    }

    public Builder partitionKey(String attribute, KeyTemplate template) {
      this.partitionAttribute = Objects.requireNonNull(attribute, "attribute");
      this.partitionKey = Objects.requireNonNull(template, "template");
      return this;
    }

    /** Narrows the partition by a sort-key condition. */
    public Builder sortKey(@Nullable SortCondition condition) {
      this.sortKey = condition;
      return this;
    }

    /** The entities the pattern may return. */
    public Builder returns(String... entities) {
      returns.addAll(List.of(entities));
      return this;
    }

    public Builder returns(List<String> entities) {
      returns.addAll(entities);
      return this;
    }

    /** Reads in descending sort-key order. */
    public Builder descending(boolean value) {
      this.descending = value;
      return this;
    }

    /** Counts the items instead of returning them ({@code "select": "count"}). */
    public Builder counts(boolean value) {
      this.counts = value;
      return this;
    }

    public AccessPattern build() {
      return new AccessPattern(this);
    }
  }
}
