package dev.dynakit.core.schema;

import java.util.Map;
import java.util.Objects;
import java.util.function.Predicate;

/**
 * What the builders of both kinds of index share: the projection, the sparse rule and two-hop
 * reads. {@code B} is the concrete builder, so that a chain of calls keeps its own methods.
 */
abstract class IndexBuilder<B extends IndexBuilder<B>> {
  final String name;
  IndexProjection projection = IndexProjection.all();
  SparseRule sparse = SparseRule.none();
  boolean indirect;

  IndexBuilder(String name) {
    this.name = Objects.requireNonNull(name, "name");
  }

  /** Which attributes the index copies; all of them by default. */
  public B projection(IndexProjection value) {
    this.projection = Objects.requireNonNull(value, "projection");
    return self();
  }

  /** The index copies only the key attributes of the table and of the index. */
  public B keysOnly() {
    return projection(IndexProjection.keysOnly());
  }

  /** The index copies the key attributes and these. */
  public B include(String... attributes) {
    return projection(IndexProjection.include(attributes));
  }

  /** Sparse: only items carrying the index key attributes appear. */
  public B sparse() {
    this.sparse = SparseRule.always();
    return self();
  }

  /**
   * Sparse by rule: the index key attributes are kept only while the predicate holds. A {@link
   * SparseCondition} can also be written to and read from a declaration file.
   */
  public B sparseWhen(Predicate<Map<String, Object>> predicate) {
    this.sparse = SparseRule.onlyWhen(predicate);
    return self();
  }

  public B sparse(SparseRule rule) {
    this.sparse = Objects.requireNonNull(rule, "rule");
    return self();
  }

  /** Two-hop reads: keys from the index, items from the base table. */
  public B indirect() {
    return indirect(true);
  }

  public B indirect(boolean value) {
    this.indirect = value;
    return self();
  }

  @SuppressWarnings("unchecked")
  private B self() {
    return (B) this;
  }
}
