package dev.dynakit.engine.internal.batch;

import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.internal.capacity.Capacity;
import dev.dynakit.engine.internal.index.IndexEntries;
import dev.dynakit.engine.internal.index.WriteEffects;
import dev.dynakit.engine.internal.item.HeldLocks;
import dev.dynakit.engine.internal.item.ItemLimits;
import dev.dynakit.engine.internal.item.ItemRequests;
import dev.dynakit.engine.internal.item.ItemStore;
import dev.dynakit.engine.internal.item.ItemWrite;
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
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * BatchWriteItem: up to 25 puts and deletes over one or more tables. Every request is validated
 * before anything is written (a refusal writes nothing); the writes are then applied together under
 * their item locks, in one store batch. Only capacity enforcement leaves writes unprocessed: the
 * ones it throttles are returned as UnprocessedItems, unwritten.
 */
final class BatchWriteItemOperation implements Operation {
  static final int MAX_REQUESTS = 25;

  private final Catalog catalog;
  private final ItemStore items;

  BatchWriteItemOperation(Catalog catalog, ItemStore items) {
    this.catalog = catalog;
    this.items = items;
  }

  /**
   * One validated write: the key, and the new item (null for a delete) with its encoding (whose
   * header holds its size), worked out before any lock is taken.
   */
  private record Planned(
      Table table,
      PrimaryKey key,
      @Nullable Map<String, AttrValue> item,
      byte @Nullable [] itemBytes) {}

  @Override
  public Object execute(Request request) {
    Map<String, Object> requestItems = request.map("RequestItems");
    ConstraintErrors errors = new ConstraintErrors();
    errors.notNull("requestItems", requestItems);
    errors.returnConsumedCapacity(request.string("ReturnConsumedCapacity"));
    errors.returnItemCollectionMetrics(request.string("ReturnItemCollectionMetrics"));
    errors.throwIfAny();
    if (requestItems.isEmpty()) {
      throw EngineException.validation("The requestItems parameter is required for BatchWriteItem");
    }
    errors.tableNames("requestItems", requestItems, () -> WriteRequestText.of(requestItems));
    Map<String, List<Request>> byTable = new LinkedHashMap<>();
    boolean emptyList = false;
    boolean tooMany = false;
    for (String tableName : requestItems.keySet()) {
      List<Request> writes = request.object("RequestItems").objects(tableName);
      emptyList |= writes.isEmpty();
      tooMany |= writes.size() > MAX_REQUESTS;
      byTable.put(tableName, writes);
    }
    if (tooMany) {
      errors.mapValueSizes("requestItems", MAX_REQUESTS, () -> WriteRequestText.of(requestItems));
    }
    if (emptyList) {
      // DynamoDB words a table's empty list as a constraint on the map's values, echoing the map
      errors.add(
          "Value '"
              + WriteRequestText.of(requestItems)
              + "' at 'requestItems' failed to satisfy constraint: Map value must satisfy"
              + " constraint: [Member must have length less than or equal to 25, Member must have"
              + " length greater than or equal to 1]");
    }
    errors.throwIfAny();
    int total = 0;
    for (List<Request> writes : byTable.values()) {
      total += writes.size();
    }
    if (total > MAX_REQUESTS) {
      throw EngineException.validation("Too many items requested for the BatchWriteItem call");
    }
    Capacity.Mode capacity = Capacity.Mode.parse(request.string("ReturnConsumedCapacity"));
    boolean collectionMetrics = ItemRequests.returnItemCollectionMetrics(request);

    List<Planned> planned = plan(byTable, total);
    List<ItemWrite> writes = new ArrayList<>(planned.size());
    Throttle[] refused = new Throttle[planned.size()];
    List<WriteEffects> effects = apply(planned, writes, refused);

    Map<String, Object> response = new LinkedHashMap<>();
    response.put("UnprocessedItems", unprocessed(planned, refused));
    if (capacity != Capacity.Mode.NONE) {
      WriteCapacity units = WriteCapacity.plain();
      for (int i = 0; i < writes.size(); i++) {
        ItemWrite w = writes.get(i);
        if (refused[i] != null) {
          continue;
        }
        units.add(w.table().name(), Capacity.writeUnits(writtenSize(w)), effects.get(i));
      }
      response.put("ConsumedCapacity", units.consumed(capacity));
    }
    if (collectionMetrics) {
      CollectionMetrics metrics = new CollectionMetrics();
      for (int i = 0; i < writes.size(); i++) {
        ItemWrite w = writes.get(i);
        if (refused[i] == null) {
          metrics.add(w.table().name(), items.itemCollectionMetrics(w.table(), w.key()));
        }
      }
      metrics.addTo(response);
    }
    return response;
  }

  /** Validates every request and extracts its key, refusing duplicates. */
  private List<Planned> plan(Map<String, List<Request>> byTable, int total) {
    List<Planned> planned = new ArrayList<>(total);
    for (Map.Entry<String, List<Request>> e : byTable.entrySet()) {
      List<Map<String, AttrValue>> puts = new ArrayList<>(e.getValue().size());
      List<Map<String, AttrValue>> deletes = new ArrayList<>(e.getValue().size());
      for (Request write : e.getValue()) {
        Request put = write.object("PutRequest");
        Request delete = write.object("DeleteRequest");
        if ((put == null) == (delete == null)) {
          throw EngineException.validation(
              "Supplied AttributeValue has more than one datatypes set, must contain exactly one"
                  + " of the supported datatypes");
        }
        if (put != null) {
          puts.add(attributes(put, "Item"));
          deletes.add(null);
        } else {
          puts.add(null);
          deletes.add(attributes(delete, "Key"));
        }
      }
      Table table = catalog.find(e.getKey());
      if (table == null) {
        throw EngineException.notFound("Requested resource not found");
      }
      for (int i = 0; i < puts.size(); i++) {
        Map<String, AttrValue> item = puts.get(i);
        PrimaryKey key;
        byte[] bytes = null;
        if (item != null) {
          if (!TableKeys.itemHasKey(table, item)) {
            throw mismatch();
          }
          key = KeyFactory.fromItem(table, item);
          bytes = ItemLimits.encode(item);
          IndexEntries.validate(table, item);
        } else {
          key = KeyFactory.fromKey(table, deletes.get(i));
        }
        if (isDuplicate(key, planned)) {
          throw EngineException.validation("Provided list of item keys contains duplicates");
        }
        planned.add(new Planned(table, key, item, bytes));
      }
    }
    return planned;
  }

  /**
   * Whether {@code key} is among the keys planned so far: at most 25, compared by lock stripe (a
   * hash of the storage key) first.
   */
  private static boolean isDuplicate(PrimaryKey key, List<Planned> planned) {
    for (Planned p : planned) {
      if (p.key().lockStripe() == key.lockStripe()
          && Arrays.equals(p.key().storageKey(), key.storageKey())) {
        return true;
      }
    }
    return false;
  }

  private static Map<String, AttrValue> attributes(Request write, String member) {
    Object raw = write.raw(member);
    if (raw == null) {
      throw mismatch();
    }
    return WireValues.item(raw);
  }

  private static EngineException mismatch() {
    return EngineException.validation("The provided key element does not match the schema");
  }

  /**
   * Locks every item, reads what each write replaces and applies all writes at once (with their
   * index changes); fills {@code writes} and returns what each cost in the indices. A write the
   * capacity meter throttles is not written: {@code refused} holds why at its position.
   */
  private List<WriteEffects> apply(
      List<Planned> planned, List<ItemWrite> writes, @Nullable Throttle[] refused) {
    int n = planned.size();
    List<PrimaryKey> keys = new ArrayList<>(n);
    for (Planned p : planned) {
      keys.add(p.key());
    }
    try (HeldLocks held = items.lockAll(keys)) {
      List<@Nullable Map<String, AttrValue>> oldItems = items.readAll(keys);
      List<ItemWrite> changes = new ArrayList<>(n);
      // the position in writes of each change
      int[] changed = new int[n];
      for (int i = 0; i < n; i++) {
        Planned p = planned.get(i);
        ItemWrite w = new ItemWrite(p.table(), p.key(), oldItems.get(i), p.item(), p.itemBytes());
        writes.add(w);
        // Deleting an absent item changes nothing.
        if (w.oldItem() != null || w.newItem() != null) {
          changed[changes.size()] = i;
          changes.add(w);
        }
      }
      List<@Nullable Throttle> refusals = items.admitEach(changes);
      List<ItemWrite> admitted = new ArrayList<>(changes.size());
      int[] admittedAt = new int[changes.size()];
      for (int c = 0; c < changes.size(); c++) {
        if (refusals.get(c) == null) {
          admittedAt[admitted.size()] = changed[c];
          admitted.add(changes.get(c));
        } else {
          refused[changed[c]] = refusals.get(c);
        }
      }
      if (admitted.isEmpty() && !changes.isEmpty() && changes.size() == n) {
        // DynamoDB refuses the whole call when capacity admits none of its writes
        throw refusals.get(0).exception();
      }
      List<WriteEffects> applied = items.writeAdmitted(admitted);
      if (admitted.size() == n) {
        return applied;
      }
      WriteEffects[] effects = new WriteEffects[n];
      Arrays.fill(effects, WriteEffects.NONE);
      for (int c = 0; c < admitted.size(); c++) {
        effects[admittedAt[c]] = applied.get(c);
      }
      return Arrays.asList(effects);
    }
  }

  /**
   * The UnprocessedItems member: the throttled writes as their requests, by table, for the caller
   * to send again.
   */
  private static Map<String, Object> unprocessed(
      List<Planned> planned, @Nullable Throttle[] refused) {
    Map<String, Object> out = new LinkedHashMap<>();
    for (int i = 0; i < refused.length; i++) {
      if (refused[i] == null) {
        continue;
      }
      Planned p = planned.get(i);
      Map<String, Object> request =
          p.item() != null
              ? Map.of("PutRequest", Map.of("Item", p.item()))
              : Map.of("DeleteRequest", Map.of("Key", p.key().attributes()));
      @SuppressWarnings("unchecked")
      List<Object> list =
          (List<Object>) out.computeIfAbsent(p.table().name(), t -> new ArrayList<>());
      list.add(request);
    }
    return out;
  }

  /** The size a write is charged for: the larger of the old and the new item. */
  static long writtenSize(ItemWrite w) {
    return Math.max(
        ItemStore.newItemSize(w), w.oldItem() == null ? 0 : ItemSize.itemSize(w.oldItem()));
  }
}
