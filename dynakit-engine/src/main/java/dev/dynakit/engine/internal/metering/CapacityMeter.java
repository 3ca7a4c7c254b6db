package dev.dynakit.engine.internal.metering;

import dev.dynakit.engine.internal.value.AttrValue;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The engine's capacity meter: charges the units of each request to the tables, GSIs, partition-key
 * values and partitions it uses, in whole seconds of the engine's clock, and, when enforcing,
 * refuses a request that would exceed a per-key ceiling, a provisioned budget (with burst credit)
 * or an on-demand maximum. A request is checked and charged as one step, so concurrent writers of a
 * hot key cannot all slip under its ceiling; a refused request consumes nothing and counts as
 * throttled on its keys.
 */
public final class CapacityMeter {
  private final Clock clock;
  private final boolean enforce;
  private final Map<String, ResourceMeter> meters = new HashMap<>();

  /**
   * @param enforce whether to refuse requests over their limits; without it the meter only measures
   *     (for the key statistics)
   */
  public CapacityMeter(Clock clock, boolean enforce) {
    this.clock = clock;
    this.enforce = enforce;
  }

  public boolean enforcing() {
    return enforce;
  }

  /**
   * Admits one request's charges together: all are charged, or (when enforcing and one does not
   * fit) none is and the throttle says why.
   *
   * @return null when admitted
   */
  public synchronized @Nullable Throttle admit(Access access, List<Charge> charges) {
    long now = now();
    Throttle refusal = check(now, access, charges);
    if (refusal != null) {
      throttled(now, charges);
      return refusal;
    }
    for (Charge c : charges) {
      meter(c.resource()).consume(now, access, c);
    }
    return null;
  }

  /**
   * Admits several requests (the parts of a batch) one after the other, each as {@link #admit}.
   *
   * @return per request, null when admitted, else why it was throttled
   */
  public synchronized List<@Nullable Throttle> admitEach(
      Access access, List<List<Charge>> requests) {
    List<@Nullable Throttle> out = new ArrayList<>(requests.size());
    for (List<Charge> charges : requests) {
      out.add(admit(access, charges));
    }
    return out;
  }

  /**
   * The partition-key values of a table and its GSIs (or of one of them) that consumed the most of
   * a per-key ceiling in their busiest second within the last {@code window} seconds, busiest
   * first, ties by throttled requests.
   *
   * @param indexName one GSI only; null for the table and all its GSIs
   */
  public synchronized List<HotKey> hotKeys(
      String tableName, @Nullable String indexName, int window, int limit) {
    long now = now();
    List<HotKey> all = new ArrayList<>();
    for (ResourceMeter m : meters.values()) {
      Resource r = m.resource();
      if (!r.tableName().equals(tableName)
          || (indexName != null && !indexName.equals(r.indexName()))) {
        continue;
      }
      for (Map.Entry<List<AttrValue>, KeyFigures> e : m.keyFigures(now, window).entrySet()) {
        all.add(new HotKey(r.indexName(), e.getKey(), e.getValue()));
      }
    }
    all.sort(
        Comparator.comparingDouble((HotKey k) -> k.figures().share())
            .reversed()
            .thenComparing(
                Comparator.comparingLong((HotKey k) -> k.figures().throttled()).reversed()));
    return List.copyOf(all.subList(0, Math.min(limit, all.size())));
  }

  /** The figures of a table ({@code indexName} null) or GSI as a whole, or null if never used. */
  public synchronized @Nullable KeyFigures totals(
      String tableName, @Nullable String indexName, int window) {
    ResourceMeter m = meters.get(name(tableName, indexName));
    return m == null ? null : m.totals(now(), window);
  }

  /** How many physical partitions a table or GSI has now (1 until one splits). */
  public synchronized int partitions(String tableName, @Nullable String indexName) {
    ResourceMeter m = meters.get(name(tableName, indexName));
    return m == null ? 1 : m.partitionCount();
  }

  private @Nullable Throttle check(long now, Access access, List<Charge> charges) {
    if (!enforce) {
      return null;
    }
    // one request may charge a key several times (a GSI entry moving within its partition)
    Map<ResourceMeter, Map<List<AttrValue>, Double>> perKey = new LinkedHashMap<>();
    for (Charge c : charges) {
      perKey
          .computeIfAbsent(meter(c.resource()), m -> new LinkedHashMap<>())
          .merge(c.partitionKey(), c.units(), Double::sum);
    }
    Set<Throttle.Reason> reasons = new LinkedHashSet<>();
    for (Map.Entry<ResourceMeter, Map<List<AttrValue>, Double>> e : perKey.entrySet()) {
      ResourceMeter m = e.getKey();
      Resource r = m.resource();
      for (Map.Entry<List<AttrValue>, Double> k : e.getValue().entrySet()) {
        if (m.keyUsed(now, access, k.getKey()) + k.getValue() > access.keyCeiling()) {
          reasons.add(reason(r, access, "KeyRangeThroughputExceeded"));
        }
      }
      if (!m.budgetAllows(now, access)) {
        reasons.add(
            reason(
                r,
                access,
                r.provisioned()
                    ? "ProvisionedThroughputExceeded"
                    : "MaxOnDemandThroughputExceeded"));
      }
    }
    return reasons.isEmpty() ? null : new Throttle(new ArrayList<>(reasons));
  }

  private void throttled(long now, List<Charge> charges) {
    Map<ResourceMeter, Set<List<AttrValue>>> keys = new LinkedHashMap<>();
    for (Charge c : charges) {
      keys.computeIfAbsent(meter(c.resource()), m -> new LinkedHashSet<>()).add(c.partitionKey());
    }
    keys.forEach((m, ks) -> ks.forEach(k -> m.throttled(now, k)));
  }

  private static Throttle.Reason reason(Resource r, Access access, String limit) {
    return new Throttle.Reason(r.kind() + access.word() + limit, r.arn());
  }

  private ResourceMeter meter(Resource r) {
    String name = name(r.tableName(), r.indexName());
    ResourceMeter m = meters.get(name);
    if (m == null || !m.resource().tableId().equals(r.tableId())) {
      // a table created again under the same name starts without history or burst credit
      m = new ResourceMeter(r);
      meters.put(name, m);
    } else if (!m.resource().equals(r)) {
      m.refresh(r);
    }
    return m;
  }

  private static String name(String tableName, @Nullable String indexName) {
    return indexName == null ? tableName : tableName + '\u0000' + indexName;
  }

  private long now() {
    return Math.floorDiv(clock.millis(), 1000);
  }
}
