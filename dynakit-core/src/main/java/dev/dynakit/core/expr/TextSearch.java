package dev.dynakit.core.expr;

import dev.dynakit.core.InvalidExpressionException;
import dev.dynakit.core.schema.TableSpec;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Substring search over the lower-case mirrors of searchable fields: {@code contains(mirror, :q)}
 * ORed over the mirrors, with the query lower-cased (mirrors are always lower case, so a
 * case-sensitive search could never match upper-case text and is not offered).
 */
public final class TextSearch {
  private TextSearch() {}

  /** Search over every searchable field of the declaration. */
  public static Optional<Cond> condition(TableSpec spec, @Nullable String query) {
    return condition(spec, query, null);
  }

  /**
   * Search over the searchable fields among {@code fields} (all of them when null). An empty or
   * blank query means no search.
   *
   * @throws InvalidExpressionException when no searchable field remains: a search that silently
   *     matched everything would mislead
   */
  public static Optional<Cond> condition(
      TableSpec spec, @Nullable String query, @Nullable Collection<String> fields) {
    if (query == null || query.isBlank()) {
      return Optional.empty();
    }
    List<String> mirrors = new ArrayList<>();
    for (String field : spec.searchable()) {
      if (fields == null || fields.contains(field)) {
        mirrors.add(spec.searchMirror(field));
      }
    }
    if (mirrors.isEmpty()) {
      throw new InvalidExpressionException(
          spec.searchable().isEmpty()
              ? "table '" + spec.tableName() + "' declares no searchable fields"
              : "none of the fields "
                  + fields
                  + " is searchable; searchable: "
                  + spec.searchable());
    }
    return overMirrors(mirrors, query);
  }

  /** Search over the given mirror attributes. An empty or blank query means no search. */
  public static Optional<Cond> overMirrors(Collection<String> mirrors, @Nullable String query) {
    if (query == null || query.isBlank() || mirrors.isEmpty()) {
      return Optional.empty();
    }
    String needle = query.toLowerCase(Locale.ROOT);
    List<Cond> parts = new ArrayList<>();
    for (String mirror : mirrors) {
      parts.add(new Cond.Contains(FieldPath.of(mirror), Operand.value(needle)));
    }
    return Optional.of(Cond.or(parts));
  }
}
