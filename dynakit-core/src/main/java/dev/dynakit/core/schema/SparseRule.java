package dev.dynakit.core.schema;

import java.util.Map;
import java.util.Objects;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;

/**
 * Whether an index is sparse: an item appears in an index only if it has every index key attribute.
 * With a predicate, the toolkit writes the index key attributes only while the predicate holds for
 * the item and removes them when it stops holding (full writes and patches alike). Index key
 * attributes under the technical prefix are markers and are the ones removed; an index keyed on
 * user fields alone loses those fields. A {@link SparseCondition} is a predicate that declaration
 * files can also carry ({@code "sparse": {"when": ...}}).
 */
public final class SparseRule {
  private static final SparseRule NONE = new SparseRule(false, null);
  private static final SparseRule ALWAYS = new SparseRule(true, null);

  private final boolean sparse;
  private final @Nullable Predicate<Map<String, Object>> onlyWhen;

  private SparseRule(boolean sparse, @Nullable Predicate<Map<String, Object>> onlyWhen) {
    this.sparse = sparse;
    this.onlyWhen = onlyWhen;
  }

  /** Not sparse: every item is expected to carry the index keys. */
  public static SparseRule none() {
    return NONE;
  }

  /** Sparse by construction: only items that carry the index keys appear. */
  public static SparseRule always() {
    return ALWAYS;
  }

  /** Sparse by rule: the index keys are kept on an item only while {@code predicate} holds. */
  public static SparseRule onlyWhen(Predicate<Map<String, Object>> predicate) {
    return new SparseRule(true, Objects.requireNonNull(predicate, "predicate"));
  }

  /**
   * The predicate when it is a declarative {@link SparseCondition} (one a declaration file can
   * carry), else null.
   */
  public @Nullable SparseCondition condition() {
    return onlyWhen instanceof SparseCondition ? (SparseCondition) onlyWhen : null;
  }

  public boolean sparse() {
    return sparse;
  }

  /** The predicate, or null when there is none. */
  public @Nullable Predicate<Map<String, Object>> predicate() {
    return onlyWhen;
  }

  /** Whether the item belongs in the index: true unless a predicate says otherwise. */
  public boolean includes(Map<String, Object> item) {
    return onlyWhen == null || onlyWhen.test(item);
  }

  @Override
  public String toString() {
    if (onlyWhen instanceof SparseCondition) {
      return "sparse when " + ((SparseCondition) onlyWhen).toJson();
    }
    return !sparse ? "not sparse" : onlyWhen == null ? "sparse" : "sparse when predicate holds";
  }
}
