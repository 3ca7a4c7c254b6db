package dev.dynakit.engine.internal.txn;

import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.error.ErrorType;
import dev.dynakit.engine.internal.batch.CollectionMetrics;
import dev.dynakit.engine.internal.batch.WriteCapacity;
import dev.dynakit.engine.internal.capacity.Capacity;
import dev.dynakit.engine.internal.index.IndexEntries;
import dev.dynakit.engine.internal.index.WriteEffects;
import dev.dynakit.engine.internal.index.WritePlan;
import dev.dynakit.engine.internal.item.HeldLocks;
import dev.dynakit.engine.internal.item.ItemRequests;
import dev.dynakit.engine.internal.item.ItemStore;
import dev.dynakit.engine.internal.item.ItemUpdates;
import dev.dynakit.engine.internal.item.ItemWrite;
import dev.dynakit.engine.internal.item.PrimaryKey;
import dev.dynakit.engine.internal.metering.Throttle;
import dev.dynakit.engine.internal.protocol.Operation;
import dev.dynakit.engine.internal.protocol.Request;
import dev.dynakit.engine.internal.table.Catalog;
import dev.dynakit.engine.internal.value.AttrValue;
import dev.dynakit.engine.internal.value.ItemSize;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * TransactWriteItems: up to 100 Put, Update, Delete and ConditionCheck actions over any tables, all
 * applied or none. The items are locked in the one global stripe order, every condition is
 * evaluated against the items as they are, and the changes go to the store in one atomic batch
 * (with their index entries); otherwise a TransactionCanceledException gives one reason per action.
 */
final class TransactWriteItemsOperation implements Operation {
  private final Catalog catalog;
  private final ItemStore items;
  private final ClientTokens tokens;

  TransactWriteItemsOperation(Catalog catalog, ItemStore items, ClientTokens tokens) {
    this.catalog = catalog;
    this.items = items;
    this.tokens = tokens;
  }

  /** The outcome of one action against the current item. */
  private record Outcome(@Nullable Map<String, AttrValue> oldItem, @Nullable ItemWrite write) {}

  /**
   * A transaction that ran: its answer, and what a replay of it costs per table (read units: a
   * transactional read of the larger of each item's images before and after).
   */
  private record Ran(Map<String, Object> response, Map<String, Double> replayUnits) {}

  @Override
  public Object execute(Request request) {
    WriteActions.checkMembers(request);
    List<WriteAction> actions = WriteActions.read(request, catalog);
    Capacity.Mode capacity = Capacity.Mode.parse(request.string("ReturnConsumedCapacity"));
    boolean collectionMetrics = ItemRequests.returnItemCollectionMetrics(request);
    refuseInvalid(actions);

    String token = request.string("ClientRequestToken");
    // every parameter but the token: the same token with any of them changed is a mismatch
    Object fingerprint = List.of(request.raw("TransactItems"), capacity.name(), collectionMetrics);
    if (token != null) {
      Object replay = tokens.claim(token, fingerprint);
      if (replay != null) {
        return replayed(replay, capacity);
      }
    }
    Ran ran;
    try {
      ran = run(actions, capacity, collectionMetrics, token, fingerprint);
    } catch (RuntimeException e) {
      if (token != null) {
        tokens.release(token);
      }
      throw e;
    }
    if (token != null) {
      tokens.complete(token, fingerprint, ran);
    }
    return ran.response();
  }

  /**
   * The answer to a repeated request: the first one's, except that its capacity, when asked for, is
   * in read units, as DynamoDB reports for a request it does not apply again: a transactional read
   * of the larger of each item's images the first call saw.
   */
  private static Map<String, Object> replayed(Object first, Capacity.Mode capacity) {
    // a token read back from the store after a restart kept only what a replay costs
    Ran ran =
        first instanceof ClientTokens.Restored r ? new Ran(Map.of(), r.replayUnits()) : (Ran) first;
    Map<String, Object> response = new LinkedHashMap<>(ran.response());
    response.remove("ConsumedCapacity");
    if (capacity != Capacity.Mode.NONE) {
      List<Object> consumed = new ArrayList<>(ran.replayUnits().size());
      ran.replayUnits()
          .forEach(
              (table, u) ->
                  consumed.add(
                      Capacity.consumed(
                          capacity, table, u, Map.of(), Map.of(), Capacity.Split.READ)));
      Map<String, Object> ordered = new LinkedHashMap<>();
      ordered.put("ConsumedCapacity", consumed);
      ordered.putAll(response);
      return ordered;
    }
    return response;
  }

  /**
   * DynamoDB validates the actions before running any and stops at the first that cannot run: it
   * gets the ValidationError, every other action None.
   */
  private static void refuseInvalid(List<WriteAction> actions) {
    int first = -1;
    for (int i = 0; i < actions.size() && first < 0; i++) {
      if (actions.get(i).invalid() != null) {
        first = i;
      }
    }
    if (first < 0) {
      return;
    }
    CancellationReasons reasons = new CancellationReasons();
    for (int i = 0; i < actions.size(); i++) {
      if (i == first) {
        reasons.validationError(actions.get(i).invalid());
      } else {
        reasons.none();
      }
    }
    throw reasons.exception();
  }

  /**
   * Runs the transaction; with a ClientRequestToken, also works out what a replay of it would cost,
   * and stores the token's record in the transaction's own batch (so that a restart finds the token
   * exactly when it finds the transaction applied).
   */
  private Ran run(
      List<WriteAction> actions,
      Capacity.Mode capacity,
      boolean collectionMetrics,
      @Nullable String token,
      Object fingerprint) {
    boolean replayable = token != null;
    List<PrimaryKey> keys = new ArrayList<>(actions.size());
    for (WriteAction a : actions) {
      keys.add(a.key());
    }
    List<Outcome> outcomes = new ArrayList<>(actions.size());
    List<WriteEffects> effects = new ArrayList<>(actions.size());
    Map<String, Double> replayUnits = new LinkedHashMap<>();
    try (HeldLocks held = items.lockAll(keys)) {
      CancellationReasons reasons = new CancellationReasons();
      for (WriteAction a : actions) {
        outcomes.add(evaluate(a, reasons));
      }
      if (reasons.cancelled()) {
        throw reasons.exception();
      }
      List<ItemWrite> writes = new ArrayList<>(actions.size());
      for (Outcome o : outcomes) {
        if (o.write() != null) {
          writes.add(o.write());
        }
      }
      Throttle throttled = items.admitTransaction(writes);
      if (throttled != null) {
        throw ThrottledActions.cancellation(actions, throttled);
      }
      for (int i = 0; replayable && i < actions.size(); i++) {
        replayUnits.merge(
            actions.get(i).table().name(),
            2 * Capacity.readUnits(chargedSize(outcomes.get(i)), true),
            Double::sum);
      }
      List<WriteEffects> applied;
      try {
        applied =
            items.writeAdmitted(
                writes,
                replayable ? List.of(tokens.record(token, fingerprint, replayUnits)) : List.of());
      } catch (EngineException e) {
        if (e.type() == ErrorType.ITEM_COLLECTION_SIZE_LIMIT_EXCEEDED) {
          throw collectionTooLarge(outcomes);
        }
        throw e;
      }
      int next = 0;
      for (Outcome o : outcomes) {
        effects.add(o.write() == null ? WriteEffects.NONE : applied.get(next++));
      }
    }
    Map<String, Object> response = new LinkedHashMap<>();
    if (capacity != Capacity.Mode.NONE) {
      // Transactional writes cost the table twice the units of plain ones.
      WriteCapacity units = WriteCapacity.transactional();
      for (int i = 0; i < actions.size(); i++) {
        units.add(
            actions.get(i).table().name(),
            Capacity.writeUnits(chargedSize(outcomes.get(i))),
            effects.get(i));
      }
      response.put("ConsumedCapacity", units.consumed(capacity));
    }
    if (collectionMetrics) {
      CollectionMetrics metrics = new CollectionMetrics();
      for (Outcome o : outcomes) {
        if (o.write() != null) {
          ItemWrite w = o.write();
          metrics.add(w.table().name(), items.itemCollectionMetrics(w.table(), w.key()));
        }
      }
      metrics.addTo(response);
    }
    return new Ran(response, replayUnits);
  }

  /**
   * The cancellation when the writes would grow an LSI item collection past its limit. The store
   * refuses the whole batch, so each collection the transaction writes to is tried alone (a
   * reservation taken and at once released) to find the one that overflows; its first growing write
   * is named.
   */
  private EngineException collectionTooLarge(List<Outcome> outcomes) {
    Map<List<Object>, List<Integer>> byCollection = new LinkedHashMap<>();
    for (int i = 0; i < outcomes.size(); i++) {
      ItemWrite w = outcomes.get(i).write();
      if (w != null && !w.table().def().localIndexes().isEmpty()) {
        AttrValue partition = w.key().attributes().get(w.table().def().key().hashKey().name());
        byCollection.computeIfAbsent(List.of(w.table(), partition), k -> new ArrayList<>()).add(i);
      }
    }
    int named = -1;
    for (List<Integer> writes : byCollection.values()) {
      if (overflows(outcomes, writes)) {
        named = writes.get(0);
        for (int i : writes) {
          ItemWrite w = outcomes.get(i).write();
          if (size(w.newItem()) > size(w.oldItem())) {
            named = i;
            break;
          }
        }
        break;
      }
    }
    CancellationReasons reasons = new CancellationReasons();
    for (int i = 0; i < outcomes.size(); i++) {
      if (i == named) {
        reasons.collectionSizeExceeded();
      } else {
        reasons.none();
      }
    }
    if (named < 0) {
      // Another writer freed space meanwhile; the transaction is still cancelled as a whole.
      return new EngineException(
          ErrorType.ITEM_COLLECTION_SIZE_LIMIT_EXCEEDED, "Collection size exceeded.");
    }
    return reasons.exception();
  }

  /** Whether these writes (all to one collection) alone would exceed its limit. */
  private boolean overflows(List<Outcome> outcomes, List<Integer> writes) {
    List<WritePlan> plans = new ArrayList<>(writes.size());
    for (int i : writes) {
      ItemWrite w = outcomes.get(i).write();
      plans.add(items.indexes().plan(w.table(), w.oldItem(), w.newItem()));
    }
    try {
      items.indexes().reserve(plans).release();
      return false;
    } catch (EngineException e) {
      if (e.type() != ErrorType.ITEM_COLLECTION_SIZE_LIMIT_EXCEEDED) {
        throw e;
      }
      return true;
    }
  }

  private static long size(@Nullable Map<String, AttrValue> item) {
    return item == null ? 0 : ItemSize.itemSize(item);
  }

  /** The size an action is charged for: the larger of the item before and after. */
  private static long chargedSize(Outcome o) {
    long size = size(o.oldItem());
    return o.write() == null ? size : Math.max(size, size(o.write().newItem()));
  }

  /** Checks one action against the current item (under its lock) and computes its change. */
  private Outcome evaluate(WriteAction a, CancellationReasons reasons) {
    PrimaryKey key = a.key();
    Map<String, AttrValue> old = items.read(key);
    if (a.condition() != null && !a.condition().test(old == null ? Map.of() : old)) {
      reasons.conditionFailed(a.returnOldOnFailure() ? old : null);
      return new Outcome(old, null);
    }
    Map<String, AttrValue> updated;
    switch (a.kind()) {
      case PUT:
        updated = a.item();
        break;
      case DELETE:
        updated = null;
        break;
      case UPDATE:
        try {
          updated = ItemUpdates.apply(a.table(), a.key(), a.update(), old);
        } catch (EngineException e) {
          // DynamoDB refuses an empty index key outright, other refusals of the result cancel
          if (e.type() != ErrorType.VALIDATION || IndexEntries.refusesAnEmptyKey(e)) {
            throw e;
          }
          reasons.validationError(e.getMessage());
          return new Outcome(old, null);
        }
        break;
      default:
        reasons.none();
        return new Outcome(old, null);
    }
    reasons.none();
    if (old == null && updated == null) {
      return new Outcome(null, null);
    }
    return new Outcome(old, new ItemWrite(a.table(), key, old, updated));
  }
}
