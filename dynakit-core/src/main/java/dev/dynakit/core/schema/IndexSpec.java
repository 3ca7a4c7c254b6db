package dev.dynakit.core.schema;

import java.util.ArrayList;
import java.util.List;

/**
 * A secondary index of the table: a {@link GlobalIndex} (its own partition key, spanning
 * partitions, addable any time) or a {@link LocalIndex} (the table's partition key with another
 * sort key, only at table creation).
 */
public sealed interface IndexSpec permits GlobalIndex, LocalIndex {

  /** The index name. */
  String name();

  /** The sort-key attributes, in order (empty for a GSI without a sort key). */
  List<IndexKey> sortKey();

  /** Which attributes the index copies. */
  IndexProjection projection();

  /** Whether, and by what rule, the index is sparse. */
  SparseRule sparse();

  /**
   * Whether reads through this index take two hops: query the index for keys, then read the items
   * from the base table.
   */
  boolean indirect();

  /** This index with another sparse rule. */
  IndexSpec withSparse(SparseRule sparse);

  /** Names of the sort-key attributes. */
  default List<String> sortKeyNames() {
    List<String> names = new ArrayList<>();
    for (IndexKey key : sortKey()) {
      names.add(key.name());
    }
    return names;
  }

  /** Starts a global secondary index. */
  static GlobalIndex.Builder global(String name) {
    return new GlobalIndex.Builder(name);
  }

  /** Starts a local secondary index. */
  static LocalIndex.Builder local(String name) {
    return new LocalIndex.Builder(name);
  }
}
