package dev.dynakit.engine.internal.itemops;

import dev.dynakit.engine.internal.index.IndexEntries;
import dev.dynakit.engine.internal.item.ItemLimits;
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
    SimpleWrite write = SimpleWrite.read(request, "Item");
    Map<String, AttrValue> item = write.attributes();
    WriteParameters parameters = write.parameters();
    Table table = ItemRequests.table(catalog, write.tableName());
    PrimaryKey key = KeyFactory.fromItem(table, item);
    IndexEntries.validate(table, item);
    // encoded once, here: the encoding also carries the size the limit is checked against
    byte[] encoded = ItemLimits.encode(item);

    ConditionalWrite.Outcome outcome =
        ConditionalWrite.put(items, table, key, parameters, item, encoded);
    return ConditionalWrite.response(
        items,
        table,
        key,
        parameters,
        outcome,
        parameters.returnValues().equals("ALL_OLD") ? outcome.oldItem() : null);
  }
}
