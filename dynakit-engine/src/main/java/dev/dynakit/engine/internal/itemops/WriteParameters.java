package dev.dynakit.engine.internal.itemops;

import dev.dynakit.engine.internal.capacity.Capacity;
import dev.dynakit.engine.internal.expr.ConditionExpr;
import dev.dynakit.engine.internal.expr.ExpressionContext;
import dev.dynakit.engine.internal.item.ItemRequests;
import dev.dynakit.engine.internal.protocol.Request;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What every single-item write (PutItem, UpdateItem, DeleteItem) reads besides its own item or
 * update: the condition, what to return, and which metrics to report.
 */
record WriteParameters(
    @Nullable ConditionExpr condition,
    String returnValues,
    boolean returnOldOnFailure,
    Capacity.Mode capacity,
    boolean collectionMetrics) {

  /**
   * Reads the shared parameters; call after the operation parsed its own expressions into {@code
   * ctx}, since this also checks that every placeholder was used.
   */
  static WriteParameters read(
      Request request, ExpressionContext ctx, List<String> allowedReturnValues) {
    ConditionExpr condition = ItemRequests.condition(request, ctx);
    ctx.checkAllUsed();
    return new WriteParameters(
        condition,
        ItemRequests.returnValues(request, allowedReturnValues),
        ItemRequests.returnOldOnFailure(request),
        Capacity.Mode.parse(request.string("ReturnConsumedCapacity")),
        ItemRequests.returnItemCollectionMetrics(request));
  }
}
