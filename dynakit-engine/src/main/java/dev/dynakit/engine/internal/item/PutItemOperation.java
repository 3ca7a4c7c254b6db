package dev.dynakit.engine.internal.item;

import dev.dynakit.engine.internal.capacity.Capacity;
import dev.dynakit.engine.internal.expr.ConditionExpr;
import dev.dynakit.engine.internal.expr.ExpressionContext;
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

/** PutItem: create or replace one item, optionally under a condition. */
final class PutItemOperation implements Operation {
  private final Catalog catalog;
  private final ItemStore items;

  PutItemOperation(Catalog catalog, ItemStore items) {
    this.catalog = catalog;
    this.items = items;
  }

  @Override
  public Object execute(Request request) {
    ItemRequests.refuseMixing(
        request,
        List.of("Expected", "ConditionalOperator"),
        List.of("ConditionExpression", "ExpressionAttributeNames", "ExpressionAttributeValues"));
    Map<String, AttrValue> item = request.item("Item");
    if (item == null) {
      throw Request.missing("Item");
    }
    ExpressionContext ctx = ItemRequests.context(request);
    ConditionExpr condition = ItemRequests.condition(request, ctx);
    ctx.checkAllUsed();
    String returnValues = ItemRequests.returnValues(request, List.of("NONE", "ALL_OLD"));
    boolean returnOldOnFailure = ItemRequests.returnOldOnFailure(request);
    Capacity.Mode capacity = Capacity.Mode.parse(request.string("ReturnConsumedCapacity"));
    boolean collectionMetrics = ItemRequests.returnItemCollectionMetrics(request);
    Table table = ItemRequests.table(catalog, request);
    PrimaryKey key = KeyFactory.fromItem(table, item);
    IndexEntries.validate(table, item);
    long newSize = ItemLimits.check(item);

    Map<String, AttrValue> old;
    WriteEffects effects;
    ReentrantLock lock = items.lock(key);
    lock.lock();
    try {
      old = items.read(key);
      if (condition != null && !condition.test(old == null ? Map.of() : old)) {
        throw ItemRequests.conditionFailed(old, returnOldOnFailure);
      }
      effects = items.write(table, key, old, item);
    } finally {
      lock.unlock();
    }

    Map<String, Object> response = new LinkedHashMap<>();
    if (returnValues.equals("ALL_OLD") && old != null) {
      response.put("Attributes", old);
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
}
