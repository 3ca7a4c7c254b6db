package dev.dynakit.engine.internal.item;

import dev.dynakit.engine.EngineException;
import dev.dynakit.engine.internal.expr.ExpressionContext;
import dev.dynakit.engine.internal.protocol.Operation;
import dev.dynakit.engine.internal.protocol.Request;
import dev.dynakit.engine.internal.table.Catalog;
import dev.dynakit.engine.internal.table.Table;
import dev.dynakit.engine.internal.value.AttrValue;
import java.util.List;
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
    Map<String, AttrValue> keyParam;
    WriteParameters parameters;
    try {
      ItemRequests.refuseMixing(
          request, List.of("Expected", "ConditionalOperator"), List.of("ConditionExpression"));
      keyParam = request.item("Key");
      if (keyParam == null) {
        throw Request.missing("Key");
      }
      ExpressionContext ctx = ItemRequests.context(request);
      parameters = WriteParameters.read(request, ctx, List.of("NONE", "ALL_OLD"));
    } catch (EngineException e) {
      throw ItemRequests.enveloped(e);
    }
    Table table = ItemRequests.table(catalog, request);
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
