package dev.dynakit.engine.internal.query;

import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.internal.expr.DocPath;
import dev.dynakit.engine.internal.expr.ProjectionExpr;
import dev.dynakit.engine.internal.value.AttrValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * What a read returns for each matching entry (the {@code Select} mode and the projection) and
 * whether it must fetch base items: a local secondary index whose projection lacks attributes the
 * request returns or filters on reads them from the table, as DynamoDB does.
 */
record Selection(Select mode, @Nullable ProjectionExpr projection, boolean fetch) {

  /** The {@code Select} values. */
  enum Select {
    ALL_ATTRIBUTES,
    ALL_PROJECTED_ATTRIBUTES,
    SPECIFIC_ATTRIBUTES,
    COUNT
  }

  /** The enum value set, in DynamoDB's order for constraint messages. */
  static final List<String> SELECT_VALUES =
      List.of("SPECIFIC_ATTRIBUTES", "COUNT", "ALL_ATTRIBUTES", "ALL_PROJECTED_ATTRIBUTES");

  /**
   * The refusal of a Select that does not fit the request's other members, or null. Needs no table:
   * DynamoDB checks this with the request's shape.
   */
  static @Nullable String shapeProblem(
      @Nullable String select,
      boolean projectionExpression,
      boolean attributesToGet,
      boolean indexName) {
    if (select == null || !SELECT_VALUES.contains(select)) {
      return null;
    }
    if (!select.equals("SPECIFIC_ATTRIBUTES") && (projectionExpression || attributesToGet)) {
      String what = select.equals("COUNT") ? "only the Count" : select;
      return "Cannot specify the "
          + (projectionExpression ? "ProjectionExpression" : "AttributesToGet")
          + " when choosing to get "
          + what;
    }
    if (select.equals("SPECIFIC_ATTRIBUTES") && !projectionExpression && !attributesToGet) {
      return "Must specify the AttributesToGet or ProjectionExpression when choosing to get"
          + " SPECIFIC_ATTRIBUTES";
    }
    if (select.equals("ALL_PROJECTED_ATTRIBUTES") && !indexName) {
      return "ALL_PROJECTED_ATTRIBUTES can be used only when Querying using an IndexName";
    }
    return null;
  }

  /**
   * Resolves the Select mode against what is read, refusing what the target cannot return.
   *
   * @param select the request's Select, already checked by {@link #shapeProblem}
   * @param filterPaths the paths the filter reads
   */
  static Selection resolve(
      @Nullable String select,
      @Nullable ProjectionExpr projection,
      ReadTarget target,
      List<DocPath> filterPaths) {
    Select mode =
        select != null
            ? Select.valueOf(select)
            : projection != null
                ? Select.SPECIFIC_ATTRIBUTES
                : target.index() != null ? Select.ALL_PROJECTED_ATTRIBUTES : Select.ALL_ATTRIBUTES;
    if (target.projectsAll()) {
      return new Selection(mode, projection, false);
    }
    String indexName = target.index().name();
    List<String> missing = projection == null ? List.of() : unprojected(projection.paths(), target);
    if (target.global()) {
      if (mode == Select.ALL_ATTRIBUTES) {
        throw EngineException.validation(
            "One or more parameter values were invalid: Select type ALL_ATTRIBUTES is not"
                + " supported for global secondary index "
                + indexName
                + " because its projection type is not ALL");
      }
      if (!missing.isEmpty()) {
        throw EngineException.validation(
            "One or more parameter values were invalid: Global secondary index "
                + indexName
                + " does not project "
                + missing);
      }
      return new Selection(mode, projection, false);
    }
    boolean fetch =
        mode == Select.ALL_ATTRIBUTES
            || !missing.isEmpty()
            || !unprojected(filterPaths, target).isEmpty();
    return new Selection(mode, projection, fetch);
  }

  /** The item returned for an entry read: {@code source} is the fetched item or the entry. */
  Map<String, AttrValue> output(Map<String, AttrValue> entry, Map<String, AttrValue> source) {
    switch (mode) {
      case ALL_PROJECTED_ATTRIBUTES:
        return entry;
      case SPECIFIC_ATTRIBUTES:
        return projection.apply(source);
      default:
        return source;
    }
  }

  private static List<String> unprojected(List<DocPath> paths, ReadTarget target) {
    List<String> out = new ArrayList<>();
    for (DocPath p : paths) {
      String name = p.topLevel();
      if (!target.projects(name) && !out.contains(name)) {
        out.add(name);
      }
    }
    return out;
  }
}
