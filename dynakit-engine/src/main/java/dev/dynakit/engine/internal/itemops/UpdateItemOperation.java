package dev.dynakit.engine.internal.itemops;

import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.internal.expr.DocPath;
import dev.dynakit.engine.internal.expr.ExpressionContext;
import dev.dynakit.engine.internal.expr.Expressions;
import dev.dynakit.engine.internal.expr.Legacy;
import dev.dynakit.engine.internal.expr.ProjectionExpr;
import dev.dynakit.engine.internal.expr.UpdateExpr;
import dev.dynakit.engine.internal.item.ItemRequests;
import dev.dynakit.engine.internal.item.ItemStore;
import dev.dynakit.engine.internal.item.ItemUpdates;
import dev.dynakit.engine.internal.item.KeyFactory;
import dev.dynakit.engine.internal.item.PrimaryKey;
import dev.dynakit.engine.internal.protocol.Operation;
import dev.dynakit.engine.internal.protocol.Request;
import dev.dynakit.engine.internal.table.Catalog;
import dev.dynakit.engine.internal.table.Table;
import dev.dynakit.engine.internal.table.Violations;
import dev.dynakit.engine.internal.value.AttrValue;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * UpdateItem: change attributes of one item (creating it when absent), optionally under a
 * condition, with every ReturnValues choice.
 */
final class UpdateItemOperation implements Operation {
  private static final List<String> LEGACY =
      List.of("AttributeUpdates", "Expected", "ConditionalOperator");
  private static final List<String> EXPRESSIONS =
      List.of("UpdateExpression", "ConditionExpression");

  private final Catalog catalog;
  private final ItemStore items;

  UpdateItemOperation(Catalog catalog, ItemStore items) {
    this.catalog = catalog;
    this.items = items;
  }

  @Override
  public Object execute(Request request) {
    ItemRequests.refuseWithout(request, "Key");
    // a malformed table name is refused alone, and the enumerations together, before the rest
    String tableName = ItemRequests.tableName(request);
    Violations enums = new Violations();
    ItemRequests.capacityAndMetricsChoices(request, enums);
    ItemRequests.returnValuesChoice(request, enums);
    enums.throwIfAny();
    Map<String, AttrValue> keyParam;
    UpdateExpr update;
    WriteParameters parameters;
    // DynamoDB reports UpdateItem's refusals of its parameters bare (no "1 validation error
    // detected: " envelope)
    ItemRequests.refuseMixing(request, LEGACY, EXPRESSIONS);
    keyParam = request.item("Key");
    if (keyParam == null) {
      throw Request.missing("Key");
    }
    ExpressionContext ctx = ItemRequests.context(request);
    update = update(request, ctx);
    parameters = WriteParameters.read(request, ctx, ItemRequests.ANY_RETURN_VALUES);
    Table table = ItemRequests.table(catalog, tableName);
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

    ConditionalWrite.Outcome outcome =
        ConditionalWrite.run(
            items, table, key, parameters, old -> ItemUpdates.apply(table, key, update, old));
    return ConditionalWrite.response(
        items,
        table,
        key,
        parameters,
        outcome,
        returned(parameters.returnValues(), update, outcome.oldItem(), outcome.newItem()));
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
      @Nullable Map<String, AttrValue> updated) {
    switch (returnValues) {
      case "ALL_OLD":
        return old;
      case "ALL_NEW":
        return updated;
      case "UPDATED_OLD":
        return old == null || update == null ? null : updatedPaths(update).apply(old);
      case "UPDATED_NEW":
        return update == null || updated == null ? null : updatedPaths(update).apply(updated);
      default:
        return null;
    }
  }

  private static ProjectionExpr updatedPaths(UpdateExpr update) {
    return Expressions.projectionOf(update.updatedPaths());
  }
}
