package dev.dynakit.core.schema;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Predicate;

/**
 * A global secondary index. Its partition key and sort key may each have up to four attributes.
 * Reads through a GSI are eventually consistent only.
 */
public record GlobalIndex(
    String name,
    List<IndexKey> partitionKey,
    List<IndexKey> sortKey,
    IndexProjection projection,
    SparseRule sparse,
    boolean indirect)
    implements IndexSpec {

  public GlobalIndex {
    Objects.requireNonNull(name, "name");
    partitionKey = List.copyOf(partitionKey);
    sortKey = List.copyOf(sortKey);
    Objects.requireNonNull(projection, "projection");
    Objects.requireNonNull(sparse, "sparse");
  }

  /** Names of the partition-key attributes. */
  public List<String> partitionKeyNames() {
    List<String> names = new ArrayList<>();
    for (IndexKey key : partitionKey) {
      names.add(key.name());
    }
    return names;
  }

  @Override
  public GlobalIndex withSparse(SparseRule rule) {
    return new GlobalIndex(name, partitionKey, sortKey, projection, rule, indirect);
  }

  /** Assembles a {@link GlobalIndex}; the table declaration validates it. */
  public static final class Builder {
    private final String name;
    private final List<IndexKey> partitionKey = new ArrayList<>();
    private final List<IndexKey> sortKey = new ArrayList<>();
    private IndexProjection projection = IndexProjection.all();
    private SparseRule sparse = SparseRule.none();
    private boolean indirect;

    Builder(String name) {
      this.name = Objects.requireNonNull(name, "name");
    }

    /** Partition-key attributes of type string, in order. */
    public Builder partitionKey(String... names) {
      for (String attribute : names) {
        partitionKey.add(IndexKey.string(attribute));
      }
      return this;
    }

    /** Partition-key attributes, in order. */
    public Builder partitionKey(IndexKey... keys) {
      partitionKey.addAll(List.of(keys));
      return this;
    }

    /** Sort-key attributes of type string, in order. */
    public Builder sortKey(String... names) {
      for (String attribute : names) {
        sortKey.add(IndexKey.string(attribute));
      }
      return this;
    }

    /** Sort-key attributes, in order. */
    public Builder sortKey(IndexKey... keys) {
      sortKey.addAll(List.of(keys));
      return this;
    }

    public Builder projection(IndexProjection value) {
      this.projection = Objects.requireNonNull(value, "projection");
      return this;
    }

    public Builder keysOnly() {
      return projection(IndexProjection.keysOnly());
    }

    public Builder include(String... attributes) {
      return projection(IndexProjection.include(attributes));
    }

    /** Sparse: only items carrying the index keys appear. */
    public Builder sparse() {
      this.sparse = SparseRule.always();
      return this;
    }

    /** Sparse by rule: the index keys are kept only while the predicate holds. */
    public Builder sparseWhen(Predicate<Map<String, Object>> predicate) {
      this.sparse = SparseRule.onlyWhen(predicate);
      return this;
    }

    public Builder sparse(SparseRule rule) {
      this.sparse = Objects.requireNonNull(rule, "rule");
      return this;
    }

    /** Two-hop reads: keys from the index, items from the base table. */
    public Builder indirect() {
      this.indirect = true;
      return this;
    }

    public Builder indirect(boolean value) {
      this.indirect = value;
      return this;
    }

    public GlobalIndex build() {
      return new GlobalIndex(name, partitionKey, sortKey, projection, sparse, indirect);
    }
  }
}
