package dev.dynakit.engine.internal.item;

import dev.dynakit.engine.internal.capacity.Capacity;
import dev.dynakit.engine.internal.expr.ConditionExpr;
import dev.dynakit.engine.internal.expr.ExpressionContext;
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

/** DeleteItem: remove one item by its full key, optionally under a condition. */
final class DeleteItemOperation implements Operation {
  private final Catalog catalog;
  private final ItemStore items;

  DeleteItemOperation(Catalog catalog, ItemStore items) {
    this.catalog = catalog;
    this.items = items;
  }

  @Override
  public Object execute(Request request) {
    ItemRequests.refuseMixing(
        request,
        List.of("Expected", "ConditionalOperator"),
        List.of("ConditionExpression", "ExpressionAttributeNames", "ExpressionAttributeValues"));
    Map<String, AttrValue> keyParam = request.item("Key");
    if (keyParam == null) {
      throw Request.missing("Key");
    }
    ExpressionContext ctx = ItemRequests.context(request);
    ConditionExpr condition = ItemRequests.condition(request, ctx);
    ctx.checkAllUsed();
    String returnValues = ItemRequests.returnValues(request, List.of("NONE", "ALL_OLD"));
    boolean returnOldOnFailure = ItemRequests.returnOldOnFailure(request);
    Capacity.Mode capacity = Capacity.Mode.parse(request.string("ReturnConsumedCapacity"));
    boolean collectionMetrics = ItemRequests.returnItemCollectionMetrics(request);
    Table table = ItemRequests.table(catalog, request);
    PrimaryKey key = KeyFactory.fromKey(table, keyParam);

    Map<String, AttrValue> old;
    WriteEffects effects = WriteEffects.NONE;
    ReentrantLock lock = items.lock(key);
    lock.lock();
    try {
      old = items.read(key);
      if (condition != null && !condition.test(old == null ? Map.of() : old)) {
        throw ItemRequests.conditionFailed(old, returnOldOnFailure);
      }
      if (old != null) {
        effects = items.write(table, key, old, null);
      }
    } finally {
      lock.unlock();
    }

    Map<String, Object> response = new LinkedHashMap<>();
    if (returnValues.equals("ALL_OLD") && old != null) {
      response.put("Attributes", old);
    }
    if (capacity != Capacity.Mode.NONE) {
      long size = old == null ? 0 : ItemSize.itemSize(old);
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
}
