package dev.dynakit.engine.internal.batch;

import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.internal.capacity.Capacity;
import dev.dynakit.engine.internal.expr.ExpressionContext;
import dev.dynakit.engine.internal.expr.ProjectionExpr;
import dev.dynakit.engine.internal.item.CapacityCharges;
import dev.dynakit.engine.internal.item.ItemRequests;
import dev.dynakit.engine.internal.item.ItemStore;
import dev.dynakit.engine.internal.item.KeyFactory;
import dev.dynakit.engine.internal.item.PrimaryKey;
import dev.dynakit.engine.internal.metering.Throttle;
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
 * BatchGetItem: up to 100 keys over one or more tables, each table with its own projection and
 * consistency. A response reads at most 16 MB of items (measured as stored, before projection, as
 * DynamoDB meters reads); the key that would go over and every key after it come back in {@code
 * UnprocessedKeys}, in the request's per-table shape, for the caller to ask again, and so do the
 * keys capacity enforcement throttles.
 */
final class BatchGetItemOperation implements Operation {
  static final int MAX_KEYS = 100;
  // 16 MB counted in decimal: the API reference's example of 100 items of 300 KB returning 52 of
  // them holds for 16,000,000 bytes (52 x 307,200), not for 16 MiB (which fits 54)
  static final long MAX_RESPONSE_BYTES = 16_000_000L;
  private static final List<String> ECHOED =
      List.of("ProjectionExpression", "ExpressionAttributeNames", "AttributesToGet");

  private final Catalog catalog;
  private final ItemStore items;

  BatchGetItemOperation(Catalog catalog, ItemStore items) {
    this.catalog = catalog;
    this.items = items;
  }

  /** One table's part of the request, validated. */
  private record TableRead(
      Table table,
      Request source,
      List<PrimaryKey> keys,
      List<Map<String, AttrValue>> keyParams,
      @Nullable ProjectionExpr projection,
      boolean consistent) {}

  @Override
  public Object execute(Request request) {
    Map<String, Object> requestItems = request.map("RequestItems");
    ConstraintErrors errors = new ConstraintErrors();
    if (requestItems != null && !requestItems.isEmpty()) {
      errors.tableNames("requestItems", requestItems);
    }
    errors.returnConsumedCapacity(request.string("ReturnConsumedCapacity"));
    errors.throwIfAny();
    if (requestItems == null) {
      errors.notNull("requestItems", null);
      errors.throwIfAny();
    }
    if (requestItems.isEmpty()) {
      throw EngineException.validation("The requestItems parameter is required for BatchGetItem");
    }
    Request perTable = request.object("RequestItems");
    Map<String, Request> tables = new LinkedHashMap<>();
    for (String name : requestItems.keySet()) {
      Request t = perTable.object(name);
      if (t == null) {
        // a table named with no KeysAndAttributes: DynamoDB's constraint on the map's value
        errors.notNull("requestItems." + name + ".member", null);
        continue;
      }
      if (errors.notNull("requestItems." + name + ".member.keys", t.raw("Keys"))) {
        errors.size("RequestItems." + name + ".member.Keys", t.list("Keys").size(), 1, MAX_KEYS);
      }
      tables.put(name, t);
    }
    errors.throwIfAny();
    Capacity.Mode capacity = Capacity.Mode.parse(request.string("ReturnConsumedCapacity"));
    refuseMixing(tables.values());

    List<TableRead> reads = new ArrayList<>();
    boolean missing = false;
    int total = 0;
    for (Map.Entry<String, Request> e : tables.entrySet()) {
      Request t = e.getValue();
      ExpressionContext ctx = ItemRequests.context(t);
      ProjectionExpr projection = ItemRequests.projection(t, ctx);
      ctx.checkAllUsed();
      boolean consistent = t.bool("ConsistentRead", false);
      List<Map<String, AttrValue>> keyParams = new ArrayList<>();
      for (Object k : t.list("Keys")) {
        keyParams.add(WireValues.item(k));
      }
      total += keyParams.size();
      if (total > MAX_KEYS) {
        throw EngineException.validation("Too many items requested for the BatchGetItem call");
      }
      Table table = catalog.find(e.getKey());
      if (table == null) {
        // repeated keys are refused before a missing table is: known by their values alone here
        if (new HashSet<>(keyParams).size() != keyParams.size()) {
          throw duplicateKeys();
        }
        missing = true;
        continue;
      }
      reads.add(resolve(table, t, keyParams, projection, consistent));
    }
    if (missing) {
      throw EngineException.notFound("Requested resource not found");
    }
    return read(reads, capacity);
  }

  private static EngineException duplicateKeys() {
    return EngineException.validation("Provided list of item keys contains duplicates");
  }

  /** Turns the key parameters into the table's keys, refusing duplicates. */
  private static TableRead resolve(
      Table table,
      Request source,
      List<Map<String, AttrValue>> keyParams,
      @Nullable ProjectionExpr projection,
      boolean consistent) {
    List<PrimaryKey> keys = new ArrayList<>(keyParams.size());
    Set<ByteBuffer> seen = new HashSet<>();
    for (Map<String, AttrValue> k : keyParams) {
      PrimaryKey key = KeyFactory.fromKey(table, k);
      if (!seen.add(ByteBuffer.wrap(key.storageKey()))) {
        throw duplicateKeys();
      }
      keys.add(key);
    }
    return new TableRead(table, source, keys, keyParams, projection, consistent);
  }

  /** Expression and legacy projections may not be mixed, not even across tables. */
  private static void refuseMixing(Iterable<Request> tables) {
    List<String> legacy = new ArrayList<>();
    List<String> expression = new ArrayList<>();
    for (Request t : tables) {
      if (t.has("AttributesToGet") && !legacy.contains("AttributesToGet")) {
        legacy.add("AttributesToGet");
      }
      for (String p : List.of("ProjectionExpression", "ExpressionAttributeNames")) {
        if (t.has(p) && !expression.contains(p)) {
          expression.add(p);
        }
      }
    }
    if (!legacy.isEmpty() && !expression.isEmpty()) {
      throw EngineException.validation(
          "Can not use both expression and non-expression parameters in the same request:"
              + " Non-expression parameters: {"
              + String.join(", ", legacy)
              + "} Expression parameters: {"
              + String.join(", ", expression)
              + "}");
    }
  }

  private Map<String, Object> read(List<TableRead> reads, Capacity.Mode capacity) {
    Map<String, Object> responses = new LinkedHashMap<>();
    Map<String, Object> unprocessed = new LinkedHashMap<>();
    Map<String, Double> units = new LinkedHashMap<>();
    long bytes = 0;
    boolean full = false;
    int read = 0;
    Throttle throttled = null;
    for (TableRead r : reads) {
      String name = r.table().name();
      List<Object> found = new ArrayList<>();
      List<Object> left = new ArrayList<>();
      double tableUnits = 0;
      List<@Nullable Map<String, AttrValue>> stored = items.readAll(r.keys());
      for (int i = 0; i < r.keys().size(); i++) {
        if (full) {
          left.add(r.keyParams().get(i));
          continue;
        }
        Map<String, AttrValue> item = stored.get(i);
        long size = item == null ? 0 : ItemSize.itemSize(item);
        if (bytes + size > MAX_RESPONSE_BYTES) {
          // This item and every later key are left for the caller's next request.
          full = true;
          left.add(r.keyParams().get(i));
          continue;
        }
        double readUnits = Capacity.readUnits(size, r.consistent());
        Throttle refused =
            CapacityCharges.chargeRead(
                items,
                r.table(),
                null,
                CapacityCharges.partitionValues(
                    r.table().def().key().hash(), r.keys().get(i).attributes()),
                readUnits);
        if (refused != null) {
          // a throttled key is left for the caller's next request, as DynamoDB leaves it
          throttled = throttled == null ? refused : throttled;
          left.add(r.keyParams().get(i));
          continue;
        }
        read++;
        bytes += size;
        tableUnits += readUnits;
        if (item != null) {
          found.add(r.projection() == null ? item : r.projection().apply(item));
        }
      }
      responses.put(name, found);
      units.merge(name, tableUnits, Double::sum);
      if (!left.isEmpty()) {
        unprocessed.put(name, unprocessedEntry(r, left));
      }
    }
    if (read == 0 && throttled != null && !full) {
      // DynamoDB refuses the whole call when capacity admits none of its keys
      throw throttled.exception();
    }
    Map<String, Object> response = new LinkedHashMap<>();
    response.put("Responses", responses);
    response.put("UnprocessedKeys", unprocessed);
    if (capacity != Capacity.Mode.NONE) {
      List<Object> consumed = new ArrayList<>();
      units.forEach(
          (table, u) ->
              consumed.add(
                  Capacity.consumed(capacity, table, u, Map.of(), Map.of(), Capacity.Split.NONE)));
      response.put("ConsumedCapacity", consumed);
    }
    return response;
  }

  /** The table's request again, with only the keys left: what the caller resubmits. */
  private static Map<String, Object> unprocessedEntry(TableRead r, List<Object> keys) {
    Map<String, Object> entry = new LinkedHashMap<>();
    entry.put("Keys", keys);
    for (String member : ECHOED) {
      if (r.source().has(member)) {
        entry.put(member, r.source().raw(member));
      }
    }
    if (r.source().has("ConsistentRead")) {
      entry.put("ConsistentRead", r.consistent());
    }
    return entry;
  }
}
