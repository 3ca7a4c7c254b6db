package dev.dynakit.engine.internal.partiql;

import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.internal.item.ItemRequests;
import dev.dynakit.engine.internal.table.Catalog;
import dev.dynakit.engine.internal.table.IndexDef;
import dev.dynakit.engine.internal.table.KeyAttr;
import dev.dynakit.engine.internal.table.KeySchema;
import dev.dynakit.engine.internal.table.TableDef;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

/** Plans a parsed statement as the DynamoDB operation that does its work. */
final class Planner {
  private final Catalog catalog;

  Planner(Catalog catalog) {
    this.catalog = catalog;
  }

  /**
   * The plan of {@code statement} with its placeholders bound to {@code parameters}; {@code
   * singleItemReads} asks that a SELECT name one item by its whole key (as batches and transactions
   * require), which then becomes a GetItem.
   */
  Plan plan(Statement statement, List<Object> parameters, boolean singleItemReads) {
    if (statement.parameterCount() != parameters.size()) {
      throw PartiqlErrors.parameterCountMismatch();
    }
    TableDef def = ItemRequests.table(catalog, statement.table()).def();
    if (statement instanceof Statement.Select select) {
      return singleItemReads
          ? getItem(select, def, parameters)
          : queryOrScan(select, def, parameters);
    } else if (statement instanceof Statement.Insert insert) {
      return insert(insert, def, parameters);
    } else if (statement instanceof Statement.Update update) {
      return update(update, def, parameters);
    }
    return delete((Statement.Delete) statement, def, parameters);
  }

  private Plan queryOrScan(Statement.Select select, TableDef def, List<Object> parameters) {
    KeySchema key = def.key();
    Map<String, Object> request = new LinkedHashMap<>();
    request.put("TableName", def.name());
    if (select.index() != null) {
      IndexDef index = def.index(select.index());
      if (index == null) {
        throw EngineException.validation(
            "The table does not have the specified index: " + select.index());
      }
      key = index.key();
      request.put("IndexName", select.index());
    }
    ExpressionWriter writer = new ExpressionWriter(parameters);
    KeyConditions split = KeyConditions.split(select.where(), key);
    boolean query = split != null && !KeyConditions.readsKey(split.rest(), key);
    String operation;
    if (query) {
      operation = "Query";
      StringJoiner keyCondition = new StringJoiner(" AND ");
      split.partition().forEach(e -> keyCondition.add(writer.write(e)));
      if (split.sort() != null) {
        keyCondition.add(writer.write(KeyConditions.keyOnLeft(split.sort())));
      }
      request.put("KeyConditionExpression", keyCondition.toString());
      putFilter(request, writer, split.rest());
      request.put("ScanIndexForward", !select.descending());
    } else {
      if (select.descending()) {
        throw EngineException.validation(
            "ORDER BY DESC needs a WHERE clause with an equality on the partition key");
      }
      operation = "Scan";
      putFilter(request, writer, KeyConditions.conjuncts(select.where()));
    }
    putProjection(request, writer, select.projection());
    writer.addTo(request);
    return new Plan(operation, request, Plan.Kind.READ_MANY, def.name());
  }

  private Plan getItem(Statement.Select select, TableDef def, List<Object> parameters) {
    if (select.index() != null) {
      throw PartiqlErrors.missingKeyEquality();
    }
    List<Expr> conjuncts = KeyConditions.conjuncts(select.where());
    Map<String, Object> request = new LinkedHashMap<>();
    request.put("TableName", def.name());
    request.put("Key", key(conjuncts, def.key(), parameters));
    if (!conjuncts.isEmpty()) {
      throw PartiqlErrors.missingKeyEquality();
    }
    ExpressionWriter writer = new ExpressionWriter(parameters);
    putProjection(request, writer, select.projection());
    writer.addTo(request);
    return new Plan("GetItem", request, Plan.Kind.READ_ONE, def.name());
  }

  private Plan insert(Statement.Insert insert, TableDef def, List<Object> parameters) {
    Map<String, Object> request = new LinkedHashMap<>();
    request.put("TableName", def.name());
    request.put("Item", Values.members(insert.item(), parameters));
    ExpressionWriter writer = new ExpressionWriter(List.of());
    String hash = def.key().hash().get(0).name();
    request.put(
        "ConditionExpression",
        "attribute_not_exists(" + writer.path(new Expr.Path(List.of(hash))) + ")");
    writer.addTo(request);
    return new Plan("PutItem", request, Plan.Kind.INSERT, def.name());
  }

  private Plan update(Statement.Update update, TableDef def, List<Object> parameters) {
    List<Expr> conjuncts = KeyConditions.conjuncts(update.where());
    Map<String, Object> request = new LinkedHashMap<>();
    request.put("TableName", def.name());
    request.put("Key", key(conjuncts, def.key(), parameters));
    ExpressionWriter writer = new ExpressionWriter(parameters);
    request.put("UpdateExpression", UpdateActions.write(update, writer));
    // UPDATE changes an item that exists; it never creates one as UpdateItem would
    String exists =
        "attribute_exists("
            + writer.path(new Expr.Path(List.of(def.key().hash().get(0).name())))
            + ")";
    request.put("ConditionExpression", condition(exists, conjuncts, writer));
    if (update.returnValues() != null) {
      request.put("ReturnValues", update.returnValues());
    }
    writer.addTo(request);
    return new Plan("UpdateItem", request, Plan.Kind.WRITE, def.name());
  }

  private Plan delete(Statement.Delete delete, TableDef def, List<Object> parameters) {
    List<Expr> conjuncts = KeyConditions.conjuncts(delete.where());
    Map<String, Object> request = new LinkedHashMap<>();
    request.put("TableName", def.name());
    request.put("Key", key(conjuncts, def.key(), parameters));
    ExpressionWriter writer = new ExpressionWriter(parameters);
    if (!conjuncts.isEmpty()) {
      request.put("ConditionExpression", condition(null, conjuncts, writer));
    }
    if (delete.returnValues() != null) {
      if (!delete.returnValues().equals("ALL_OLD")) {
        throw PartiqlErrors.unsupported("DELETE returns ALL OLD * only");
      }
      request.put("ReturnValues", "ALL_OLD");
    }
    writer.addTo(request);
    return new Plan("DeleteItem", request, Plan.Kind.WRITE, def.name());
  }

  /**
   * The item key from the equalities on every key attribute, which it takes out of {@code
   * conjuncts}; refused when one is missing.
   */
  private static Map<String, Object> key(
      List<Expr> conjuncts, KeySchema key, List<Object> parameters) {
    Map<String, Object> item = new LinkedHashMap<>();
    for (KeyAttr attr : key.all()) {
      Expr equality = KeyConditions.equalityOn(conjuncts, attr.name());
      if (equality == null) {
        throw PartiqlErrors.missingKeyEquality();
      }
      conjuncts.remove(equality);
      item.put(attr.name(), Values.constant(KeyConditions.constantOf(equality), parameters));
    }
    return item;
  }

  private static String condition(String first, List<Expr> conjuncts, ExpressionWriter writer) {
    List<String> parts = new ArrayList<>();
    if (first != null) {
      parts.add(first);
    }
    conjuncts.forEach(e -> parts.add(writer.write(e)));
    return String.join(" AND ", parts);
  }

  private static void putFilter(
      Map<String, Object> request, ExpressionWriter writer, List<Expr> conjuncts) {
    if (!conjuncts.isEmpty()) {
      request.put("FilterExpression", condition(null, conjuncts, writer));
    }
  }

  private static void putProjection(
      Map<String, Object> request, ExpressionWriter writer, List<Expr.Path> projection) {
    if (!projection.isEmpty()) {
      StringJoiner paths = new StringJoiner(", ");
      projection.forEach(p -> paths.add(writer.path(p)));
      request.put("ProjectionExpression", paths.toString());
    }
  }
}
