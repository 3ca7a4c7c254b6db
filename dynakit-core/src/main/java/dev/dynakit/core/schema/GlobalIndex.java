package dev.dynakit.core.schema;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

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
  public static final class Builder extends IndexBuilder<Builder> {
    private final List<IndexKey> partitionKey = new ArrayList<>();
    private final List<IndexKey> sortKey = new ArrayList<>();

    Builder(String name) {
      super(name);
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

    public GlobalIndex build() {
      return new GlobalIndex(name, partitionKey, sortKey, projection, sparse, indirect);
    }
  }
}
