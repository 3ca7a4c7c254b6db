package dev.dynakit.core.schema;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Predicate;

/**
 * A local secondary index: the table's partition key with one other sort-key attribute. Declared
 * only at table creation (at most five), sharing the partition's 10 GB and throughput.
 */
public record LocalIndex(
    String name,
    List<IndexKey> sortKey,
    IndexProjection projection,
    SparseRule sparse,
    boolean indirect)
    implements IndexSpec {

  public LocalIndex {
    Objects.requireNonNull(name, "name");
    sortKey = List.copyOf(sortKey);
    Objects.requireNonNull(projection, "projection");
    Objects.requireNonNull(sparse, "sparse");
  }

  @Override
  public LocalIndex withSparse(SparseRule rule) {
    return new LocalIndex(name, sortKey, projection, rule, indirect);
  }

  /** Assembles a {@link LocalIndex}; the table declaration validates it. */
  public static final class Builder {
    private final String name;
    private final List<IndexKey> sortKey = new ArrayList<>();
    private IndexProjection projection = IndexProjection.all();
    private SparseRule sparse = SparseRule.none();
    private boolean indirect;

    Builder(String name) {
      this.name = Objects.requireNonNull(name, "name");
    }

    /** The sort-key attribute, of type string. */
    public Builder sortKey(String attribute) {
      sortKey.add(IndexKey.string(attribute));
      return this;
    }

    /** The sort-key attribute. */
    public Builder sortKey(IndexKey key) {
      sortKey.add(key);
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

    /** Sparse: only items carrying the sort-key attribute appear. */
    public Builder sparse() {
      this.sparse = SparseRule.always();
      return this;
    }

    /** Sparse by rule: the sort-key attribute is kept only while the predicate holds. */
    public Builder sparseWhen(Predicate<Map<String, Object>> predicate) {
      this.sparse = SparseRule.onlyWhen(predicate);
      return this;
    }

    public Builder sparse(SparseRule rule) {
      this.sparse = Objects.requireNonNull(rule, "rule");
      return this;
    }

    public Builder indirect() {
      this.indirect = true;
      return this;
    }

    public Builder indirect(boolean value) {
      this.indirect = value;
      return this;
    }

    public LocalIndex build() {
      return new LocalIndex(name, sortKey, projection, sparse, indirect);
    }
  }
}
