package dev.dynakit.advisor.internal;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The DynamoDB price table the cost estimate uses, in US dollars: the public list prices of the
 * standard table class in us-east-1 as of 2025. Any entry can be overridden in the traffic model's
 * {@code prices} object (same names).
 *
 * @param writeRequestPerMillion on-demand, per million write request units
 * @param readRequestPerMillion on-demand, per million read request units
 * @param wcuHour provisioned, per write capacity unit and hour
 * @param rcuHour provisioned, per read capacity unit and hour
 * @param storageGbMonth storage, per GB and month (the free tier is ignored)
 */
public record Prices(
    double writeRequestPerMillion,
    double readRequestPerMillion,
    double wcuHour,
    double rcuHour,
    double storageGbMonth) {
  /** The default table. */
  public static final Prices DEFAULT = new Prices(0.625, 0.125, 0.00065, 0.00013, 0.25);

  /** The default table with the entries {@code overrides} names replaced. */
  public static Prices with(Map<String, Object> overrides) {
    Map<String, Object> known = new LinkedHashMap<>(DEFAULT.asMap());
    overrides.forEach(
        (name, value) -> {
          if (!known.containsKey(name)) {
            throw new IllegalArgumentException(
                "unknown price '" + name + "'; the prices are " + known.keySet());
          }
          if (!(value instanceof Number n) || n.doubleValue() < 0) {
            throw new IllegalArgumentException("price '" + name + "' must be a number >= 0");
          }
          known.put(name, n.doubleValue());
        });
    return new Prices(
        (double) known.get("writeRequestPerMillion"),
        (double) known.get("readRequestPerMillion"),
        (double) known.get("wcuHour"),
        (double) known.get("rcuHour"),
        (double) known.get("storageGbMonth"));
  }

  /** The entries by name. */
  public Map<String, Object> asMap() {
    Map<String, Object> map = new LinkedHashMap<>();
    map.put("writeRequestPerMillion", writeRequestPerMillion);
    map.put("readRequestPerMillion", readRequestPerMillion);
    map.put("wcuHour", wcuHour);
    map.put("rcuHour", rcuHour);
    map.put("storageGbMonth", storageGbMonth);
    return map;
  }
}
