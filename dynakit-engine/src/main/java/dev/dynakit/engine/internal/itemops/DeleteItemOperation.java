package dev.dynakit.engine.internal.itemops;

import dev.dynakit.engine.internal.item.ItemRequests;
import dev.dynakit.engine.internal.item.ItemStore;
import dev.dynakit.engine.internal.item.KeyFactory;
import dev.dynakit.engine.internal.item.PrimaryKey;
import dev.dynakit.engine.internal.protocol.Operation;
import dev.dynakit.engine.internal.protocol.Request;
import dev.dynakit.engine.internal.table.Catalog;
import dev.dynakit.engine.internal.table.Table;
import dev.dynakit.engine.internal.value.AttrValue;
import java.util.Map;

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
    SimpleWrite write = SimpleWrite.read(request, "Key");
    Map<String, AttrValue> keyParam = write.attributes();
    WriteParameters parameters = write.parameters();
    Table table = ItemRequests.table(catalog, write.tableName());
    PrimaryKey key = KeyFactory.fromKey(table, keyParam);

    ConditionalWrite.Outcome outcome =
        ConditionalWrite.run(items, table, key, parameters, old -> null);
    return ConditionalWrite.response(
        items,
        table,
        key,
        parameters,
        outcome,
        parameters.returnValues().equals("ALL_OLD") ? outcome.oldItem() : null);
  }
}
