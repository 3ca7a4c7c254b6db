package dev.dynakit.core.adapter;

import dev.dynakit.core.expr.Expression;
import dev.dynakit.core.expr.FieldPath;
import dev.dynakit.core.expr.Placeholders;
import dev.dynakit.core.expr.ProjectionList;
import dev.dynakit.core.schema.TableSpec;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/** Projection expressions of the caller's fields, with the declaration's aliases. */
final class Projections {
  private Projections() {}

  /** The caller's fields, or null (everything) when none are asked for. */
  static @Nullable Expression of(TableSpec spec, List<String> fields, Placeholders placeholders) {
    return of(spec, fields, List.of(), placeholders);
  }

  /**
   * The caller's fields plus whole attributes the Adapter itself needs (keys), or null when the
   * caller asks for everything.
   */
  static @Nullable Expression of(
      TableSpec spec, List<String> fields, Collection<String> needed, Placeholders placeholders) {
    if (fields.isEmpty()) {
      return null;
    }
    ProjectionList list = ProjectionList.of(fields).withFieldMap(spec.projectionFieldMap());
    Set<String> present = new HashSet<>();
    for (FieldPath path : list.paths()) {
      if (path.isTopLevel()) {
        present.add(path.root());
      }
    }
    Expression callers = list.render(placeholders);
    StringBuilder text = new StringBuilder(callers.text());
    Map<String, String> names = new LinkedHashMap<>(callers.names());
    for (String attribute : needed) {
      if (present.add(attribute)) {
        String placeholder = placeholders.name(attribute);
        names.put(placeholder, attribute);
        text.append(", ").append(placeholder);
      }
    }
    return new Expression(text.toString(), names, Map.of());
  }

  /** Exactly these whole attributes, whatever characters their names hold. */
  static Expression exactly(Collection<String> attributes, Placeholders placeholders) {
    StringBuilder text = new StringBuilder();
    Map<String, String> names = new LinkedHashMap<>();
    for (String attribute : new LinkedHashMap<String, Boolean>(toMap(attributes)).keySet()) {
      String placeholder = placeholders.name(attribute);
      names.put(placeholder, attribute);
      text.append(text.length() == 0 ? "" : ", ").append(placeholder);
    }
    return new Expression(text.toString(), names, Map.of());
  }

  private static Map<String, Boolean> toMap(Collection<String> attributes) {
    Map<String, Boolean> unique = new LinkedHashMap<>();
    for (String attribute : attributes) {
      unique.put(attribute, Boolean.TRUE);
    }
    return unique;
  }
}
