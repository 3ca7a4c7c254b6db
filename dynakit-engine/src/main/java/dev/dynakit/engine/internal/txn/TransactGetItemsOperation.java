package dev.dynakit.engine.internal.txn;

import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.internal.batch.ConstraintErrors;
import dev.dynakit.engine.internal.batch.TableKeys;
import dev.dynakit.engine.internal.capacity.Capacity;
import dev.dynakit.engine.internal.expr.ExpressionContext;
import dev.dynakit.engine.internal.expr.Expressions;
import dev.dynakit.engine.internal.expr.ProjectionExpr;
import dev.dynakit.engine.internal.item.HeldLocks;
import dev.dynakit.engine.internal.item.ItemRequests;
import dev.dynakit.engine.internal.item.ItemStore;
import dev.dynakit.engine.internal.item.KeyFactory;
import dev.dynakit.engine.internal.item.PrimaryKey;
import dev.dynakit.engine.internal.protocol.Operation;
import dev.dynakit.engine.internal.protocol.Request;
import dev.dynakit.engine.internal.protocol.WireValues;
import dev.dynakit.engine.internal.table.Catalog;
import dev.dynakit.engine.internal.table.Table;
import dev.dynakit.engine.internal.value.AttrValue;
import dev.dynakit.engine.internal.value.ItemSize;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * TransactGetItems: up to 100 Get actions over any tables, read as one consistent snapshot. Every
 * item is locked (in the one global stripe order) while all are read, so no write is seen half
 * applied; responses come back in request order, an empty one for a missing item.
 */
final class TransactGetItemsOperation implements Operation {
  /** The most the items a transaction reads may add up to, as DynamoDB documents. */
  static final long MAX_ITEMS_BYTES = 4L * 1024 * 1024;

  private final Catalog catalog;
  private final ItemStore items;

  TransactGetItemsOperation(Catalog catalog, ItemStore items) {
    this.catalog = catalog;
    this.items = items;
  }

  /** One Get, validated. */
  private record Get(Table table, @Nullable PrimaryKey key, @Nullable ProjectionExpr projection) {}

  @Override
  public Object execute(Request request) {
    checkMembers(request);
    Capacity.Mode capacity = Capacity.Mode.parse(request.string("ReturnConsumedCapacity"));
    List<Request> bodies = new ArrayList<>();
    List<Map<String, AttrValue>> keyParams = new ArrayList<>();
    List<ProjectionExpr> projections = new ArrayList<>();
    for (Request action : request.objects("TransactItems")) {
      Request body = action.object("Get");
      keyParams.add(WireValues.item(body.raw("Key")));
      ExpressionContext ctx = ItemRequests.context(body);
      String text = body.string("ProjectionExpression");
      projections.add(text == null ? null : Expressions.projection(text, ctx));
      ctx.checkAllUsedIfAnyExpression(List.of());
      bodies.add(body);
    }
    List<Get> gets = new ArrayList<>();
    for (int i = 0; i < bodies.size(); i++) {
      Table table = catalog.find(bodies.get(i).requireString("TableName"));
      if (table == null) {
        throw EngineException.notFound("Requested resource not found");
      }
      Map<String, AttrValue> k = keyParams.get(i);
      PrimaryKey key = TableKeys.keyMatches(table, k) ? KeyFactory.fromKey(table, k) : null;
      gets.add(new Get(table, key, projections.get(i)));
    }
    refuseInvalid(gets);
    refuseSharedTargets(gets);
    return read(gets, capacity);
  }

  private static void checkMembers(Request request) {
    ConstraintErrors errors = new ConstraintErrors();
    if (errors.notNull("transactItems", request.raw("TransactItems"))) {
      List<Object> raw = request.list("TransactItems");
      errors.size("transactItems", raw.size(), 1, 100, () -> ListText.of(raw, "TransactGetItem"));
    }
    errors.returnConsumedCapacity(request.string("ReturnConsumedCapacity"));
    errors.throwIfAny();
    List<Request> actions = request.objects("TransactItems");
    for (int i = 0; i < actions.size(); i++) {
      String path = "transactItems." + (i + 1) + ".member.get";
      Request body = actions.get(i).object("Get");
      if (!errors.notNull(path, body)) {
        continue;
      }
      String tableName = body.string("TableName");
      if (errors.notNull(path + ".tableName", tableName)) {
        errors.tableName(path + ".tableName", tableName);
      }
      errors.notNull(path + ".key", body.raw("Key"));
    }
    errors.throwIfAny();
  }

  /** A key that does not fit its table cancels the transaction; the first one is reported. */
  private static void refuseInvalid(List<Get> gets) {
    int first = -1;
    for (int i = 0; i < gets.size() && first < 0; i++) {
      if (gets.get(i).key() == null) {
        first = i;
      }
    }
    if (first < 0) {
      return;
    }
    CancellationReasons reasons = new CancellationReasons();
    for (int i = 0; i < gets.size(); i++) {
      if (i == first) {
        reasons.validationError("The provided key element does not match the schema");
      } else {
        reasons.none();
      }
    }
    throw reasons.exception();
  }

  private static void refuseSharedTargets(List<Get> gets) {
    Set<ByteBuffer> seen = new HashSet<>();
    for (Get g : gets) {
      if (!seen.add(ByteBuffer.wrap(g.key().storageKey()))) {
        throw EngineException.validation(
            "Transaction request cannot include multiple operations on one item");
      }
    }
  }

  private Map<String, Object> read(List<Get> gets, Capacity.Mode capacity) {
    List<PrimaryKey> keys = new ArrayList<>(gets.size());
    for (Get g : gets) {
      keys.add(g.key());
    }
    List<@Nullable Map<String, AttrValue>> found;
    try (HeldLocks held = items.lockAll(keys)) {
      found = items.readAll(keys);
    }
    long[] sizes = new long[found.size()];
    long total = 0;
    for (int i = 0; i < sizes.length; i++) {
      Map<String, AttrValue> item = found.get(i);
      sizes[i] = item == null ? 0 : ItemSize.itemSize(item);
      total += sizes[i];
    }
    if (total > MAX_ITEMS_BYTES) {
      throw EngineException.validation(
          "The aggregate size of the items in the transaction exceeded 4 MB: "
              + total
              + " bytes of items read");
    }
    List<Object> responses = new ArrayList<>(gets.size());
    Map<String, Double> units = new LinkedHashMap<>();
    for (int i = 0; i < gets.size(); i++) {
      Get g = gets.get(i);
      Map<String, AttrValue> item = found.get(i);
      Map<String, Object> r = new LinkedHashMap<>();
      Map<String, AttrValue> projected =
          item == null || g.projection() == null ? item : g.projection().apply(item);
      // a projection that matches nothing of a present item leaves no Item, as for a missing one
      if (projected != null && !projected.isEmpty()) {
        r.put("Item", projected);
      }
      responses.add(r);
      units.merge(g.table().name(), 2 * Capacity.readUnits(sizes[i], true), Double::sum);
    }
    Map<String, Object> response = new LinkedHashMap<>();
    if (capacity != Capacity.Mode.NONE) {
      List<Object> consumed = new ArrayList<>(units.size());
      units.forEach(
          (table, u) ->
              consumed.add(
                  Capacity.consumed(capacity, table, u, Map.of(), Map.of(), Capacity.Split.READ)));
      response.put("ConsumedCapacity", consumed);
    }
    response.put("Responses", responses);
    return response;
  }
}
