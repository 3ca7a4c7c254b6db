package dev.dynakit.engine.internal.query;

import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.internal.expr.ConditionExpr;
import dev.dynakit.engine.internal.expr.DocPath;
import dev.dynakit.engine.internal.expr.ExpressionContext;
import dev.dynakit.engine.internal.expr.Expressions;
import dev.dynakit.engine.internal.expr.Legacy;
import dev.dynakit.engine.internal.expr.ProjectionExpr;
import dev.dynakit.engine.internal.protocol.Request;
import dev.dynakit.engine.internal.table.Catalog;
import dev.dynakit.engine.internal.table.IndexDef;
import dev.dynakit.engine.internal.table.Table;
import dev.dynakit.engine.internal.table.Violations;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** The request members Query and Scan share, read and validated as DynamoDB does. */
final class ReadRequests {
  private ReadRequests() {}

  /** The shape checks of the shared members; the operation adds its own, then throws. */
  static Violations shape(Request request) {
    Violations v = new Violations();
    String tableName = request.string("TableName");
    v.notNull("tableName", tableName);
    v.name("tableName", tableName);
    v.name("indexName", request.string("IndexName"));
    v.oneOf("select", request.string("Select"), Selection.SELECT_VALUES);
    v.oneOf(
        "returnConsumedCapacity",
        request.string("ReturnConsumedCapacity"),
        List.of("INDEXES", "TOTAL", "NONE"));
    v.size("attributesToGet", request.strings("AttributesToGet"), 1, 255);
    return v;
  }

  /** The refusal of a Select that does not fit the request's projection or index, or null. */
  static @Nullable String selectProblem(Request request) {
    return Selection.shapeProblem(
        request.string("Select"),
        request.has("ProjectionExpression"),
        request.has("AttributesToGet"),
        request.has("IndexName"));
  }

  /**
   * The filter: FilterExpression, or the legacy filter member with ConditionalOperator; null when
   * there is none.
   *
   * @param legacyName "QueryFilter" or "ScanFilter"
   */
  static @Nullable ConditionExpr filter(Request request, ExpressionContext ctx, String legacyName) {
    String text = request.string("FilterExpression");
    if (text != null) {
      return Expressions.condition(text, ctx, "FilterExpression");
    }
    Map<String, Object> legacy = request.map(legacyName);
    if (legacy != null) {
      return Legacy.conditions(legacy, request.string("ConditionalOperator"), legacyName);
    }
    if (request.has("ConditionalOperator")) {
      throw EngineException.validation(
          "ConditionalOperator can only be used when Expected or QueryFilter or ScanFilter are"
              + " present");
    }
    return null;
  }

  /** The paths a filter reads (none without a filter). */
  static List<DocPath> filterPaths(@Nullable ConditionExpr filter) {
    return filter == null ? List.of() : Expressions.paths(filter);
  }

  /** The table, or DynamoDB's ResourceNotFoundException. */
  static Table table(Catalog catalog, String name) {
    Table table = catalog.find(name);
    if (table == null) {
      throw EngineException.notFound("Requested resource not found");
    }
    return table;
  }

  /** The base table or the named index, refusing what DynamoDB cannot read. */
  static ReadTarget target(Table table, @Nullable String indexName, boolean consistent) {
    if (indexName == null) {
      return new ReadTarget(table, null);
    }
    IndexDef index = table.def().index(indexName);
    if (index == null) {
      throw EngineException.validation("The table does not have the specified index: " + indexName);
    }
    if (index.global() && consistent) {
      throw EngineException.validation(
          "Consistent reads are not supported on global secondary indexes");
    }
    if (index.global() && (index.backfilling() || !index.status().equals("ACTIVE"))) {
      throw EngineException.validation(
          "Cannot read from backfilling global secondary index: " + indexName);
    }
    return new ReadTarget(table, index);
  }

  /**
   * Refuses document paths into key attributes ({@code pk.a}, {@code sk[0]}) in projections and
   * filters: key attributes are scalars.
   */
  static void checkKeyPaths(Table table, List<DocPath> paths) {
    for (DocPath p : paths) {
      if (p.isTopLevel()) {
        continue;
      }
      String name = p.topLevel();
      String kind = null;
      if (table.def().key().contains(name)) {
        kind = "Key";
      } else if (isIndexKey(table, name)) {
        kind = "IndexKey";
      }
      if (kind != null) {
        throw EngineException.validation(
            "Key attributes must be scalars; list random access '[]' and map lookup '.' are not"
                + " allowed: "
                + kind
                + ": "
                + name);
      }
    }
  }

  private static boolean isIndexKey(Table table, String name) {
    List<IndexDef> all = new ArrayList<>(table.def().globalIndexes());
    all.addAll(table.def().localIndexes());
    for (IndexDef i : all) {
      if (i.key().contains(name)) {
        return true;
      }
    }
    return false;
  }

  /** The projection's paths (none without a projection). */
  static List<DocPath> projectionPaths(@Nullable ProjectionExpr projection) {
    return projection == null ? List.of() : projection.paths();
  }
}
