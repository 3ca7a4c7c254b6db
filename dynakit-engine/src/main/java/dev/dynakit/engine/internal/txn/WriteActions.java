package dev.dynakit.engine.internal.txn;

import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.internal.batch.ConstraintErrors;
import dev.dynakit.engine.internal.batch.TableKeys;
import dev.dynakit.engine.internal.expr.ConditionExpr;
import dev.dynakit.engine.internal.expr.DocPath;
import dev.dynakit.engine.internal.expr.ExpressionContext;
import dev.dynakit.engine.internal.expr.Expressions;
import dev.dynakit.engine.internal.expr.UpdateExpr;
import dev.dynakit.engine.internal.index.IndexEntries;
import dev.dynakit.engine.internal.item.ItemLimits;
import dev.dynakit.engine.internal.item.ItemRequests;
import dev.dynakit.engine.internal.item.KeyFactory;
import dev.dynakit.engine.internal.item.PrimaryKey;
import dev.dynakit.engine.internal.protocol.Request;
import dev.dynakit.engine.internal.protocol.WireValues;
import dev.dynakit.engine.internal.table.Catalog;
import dev.dynakit.engine.internal.table.Table;
import dev.dynakit.engine.internal.value.AttrValue;
import dev.dynakit.engine.internal.value.ItemSize;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Reads and validates the TransactItems of a TransactWriteItems request, in DynamoDB's order:
 * member constraints of the whole request first (reported together), then each action's values and
 * expressions in request order, then tables, keys and items, then targets shared by two actions and
 * the payload size. What DynamoDB refuses up front is a ValidationException; a key or item that
 * does not fit its table is left on the action for the transaction to cancel with.
 */
final class WriteActions {
  static final int MAX_ACTIONS = 100;
  static final long MAX_PAYLOAD_BYTES = 4L * 1024 * 1024;
  private static final List<String> RETURN_VALUES_ON_FAILURE = List.of("ALL_OLD", "NONE");

  private WriteActions() {}

  /** One action as read from the request, before its table is known. */
  private record Parsed(
      WriteAction.Kind kind,
      String tableName,
      @Nullable Map<String, AttrValue> attributes,
      @Nullable ConditionExpr condition,
      @Nullable UpdateExpr update,
      boolean returnOldOnFailure) {}

  /** The member constraints of a TransactWriteItems request, all reported together. */
  static void checkMembers(Request request) {
    ConstraintErrors errors = new ConstraintErrors();
    errors.length("clientRequestToken", request.string("ClientRequestToken"), 1, 36);
    List<Object> raw = request.list("TransactItems");
    if (errors.notNull("transactItems", request.raw("TransactItems"))) {
      errors.size(
          "transactItems", raw.size(), 1, MAX_ACTIONS, () -> ListText.of(raw, "TransactWriteItem"));
    }
    errors.returnConsumedCapacity(request.string("ReturnConsumedCapacity"));
    errors.returnItemCollectionMetrics(request.string("ReturnItemCollectionMetrics"));
    errors.throwIfAny();
    List<Request> actions = request.objects("TransactItems");
    for (int i = 0; i < actions.size(); i++) {
      Request a = actions.get(i);
      WriteAction.Kind kind = kindOf(a);
      Request body = a.object(kind.member);
      String path = "transactItems." + (i + 1) + ".member." + camel(kind.member);
      String tableName = body.string("TableName");
      if (errors.notNull(path + ".tableName", tableName)) {
        errors.tableName(path + ".tableName", tableName);
      }
      switch (kind) {
        case PUT:
          errors.notNull(path + ".item", body.raw("Item"));
          break;
        case UPDATE:
          errors.notNull(path + ".key", body.raw("Key"));
          errors.notNull(path + ".updateExpression", body.raw("UpdateExpression"));
          break;
        case DELETE:
          errors.notNull(path + ".key", body.raw("Key"));
          break;
        default:
          errors.notNull(path + ".key", body.raw("Key"));
          errors.notNull(path + ".conditionExpression", body.raw("ConditionExpression"));
          break;
      }
      errors.oneOf(
          path + ".returnValuesOnConditionCheckFailure",
          body.string("ReturnValuesOnConditionCheckFailure"),
          RETURN_VALUES_ON_FAILURE);
    }
    errors.throwIfAny();
  }

  /** Validates every action (after {@link #checkMembers}) and resolves tables and keys. */
  static List<WriteAction> read(Request request, Catalog catalog) {
    List<Parsed> parsed = new ArrayList<>();
    for (Request a : request.objects("TransactItems")) {
      parsed.add(parse(a));
    }
    List<WriteAction> actions = new ArrayList<>(parsed.size());
    for (Parsed p : parsed) {
      Table table = catalog.find(p.tableName());
      if (table == null) {
        throw EngineException.notFound("Requested resource not found");
      }
      actions.add(resolve(p, table));
    }
    refuseSharedTargets(actions);
    long payload = 0;
    for (WriteAction a : actions) {
      payload += a.requestBytes();
    }
    if (payload > MAX_PAYLOAD_BYTES) {
      throw EngineException.validation("Transaction payload size cannot exceed 4 MB");
    }
    return actions;
  }

  private static WriteAction.Kind kindOf(Request action) {
    WriteAction.Kind found = null;
    for (WriteAction.Kind k : WriteAction.Kind.values()) {
      if (action.has(k.member)) {
        if (found != null) {
          throw onlyOne();
        }
        found = k;
      }
    }
    if (found == null) {
      throw onlyOne();
    }
    return found;
  }

  private static EngineException onlyOne() {
    return EngineException.validation(
        "TransactItems can only contain one of Check, Put, Update or Delete");
  }

  private static Parsed parse(Request action) {
    WriteAction.Kind kind = kindOf(action);
    Request body = action.object(kind.member);
    Map<String, AttrValue> attributes =
        WireValues.item(body.raw(kind == WriteAction.Kind.PUT ? "Item" : "Key"));
    ExpressionContext ctx = ItemRequests.context(body);
    UpdateExpr update = null;
    if (kind == WriteAction.Kind.UPDATE) {
      update = Expressions.update(body.requireString("UpdateExpression"), ctx);
    }
    String conditionText = body.string("ConditionExpression");
    ConditionExpr condition =
        conditionText == null
            ? null
            : Expressions.condition(conditionText, ctx, "ConditionExpression");
    ctx.checkAllUsedIfAnyExpression(
        kind == WriteAction.Kind.UPDATE
            ? List.of("UpdateExpression", "ConditionExpression")
            : List.of("ConditionExpression"));
    boolean returnOld = "ALL_OLD".equals(body.string("ReturnValuesOnConditionCheckFailure"));
    return new Parsed(
        kind, body.requireString("TableName"), attributes, condition, update, returnOld);
  }

  private static WriteAction resolve(Parsed p, Table table) {
    Map<String, AttrValue> attributes = p.attributes();
    PrimaryKey key = null;
    String invalid = null;
    Map<String, AttrValue> item = null;
    long bytes = ItemSize.itemSize(attributes);
    if (p.kind() == WriteAction.Kind.PUT) {
      item = attributes;
      if (!TableKeys.itemHasKey(table, item)) {
        invalid = messageOf(() -> KeyFactory.fromItem(table, attributes));
      } else {
        key = KeyFactory.fromItem(table, item);
        ItemLimits.check(item);
        try {
          IndexEntries.validate(table, attributes);
        } catch (EngineException e) {
          if (IndexEntries.refusesAnEmptyKey(e)) {
            throw e;
          }
          invalid = e.getMessage();
        }
      }
    } else if (!TableKeys.keyMatches(table, attributes)) {
      invalid = "The provided key element does not match the schema";
    } else {
      key = KeyFactory.fromKey(table, attributes);
    }
    if (p.update() != null) {
      for (DocPath path : p.update().updatedPaths()) {
        if (table.def().key().contains(path.topLevel())) {
          throw EngineException.validation(
              "One or more parameter values were invalid: Cannot update attribute "
                  + path.topLevel()
                  + ". This attribute is part of the key");
        }
      }
    }
    return new WriteAction(
        p.kind(),
        table,
        key,
        invalid,
        item,
        p.condition(),
        p.update(),
        p.returnOldOnFailure(),
        bytes);
  }

  /** The message of the ValidationException the check throws, or null if it passes. */
  private static @Nullable String messageOf(Runnable check) {
    try {
      check.run();
      return null;
    } catch (EngineException e) {
      if (e.type() != dev.dynakit.engine.error.ErrorType.VALIDATION) {
        throw e;
      }
      return e.getMessage();
    }
  }

  private static void refuseSharedTargets(List<WriteAction> actions) {
    Set<ByteBuffer> seen = new HashSet<>();
    for (WriteAction a : actions) {
      if (a.key() != null && !seen.add(ByteBuffer.wrap(a.key().storageKey()))) {
        throw EngineException.validation(
            "Transaction request cannot include multiple operations on one item");
      }
    }
  }

  static String camel(String member) {
    return Character.toLowerCase(member.charAt(0)) + member.substring(1);
  }
}
