package dev.dynakit.engine.internal.item;

import dev.dynakit.engine.EngineException;
import dev.dynakit.engine.internal.capacity.Capacity;
import dev.dynakit.engine.internal.expr.ConditionExpr;
import dev.dynakit.engine.internal.expr.DocPath;
import dev.dynakit.engine.internal.expr.ExpressionContext;
import dev.dynakit.engine.internal.expr.Expressions;
import dev.dynakit.engine.internal.expr.Legacy;
import dev.dynakit.engine.internal.expr.ProjectionExpr;
import dev.dynakit.engine.internal.expr.UpdateExpr;
import dev.dynakit.engine.internal.index.IndexEntries;
import dev.dynakit.engine.internal.index.WriteEffects;
import dev.dynakit.engine.internal.protocol.Operation;
import dev.dynakit.engine.internal.protocol.Request;
import dev.dynakit.engine.internal.table.Catalog;
import dev.dynakit.engine.internal.table.Table;
import dev.dynakit.engine.internal.value.AttrValue;
import dev.dynakit.engine.internal.value.ItemSize;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;
import org.jspecify.annotations.Nullable;

/**
 * UpdateItem: change attributes of one item (creating it when absent), optionally under a
 * condition, with every ReturnValues choice.
 */
final class UpdateItemOperation implements Operation {
  private final Catalog catalog;
  private final ItemStore items;

  UpdateItemOperation(Catalog catalog, ItemStore items) {
    this.catalog = catalog;
    this.items = items;
  }

  @Override
  public Object execute(Request request) {
    ItemRequests.refuseMixing(
        request,
        List.of("AttributeUpdates", "Expected", "ConditionalOperator"),
        List.of(
            "UpdateExpression",
            "ConditionExpression",
            "ExpressionAttributeNames",
            "ExpressionAttributeValues"));
    Map<String, AttrValue> keyParam = request.item("Key");
    if (keyParam == null) {
      throw Request.missing("Key");
    }
    ExpressionContext ctx = ItemRequests.context(request);
    UpdateExpr update = update(request, ctx);
    ConditionExpr condition = ItemRequests.condition(request, ctx);
    ctx.checkAllUsed();
    String returnValues =
        ItemRequests.returnValues(
            request, List.of("NONE", "ALL_OLD", "UPDATED_OLD", "ALL_NEW", "UPDATED_NEW"));
    boolean returnOldOnFailure = ItemRequests.returnOldOnFailure(request);
    Capacity.Mode capacity = Capacity.Mode.parse(request.string("ReturnConsumedCapacity"));
    boolean collectionMetrics = ItemRequests.returnItemCollectionMetrics(request);
    Table table = ItemRequests.table(catalog, request);
    PrimaryKey key = KeyFactory.fromKey(table, keyParam);
    if (update != null) {
      for (DocPath path : update.updatedPaths()) {
        if (table.def().key().contains(path.topLevel())) {
          throw EngineException.validation(
              "One or more parameter values were invalid: Cannot update attribute "
                  + path.topLevel()
                  + ". This attribute is part of the key");
        }
      }
    }

    Map<String, AttrValue> old;
    Map<String, AttrValue> updated;
    long newSize;
    WriteEffects effects;
    ReentrantLock lock = items.lock(key);
    lock.lock();
    try {
      old = items.read(key);
      if (condition != null && !condition.test(old == null ? Map.of() : old)) {
        throw ItemRequests.conditionFailed(old, returnOldOnFailure);
      }
      Map<String, AttrValue> base = old != null ? old : key.attributes();
      updated = update == null ? base : update.apply(base);
      newSize = ItemLimits.check(updated);
      IndexEntries.validateUpdated(table, updated);
      effects = items.write(table, key, old, updated);
    } finally {
      lock.unlock();
    }

    Map<String, Object> response = new LinkedHashMap<>();
    Map<String, AttrValue> attributes = returned(returnValues, update, old, updated);
    if (attributes != null && !attributes.isEmpty()) {
      response.put("Attributes", attributes);
    }
    if (capacity != Capacity.Mode.NONE) {
      long size = Math.max(newSize, old == null ? 0 : ItemSize.itemSize(old));
      response.put(
          "ConsumedCapacity",
          effects.consumedCapacity(capacity, table.name(), Capacity.writeUnits(size)));
    }
    if (collectionMetrics) {
      Map<String, Object> metrics = items.itemCollectionMetrics(table, key);
      if (metrics != null) {
        response.put("ItemCollectionMetrics", metrics);
      }
    }
    return response;
  }

  private static @Nullable UpdateExpr update(Request request, ExpressionContext ctx) {
    String text = request.string("UpdateExpression");
    if (text != null) {
      return Expressions.update(text, ctx);
    }
    Map<String, Object> legacy = request.map("AttributeUpdates");
    return legacy == null ? null : Legacy.attributeUpdates(legacy);
  }

  private static @Nullable Map<String, AttrValue> returned(
      String returnValues,
      @Nullable UpdateExpr update,
      @Nullable Map<String, AttrValue> old,
      Map<String, AttrValue> updated) {
    switch (returnValues) {
      case "ALL_OLD":
        return old;
      case "ALL_NEW":
        return updated;
      case "UPDATED_OLD":
        return old == null || update == null ? null : updatedPaths(update).apply(old);
      case "UPDATED_NEW":
        return update == null ? null : updatedPaths(update).apply(updated);
      default:
        return null;
    }
  }

  private static ProjectionExpr updatedPaths(UpdateExpr update) {
    return Expressions.projectionOf(update.updatedPaths());
  }
}
