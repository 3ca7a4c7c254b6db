package dev.dynakit.engine.internal.query;

import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.internal.capacity.Capacity;
import dev.dynakit.engine.internal.expr.ConditionExpr;
import dev.dynakit.engine.internal.expr.DocPath;
import dev.dynakit.engine.internal.expr.ExpressionContext;
import dev.dynakit.engine.internal.expr.Expressions;
import dev.dynakit.engine.internal.expr.KeyConditionExpr;
import dev.dynakit.engine.internal.expr.Legacy;
import dev.dynakit.engine.internal.expr.ProjectionExpr;
import dev.dynakit.engine.internal.item.CapacityCharges;
import dev.dynakit.engine.internal.item.ItemRequests;
import dev.dynakit.engine.internal.item.ItemStore;
import dev.dynakit.engine.internal.protocol.Operation;
import dev.dynakit.engine.internal.protocol.Request;
import dev.dynakit.engine.internal.table.Catalog;
import dev.dynakit.engine.internal.table.Table;
import dev.dynakit.engine.internal.table.Violations;
import dev.dynakit.engine.internal.value.AttrValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Query: one partition of the table or of an index, narrowed by sort-key conditions, read in sort
 * order or backwards, one page at a time.
 */
final class QueryOperation implements Operation {
  private static final List<String> EXPRESSION_PARAMETERS =
      List.of("ProjectionExpression", "FilterExpression", "KeyConditionExpression");

  private final Catalog catalog;
  private final PageReader reader;
  private final ItemStore items;

  QueryOperation(Catalog catalog, PageReader reader, ItemStore items) {
    this.catalog = catalog;
    this.reader = reader;
    this.items = items;
  }

  @Override
  public Object execute(Request request) {
    String operator = request.string("ConditionalOperator");
    if (operator != null && !operator.equals("AND") && !operator.equals("OR")) {
      // Query alone refuses it bare, before any other check, and names a set of its own
      throw EngineException.validation(
          "Failed to satisfy constraint: Member must satisfy enum value set: [ALL, OR]");
    }
    Violations shape = ReadRequests.shape(request);
    Long limit = request.integer("Limit");
    if (limit != null && limit < 1) {
      // Query's words: the member's own name, without its value (Scan quotes the value)
      shape.message(
          "Value at 'Limit' failed to satisfy constraint: Member must have value greater than or"
              + " equal to 1");
    }
    String selectProblem = ReadRequests.selectProblem(request);
    if (selectProblem != null) {
      // Query reports Select misfits among the shape errors ("1 validation error detected: ..."),
      // unlike Scan.
      shape.message(selectProblem);
    }
    shape.throwIfAny();
    refuseMixing(request);
    if (!request.has("KeyConditions") && !request.has("KeyConditionExpression")) {
      throw EngineException.validation(
          "Either the KeyConditions or KeyConditionExpression parameter must be specified in the"
              + " request.");
    }
    ExpressionContext ctx = ItemRequests.context(request);
    KeyConditionExpr keyCondition = keyCondition(request, ctx);
    ConditionExpr filter = ReadRequests.filter(request, ctx, "QueryFilter");
    ProjectionExpr projection = ItemRequests.projection(request, ctx);
    ctx.checkAllUsed(List.of("FilterExpression", "KeyConditionExpression"));
    Map<String, AttrValue> start = StartKey.parse(request);
    boolean consistent = request.bool("ConsistentRead", false);
    boolean forward = request.bool("ScanIndexForward", true);
    Capacity.Mode capacity = Capacity.Mode.parse(request.string("ReturnConsumedCapacity"));

    Table table = ReadRequests.table(catalog, request.string("TableName"));
    ReadTarget target = ReadRequests.target(table, request.string("IndexName"), consistent);
    if (!request.has("KeyConditionExpression")
        && keyCondition.conditions().size() > Math.max(2, target.key().all().size())) {
      throw EngineException.validation("Conditions can be of length 1 or 2 only");
    }
    KeyRange keys = KeyRange.of(target, keyCondition);
    byte[][] range = keys.range();
    if (start != null) {
      StartKey.check(start, target, StartKey.INVALID);
      keys.checkStart(start);
      range = KeyRange.after(range, target.storageKey(start), !forward);
    }
    ReadRequests.checkKeyPaths(table, ReadRequests.projectionPaths(projection));
    List<DocPath> filterPaths = ReadRequests.filterPaths(filter);
    checkFilterKeys(
        target, filterPaths, request.has("FilterExpression") ? "Filter Expression" : "QueryFilter");
    Selection selection =
        Selection.resolve(request.string("Select"), projection, target, filterPaths);
    ReadRequests.checkKeyPaths(table, filterPaths);

    Page page =
        reader.read(
            target,
            range,
            !forward,
            request.integer("Limit"),
            filter,
            selection,
            consistent,
            capacity != Capacity.Mode.NONE || items.meter() != null);
    if (items.meter() != null) {
      CapacityCharges.admitRead(
          items,
          table,
          target.index(),
          keys.partitionValues(),
          Capacity.readUnitsTotal(page.bytesRead(), consistent) + page.fetchUnits());
    }
    return PageResponse.of(page, selection, target, capacity, consistent);
  }

  /**
   * Legacy and expression members may not mix, except that KeyConditions may come with a
   * FilterExpression or ProjectionExpression as long as there is no KeyConditionExpression.
   */
  private static void refuseMixing(Request request) {
    List<String> legacy =
        new ArrayList<>(List.of("AttributesToGet", "QueryFilter", "ConditionalOperator"));
    if (request.has("KeyConditionExpression")) {
      legacy.add("KeyConditions");
    }
    ItemRequests.refuseMixing(request, legacy, EXPRESSION_PARAMETERS);
  }

  private static KeyConditionExpr keyCondition(Request request, ExpressionContext ctx) {
    String text = request.string("KeyConditionExpression");
    if (text != null) {
      return Expressions.keyCondition(text, ctx);
    }
    return Legacy.keyConditions(request.map("KeyConditions"));
  }

  /** A Query's filter may not read the key attributes the query is ordered by. */
  private static void checkFilterKeys(ReadTarget target, List<DocPath> paths, String what) {
    for (DocPath p : paths) {
      if (target.key().contains(p.topLevel())) {
        throw EngineException.validation(
            what
                + " can only contain non-primary key attributes: Primary key attribute: "
                + p.topLevel());
      }
    }
  }
}
