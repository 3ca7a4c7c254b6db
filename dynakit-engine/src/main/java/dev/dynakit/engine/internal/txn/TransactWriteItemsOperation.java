package dev.dynakit.engine.internal.txn;

import dev.dynakit.engine.EngineException;
import dev.dynakit.engine.ErrorType;
import dev.dynakit.engine.internal.batch.IndexKeys;
import dev.dynakit.engine.internal.capacity.Capacity;
import dev.dynakit.engine.internal.item.ItemLimits;
import dev.dynakit.engine.internal.item.ItemStore;
import dev.dynakit.engine.internal.item.ItemWrite;
import dev.dynakit.engine.internal.item.PrimaryKey;
import dev.dynakit.engine.internal.protocol.Operation;
import dev.dynakit.engine.internal.protocol.Request;
import dev.dynakit.engine.internal.table.Catalog;
import dev.dynakit.engine.internal.value.AttrValue;
import dev.dynakit.engine.internal.value.ItemSize;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;
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

  @Override
  public Object execute(Request request) {
    WriteActions.checkMembers(request);
    List<WriteAction> actions = WriteActions.read(request, catalog);
    Capacity.Mode capacity = Capacity.Mode.parse(request.string("ReturnConsumedCapacity"));
    refuseInvalid(actions);

    String token = request.string("ClientRequestToken");
    Object fingerprint = request.raw("TransactItems");
    if (token != null) {
      Object replay = tokens.claim(token, fingerprint);
      if (replay != null) {
        return replay;
      }
    }
    Map<String, Object> response;
    try {
      response = run(actions, capacity);
    } catch (RuntimeException e) {
      if (token != null) {
        tokens.release(token);
      }
      throw e;
    }
    if (token != null) {
      tokens.complete(token, fingerprint, response);
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

  private Map<String, Object> run(List<WriteAction> actions, Capacity.Mode capacity) {
    List<PrimaryKey> keys = new ArrayList<>(actions.size());
    for (WriteAction a : actions) {
      keys.add(a.key());
    }
    List<Outcome> outcomes = new ArrayList<>(actions.size());
    List<ReentrantLock> locks = items.lockAll(keys);
    try {
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
      items.writeAll(writes);
    } finally {
      ItemStore.unlockAll(locks);
    }
    Map<String, Object> response = new LinkedHashMap<>();
    if (capacity != Capacity.Mode.NONE) {
      response.put("ConsumedCapacity", consumed(capacity, actions, outcomes));
    }
    return response;
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
          updated = apply(a, old);
        } catch (EngineException e) {
          if (e.type() != ErrorType.VALIDATION) {
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

  /** The item after an Update, checked as DynamoDB checks an updated item. */
  private static Map<String, AttrValue> apply(WriteAction a, @Nullable Map<String, AttrValue> old) {
    Map<String, AttrValue> base = old != null ? old : a.key().attributes();
    Map<String, AttrValue> updated = a.update().apply(base);
    if (ItemSize.itemSize(updated) > ItemSize.MAX_ITEM_BYTES) {
      throw EngineException.validation("Item size to update has exceeded the maximum allowed size");
    }
    ItemLimits.check(updated);
    IndexKeys.check(a.table(), updated);
    return updated;
  }

  /** Transactional writes cost twice the units of plain ones; per table, in order of appearance. */
  private static List<Object> consumed(
      Capacity.Mode mode, List<WriteAction> actions, List<Outcome> outcomes) {
    Map<String, Double> units = new LinkedHashMap<>();
    for (int i = 0; i < actions.size(); i++) {
      WriteAction a = actions.get(i);
      Outcome o = outcomes.get(i);
      long size = o.oldItem() == null ? 0 : ItemSize.itemSize(o.oldItem());
      if (o.write() != null && o.write().newItem() != null) {
        size = Math.max(size, ItemSize.itemSize(o.write().newItem()));
      }
      units.merge(a.table().name(), 2 * Capacity.writeUnits(size), Double::sum);
    }
    List<Object> out = new ArrayList<>(units.size());
    units.forEach(
        (table, u) -> out.add(Capacity.consumed(mode, table, u, Map.of(), Map.of(), false)));
    return out;
  }
}
