package dev.dynakit.engine.internal.item;

import dev.dynakit.engine.internal.capacity.Capacity;
import dev.dynakit.engine.internal.expr.ExpressionContext;
import dev.dynakit.engine.internal.expr.ProjectionExpr;
import dev.dynakit.engine.internal.protocol.Operation;
import dev.dynakit.engine.internal.protocol.Request;
import dev.dynakit.engine.internal.table.Catalog;
import dev.dynakit.engine.internal.table.Table;
import dev.dynakit.engine.internal.value.AttrValue;
import dev.dynakit.engine.internal.value.ItemSize;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** GetItem: read one item by its full key, optionally projected. */
final class GetItemOperation implements Operation {
  private final Catalog catalog;
  private final ItemStore items;

  GetItemOperation(Catalog catalog, ItemStore items) {
    this.catalog = catalog;
    this.items = items;
  }

  @Override
  public Object execute(Request request) {
    ItemRequests.refuseMixing(
        request,
        List.of("AttributesToGet"),
        List.of("ProjectionExpression", "ExpressionAttributeNames"));
    Map<String, AttrValue> keyParam = request.item("Key");
    if (keyParam == null) {
      throw Request.missing("Key");
    }
    ExpressionContext ctx = ItemRequests.context(request);
    ProjectionExpr projection = ItemRequests.projection(request, ctx);
    ctx.checkAllUsed();
    boolean consistent = request.bool("ConsistentRead", false);
    Capacity.Mode capacity = Capacity.Mode.parse(request.string("ReturnConsumedCapacity"));
    Table table = ItemRequests.table(catalog, request);
    PrimaryKey key = KeyFactory.fromKey(table, keyParam);

    Map<String, AttrValue> item = items.read(key);
    if (items.meter() != null) {
      CapacityCharges.admitRead(
          items,
          table,
          null,
          CapacityCharges.partitionValues(table.def().key().hash(), key.attributes()),
          Capacity.readUnits(item == null ? 0 : ItemSize.itemSize(item), consistent));
    }
    Map<String, Object> response = new LinkedHashMap<>();
    if (item != null) {
      response.put("Item", projection == null ? item : projection.apply(item));
    }
    if (capacity != Capacity.Mode.NONE) {
      long size = item == null ? 0 : ItemSize.itemSize(item);
      response.put(
          "ConsumedCapacity",
          Capacity.consumed(
              capacity,
              table.name(),
              Capacity.readUnits(size, consistent),
              Map.of(),
              Map.of(),
              Capacity.Split.NONE));
    }
    return response;
  }
}
