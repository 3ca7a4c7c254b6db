package dev.dynakit.engine.internal.metering;

import dev.dynakit.engine.internal.keys.KeyCodec;
import dev.dynakit.engine.internal.value.AttrValue;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * The meters of one table or GSI: its read and write budgets, its per-second totals, its partitions
 * and its partition-key values. Not thread-safe: {@link CapacityMeter} guards it.
 */
final class ResourceMeter {
  private Resource resource;
  private final Budget readBudget;
  private final Budget writeBudget;
  private final KeyWindow totals = new KeyWindow();
  private final PartitionMap partitions = new PartitionMap();
  private final Map<List<AttrValue>, KeyWindow> keys = new HashMap<>();
  private long sweptAt = Long.MIN_VALUE;

  ResourceMeter(Resource resource) {
    this.resource = resource;
    this.readBudget = new Budget(resource.createdSecond());
    this.writeBudget = new Budget(resource.createdSecond());
  }

  Resource resource() {
    return resource;
  }

  /** Takes the latest limits (UpdateTable may have changed them). */
  void refresh(Resource latest) {
    this.resource = latest;
  }

  /** Whether the table or GSI itself has capacity left this second. */
  boolean budgetAllows(long now, Access access) {
    return budget(access).allows(now, resource.limit(access), resource.provisioned());
  }

  /** The units a partition-key value consumed at {@code now}. */
  double keyUsed(long now, Access access, List<AttrValue> key) {
    KeyWindow w = keys.get(key);
    return w == null ? 0 : w.used(now, access);
  }

  void consume(long now, Access access, Charge charge) {
    budget(access).consume(now, resource.limit(access), resource.provisioned(), charge.units());
    totals.add(now, access, charge.units());
    partitions.add(
        now,
        KeyCodec.partitionHash(charge.partitionKey()),
        access,
        charge.units(),
        charge.sizeDelta());
    window(now, charge.partitionKey()).add(now, access, charge.units());
  }

  void throttled(long now, List<AttrValue> key) {
    totals.throttled(now);
    window(now, key).throttled(now);
  }

  /** The figures of the table or GSI as a whole over the window. */
  KeyFigures totals(long now, int window) {
    return totals.figures(now, window);
  }

  int partitionCount() {
    return partitions.count();
  }

  /** The figures of every key active in the window. */
  Map<List<AttrValue>, KeyFigures> keyFigures(long now, int window) {
    Map<List<AttrValue>, KeyFigures> out = new HashMap<>();
    for (Map.Entry<List<AttrValue>, KeyWindow> e : keys.entrySet()) {
      KeyFigures f = e.getValue().figures(now, window);
      if (!f.idle()) {
        out.put(e.getKey(), f);
      }
    }
    return out;
  }

  private Budget budget(Access access) {
    return access == Access.READ ? readBudget : writeBudget;
  }

  private KeyWindow window(long now, List<AttrValue> key) {
    sweep(now);
    KeyWindow w = keys.get(key);
    if (w == null) {
      if (keys.size() >= CapacityLimits.MAX_KEYS) {
        evictColdest();
      }
      w = new KeyWindow();
      keys.put(key, w);
    }
    return w;
  }

  /** Once a second: forgets the keys idle for longer than the longest window. */
  private void sweep(long now) {
    if (now == sweptAt) {
      return;
    }
    sweptAt = now;
    for (Iterator<KeyWindow> it = keys.values().iterator(); it.hasNext(); ) {
      if (it.next().trim(now)) {
        it.remove();
      }
    }
  }

  /** Forgets the quarter of the keys used least recently. */
  private void evictColdest() {
    List<Map.Entry<List<AttrValue>, KeyWindow>> all = new ArrayList<>(keys.entrySet());
    all.sort((a, b) -> Long.compare(a.getValue().lastSecond(), b.getValue().lastSecond()));
    for (int i = 0; i < all.size() / 4; i++) {
      keys.remove(all.get(i).getKey());
    }
  }
}
