package dev.dynakit.core.adapter;

import dev.dynakit.core.ConsistentReadOnGlobalIndexException;
import dev.dynakit.core.InvalidExpressionException;
import dev.dynakit.core.schema.GlobalIndex;
import dev.dynakit.core.schema.IndexSpec;
import dev.dynakit.core.schema.TableSpec;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/** Index lookups shared by the read operations. */
final class IndexChecks {
  private IndexChecks() {}

  /**
   * The declared index of that name, refusing a consistent read of a GSI.
   *
   * @throws InvalidExpressionException when the index is not declared
   */
  static IndexSpec index(TableSpec spec, String name, boolean consistent) {
    IndexSpec index =
        spec.index(name)
            .orElseThrow(
                () ->
                    new InvalidExpressionException(
                        "table '" + spec.tableName() + "' declares no index '" + name + "'"));
    if (consistent && index instanceof GlobalIndex) {
      throw new ConsistentReadOnGlobalIndexException(name);
    }
    return index;
  }

  /** The attributes of an index entry's position: the table's key and the index's key. */
  static List<String> positionAttributes(TableSpec spec, @Nullable IndexSpec index) {
    Set<String> names = new LinkedHashSet<>(spec.primaryKeyNames());
    if (index != null) {
      names.addAll(spec.partitionKeyNames(index));
      names.addAll(index.sortKeyNames());
    }
    return new ArrayList<>(names);
  }
}
