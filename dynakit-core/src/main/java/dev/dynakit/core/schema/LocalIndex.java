package dev.dynakit.core.schema;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

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
  public static final class Builder extends IndexBuilder<Builder> {
    private final List<IndexKey> sortKey = new ArrayList<>();

    Builder(String name) {
      super(name);
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

    public LocalIndex build() {
      return new LocalIndex(name, sortKey, projection, sparse, indirect);
    }
  }
}
