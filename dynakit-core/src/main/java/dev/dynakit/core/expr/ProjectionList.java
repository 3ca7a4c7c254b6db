package dev.dynakit.core.expr;

import dev.dynakit.core.InvalidExpressionException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A {@code ProjectionExpression}: the requested fields, with the declaration's projection aliases
 * applied to each first segment, duplicates dropped, and paths inside another requested path folded
 * into it (DynamoDB refuses overlapping projection paths). Immutable.
 */
public final class ProjectionList {
  private final List<String> fields;
  private final Map<String, String> fieldMap;
  private final String separator;

  private ProjectionList(List<String> fields, Map<String, String> fieldMap, String separator) {
    this.fields = List.copyOf(fields);
    this.fieldMap = Map.copyOf(fieldMap);
    this.separator = separator;
  }

  /** The given fields (paths with {@code .} between segments). */
  public static ProjectionList of(String... fields) {
    return of(List.of(fields));
  }

  public static ProjectionList of(Collection<String> fields) {
    return new ProjectionList(new ArrayList<>(fields), Map.of(), FieldPath.DEFAULT_SEPARATOR);
  }

  /** Fields written as comma-separated text ({@code name, address.city}); blanks are dropped. */
  public static ProjectionList parse(String commaSeparated) {
    List<String> fields = new ArrayList<>();
    for (String field : commaSeparated.split(",", -1)) {
      if (!field.isBlank()) {
        fields.add(field.trim());
      }
    }
    return of(fields);
  }

  /** This list with aliases for first segments ({@code alias -> real attribute}). */
  public ProjectionList withFieldMap(Map<String, String> aliases) {
    return new ProjectionList(fields, aliases, separator);
  }

  /** This list with another path separator. */
  public ProjectionList withSeparator(String pathSeparator) {
    return new ProjectionList(fields, fieldMap, Objects.requireNonNull(pathSeparator));
  }

  /** Whether no field is requested. */
  public boolean isEmpty() {
    return fields.isEmpty();
  }

  /** The paths that will be projected, after aliasing, de-duplication and folding. */
  public List<FieldPath> paths() {
    Map<String, FieldPath> unique = new LinkedHashMap<>();
    for (String field : fields) {
      FieldPath path = FieldPath.parse(field, separator);
      String real = fieldMap.get(path.root());
      if (real != null) {
        path = path.withRoot(real);
      }
      unique.putIfAbsent(path.toString(), path);
    }
    List<FieldPath> kept = new ArrayList<>();
    for (FieldPath path : unique.values()) {
      boolean covered = false;
      for (FieldPath other : unique.values()) {
        if (other != path
            && other.segments().size() < path.segments().size()
            && path.overlaps(other)) {
          covered = true;
          break;
        }
      }
      if (!covered) {
        kept.add(path);
      }
    }
    return kept;
  }

  /**
   * Renders the projection against the request's placeholders.
   *
   * @throws InvalidExpressionException when no field is requested
   */
  public Expression render(Placeholders placeholders) {
    List<FieldPath> paths = paths();
    if (paths.isEmpty()) {
      throw new InvalidExpressionException("a projection needs at least one field");
    }
    ExpressionWriter out = new ExpressionWriter(placeholders);
    for (int i = 0; i < paths.size(); i++) {
      if (i > 0) {
        out.text(", ");
      }
      out.path(paths.get(i));
    }
    return out.done();
  }

  @Override
  public String toString() {
    return "ProjectionList" + fields;
  }
}
