package dev.dynakit.engine.internal.itemops;

import dev.dynakit.engine.internal.capacity.Capacity;
import dev.dynakit.engine.internal.index.WriteEffects;
import dev.dynakit.engine.internal.item.HeldLocks;
import dev.dynakit.engine.internal.item.ItemRequests;
import dev.dynakit.engine.internal.item.ItemStore;
import dev.dynakit.engine.internal.item.ItemWrite;
import dev.dynakit.engine.internal.item.PrimaryKey;
import dev.dynakit.engine.internal.table.Table;
import dev.dynakit.engine.internal.value.AttrValue;
import dev.dynakit.engine.internal.value.ItemSize;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.jspecify.annotations.Nullable;

/**
 * The read-check-write sequence of a single-item write, under the item's lock: read the current
 * item, test the condition against it, compute the replacement, write it. Also builds the parts of
 * the response that all such writes share.
 */
final class ConditionalWrite {
  /** What happened: the item before and after (null when absent) and the index effects. */
  record Outcome(
      @Nullable Map<String, AttrValue> oldItem,
      @Nullable Map<String, AttrValue> newItem,
      WriteEffects effects) {}

  private ConditionalWrite() {}

  /**
   * Runs the write; {@code change} maps the current item (null when absent) to the replacement
   * (null deletes; returning the same absent null writes nothing) and may refuse by throwing.
   */
  static Outcome run(
      ItemStore items,
      Table table,
      PrimaryKey key,
      WriteParameters parameters,
      UnaryOperator<Map<String, AttrValue>> change) {
    return run(items, table, key, parameters, change, null);
  }

  /**
   * Writes {@code item}, encoded already as {@code encoded} (by {@link ItemLimits#encode}), under
   * the condition: a put, whose new item is known before the lock is taken.
   */
  static Outcome put(
      ItemStore items,
      Table table,
      PrimaryKey key,
      WriteParameters parameters,
      Map<String, AttrValue> item,
      byte[] encoded) {
    return run(items, table, key, parameters, old -> item, encoded);
  }

  private static Outcome run(
      ItemStore items,
      Table table,
      PrimaryKey key,
      WriteParameters parameters,
      UnaryOperator<Map<String, AttrValue>> change,
      byte @Nullable [] encoded) {
    try (HeldLocks held = items.lock(key)) {
      Map<String, AttrValue> old = items.read(key);
      if (parameters.condition() != null
          && !parameters.condition().test(old == null ? Map.of() : old)) {
        throw ItemRequests.conditionFailed(old, parameters.returnOldOnFailure());
      }
      Map<String, AttrValue> updated = change.apply(old);
      WriteEffects effects =
          old == null && updated == null
              ? WriteEffects.NONE
              : items.write(new ItemWrite(table, key, old, updated, encoded));
      return new Outcome(old, updated, effects);
    }
  }

  /** The response: the returned attributes (if any), consumed capacity and collection metrics. */
  static Map<String, Object> response(
      ItemStore items,
      Table table,
      PrimaryKey key,
      WriteParameters parameters,
      Outcome outcome,
      @Nullable Map<String, AttrValue> attributes) {
    Map<String, Object> response = new LinkedHashMap<>();
    if (attributes != null && !attributes.isEmpty()) {
      response.put("Attributes", attributes);
    }
    if (parameters.capacity() != Capacity.Mode.NONE) {
      long size =
          Math.max(
              outcome.newItem() == null ? 0 : ItemSize.itemSize(outcome.newItem()),
              outcome.oldItem() == null ? 0 : ItemSize.itemSize(outcome.oldItem()));
      response.put(
          "ConsumedCapacity",
          outcome
              .effects()
              .consumedCapacity(parameters.capacity(), table.name(), Capacity.writeUnits(size)));
    }
    if (parameters.collectionMetrics()) {
      Map<String, Object> metrics = items.itemCollectionMetrics(table, key);
      if (metrics != null) {
        response.put("ItemCollectionMetrics", metrics);
      }
    }
    return response;
  }
}
