package dev.dynakit.engine.internal.itemops;

import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.internal.expr.ExpressionContext;
import dev.dynakit.engine.internal.item.ItemRequests;
import dev.dynakit.engine.internal.protocol.Request;
import dev.dynakit.engine.internal.table.Violations;
import dev.dynakit.engine.internal.value.AttrValue;
import java.util.List;
import java.util.Map;

/**
 * What PutItem and DeleteItem read before they look at the table: the item or key, and the write's
 * parameters, refused as DynamoDB refuses them (PutItem's bare, DeleteItem's inside the "1
 * validation error detected: " envelope).
 *
 * @param tableName the TableName member, validated
 * @param attributes the item (PutItem) or the key (DeleteItem)
 */
record SimpleWrite(
    String tableName, Map<String, AttrValue> attributes, WriteParameters parameters) {
  private static final List<String> LEGACY = List.of("Expected", "ConditionalOperator");
  private static final List<String> EXPRESSIONS = List.of("ConditionExpression");

  /** Reads the request, whose attributes are the member {@code member} ("Item" or "Key"). */
  static SimpleWrite read(Request request, String member) {
    ItemRequests.refuseWithout(request, member);
    // a malformed table name is refused alone, and the enumerations together, before the rest
    String tableName = ItemRequests.tableName(request);
    Violations enums = new Violations();
    ItemRequests.capacityAndMetricsChoices(request, enums);
    ItemRequests.returnValuesChoice(request, enums);
    enums.throwIfAny();
    try {
      ItemRequests.refuseMixing(request, LEGACY, EXPRESSIONS);
      Map<String, AttrValue> attributes = request.item(member);
      if (attributes == null) {
        throw Request.missing(member);
      }
      ExpressionContext ctx = ItemRequests.context(request);
      return new SimpleWrite(
          tableName, attributes, WriteParameters.read(request, ctx, ItemRequests.OLD_OR_NONE));
    } catch (EngineException e) {
      // DynamoDB reports PutItem's refusals of its parameters bare, DeleteItem's in the envelope
      throw member.equals("Key") ? ItemRequests.enveloped(e) : e;
    }
  }
}
