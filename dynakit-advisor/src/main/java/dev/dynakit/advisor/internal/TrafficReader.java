package dev.dynakit.advisor.internal;

import dev.dynakit.advisor.AdvisorException;
import dev.dynakit.advisor.internal.Traffic.TrafficPattern;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads a traffic model. Every problem is collected and reported together, each naming where it is
 * ({@code patterns[2].perSecond}).
 */
public final class TrafficReader {
  private static final Set<String> TOP =
      Set.of("table", "fields", "patterns", "retentionDays", "targetUtilization", "prices");
  private static final Set<String> PATTERN =
      Set.of(
          "name",
          "type",
          "index",
          "entity",
          "key",
          "filter",
          "range",
          "perSecond",
          "itemsPerRead",
          "itemBytes",
          "shards",
          "hot",
          "consistency",
          "inserts");
  private static final Set<String> FIELD = Set.of("distribution", "s", "count", "values", "hot");

  private final List<String> problems = new ArrayList<>();

  private TrafficReader() {}

  /** The model in {@code text}; {@code what} names the source in errors. */
  public static Traffic read(String text, String what) {
    return new TrafficReader().model(Json.object(text, what), what);
  }

  private Traffic model(Map<String, Object> root, String what) {
    only(root, "", TOP);
    Map<String, KeyDistribution> fields = new LinkedHashMap<>();
    Map<String, Boolean> hot = new LinkedHashMap<>();
    Json.map(root.get("fields"))
        .forEach(
            (name, spec) -> {
              Map<String, Object> shape = Json.map(spec);
              only(shape, "fields." + name + ".", FIELD);
              fields.put(name, distribution("fields." + name, shape));
              if (shape.get("hot") instanceof Boolean b) {
                hot.put(name, b);
              }
            });
    List<TrafficPattern> patterns = new ArrayList<>();
    List<Object> declared = Json.list(root.get("patterns"));
    for (int i = 0; i < declared.size(); i++) {
      patterns.add(pattern("patterns[" + i + "]", Json.map(declared.get(i))));
    }
    Prices prices = Prices.DEFAULT;
    try {
      prices = Prices.with(Json.map(root.get("prices")));
    } catch (IllegalArgumentException e) {
      problems.add("prices: " + e.getMessage());
    }
    Object retention = root.get("retentionDays");
    double utilization = Json.number(root.get("targetUtilization"), 0.7);
    if (utilization <= 0 || utilization > 1) {
      problems.add("targetUtilization: must be in (0, 1]");
    }
    if (!problems.isEmpty()) {
      throw new AdvisorException(
          what + ": the traffic model has problems:\n - " + String.join("\n - ", problems));
    }
    return new Traffic(
        String.valueOf(root.getOrDefault("table", "")),
        fields,
        hot,
        patterns,
        retention instanceof Number n ? n.doubleValue() : null,
        utilization,
        prices);
  }

  private KeyDistribution distribution(String at, Map<String, Object> shape) {
    String kind = String.valueOf(shape.get("distribution"));
    double count = Json.number(shape.get("count"), -1);
    switch (kind) {
      case "categorical" -> {
        Map<String, Double> shares = new LinkedHashMap<>();
        Json.map(shape.get("values"))
            .forEach((value, share) -> shares.put(value, Json.number(share, -1)));
        if (shares.isEmpty() || shares.values().stream().anyMatch(s -> s <= 0)) {
          problems.add(at + ".values: needs values with shares > 0");
          return new KeyDistribution.Unknown(at);
        }
        return new KeyDistribution.Categorical(shares);
      }
      case "uniform" -> {
        if (count < 1) {
          problems.add(at + ".count: a uniform distribution needs a count >= 1");
          return new KeyDistribution.Unknown(at);
        }
        return new KeyDistribution.Uniform(count);
      }
      case "zipf" -> {
        double s = Json.number(shape.get("s"), -1);
        if (count < 1 || s <= 0) {
          problems.add(at + ": zipf needs s > 0 and a count >= 1");
          return new KeyDistribution.Unknown(at);
        }
        return KeyDistribution.Zipf.of(s, count);
      }
      case "today", "now" -> {
        return new KeyDistribution.TimeBucket(kind);
      }
      default -> {
        problems.add(
            at + ".distribution: must be categorical, uniform, zipf, today or now, got " + kind);
        return new KeyDistribution.Unknown(at);
      }
    }
  }

  private TrafficPattern pattern(String at, Map<String, Object> shape) {
    only(shape, at + ".", PATTERN);
    String name = Json.text(shape.get("name"));
    if (name == null) {
      problems.add(at + ".name: required");
      name = at;
    }
    String type = String.valueOf(shape.get("type"));
    if (!type.equals("read") && !type.equals("write")) {
      problems.add(at + ".type: must be read or write");
    }
    double perSecond = Json.number(shape.get("perSecond"), -1);
    if (perSecond < 0) {
      problems.add(at + ".perSecond: required, a number >= 0");
    }
    double items = Json.number(shape.get("itemsPerRead"), 1);
    double bytes = Json.number(shape.get("itemBytes"), -1);
    int shards = (int) Json.number(shape.get("shards"), 1);
    if (shards < 1) {
      problems.add(at + ".shards: must be >= 1");
    }
    return new TrafficPattern(
        name,
        type.equals("write"),
        Json.text(shape.get("index")),
        Json.text(shape.get("entity")),
        strings(shape.get("key")),
        strings(shape.get("filter")),
        Json.text(shape.get("range")),
        Math.max(perSecond, 0),
        items,
        bytes,
        Math.max(shards, 1),
        shape.get("hot") instanceof Boolean b ? b : null,
        "strong".equals(shape.get("consistency")),
        Json.number(shape.get("inserts"), type.equals("write") ? 1 : 0));
  }

  private static Map<String, String> strings(Object value) {
    Map<String, String> out = new LinkedHashMap<>();
    Json.map(value).forEach((k, v) -> out.put(k, String.valueOf(v)));
    return out;
  }

  private void only(Map<String, Object> shape, String at, Set<String> known) {
    for (String key : shape.keySet()) {
      if (!known.contains(key)) {
        problems.add(at + key + ": unknown; allowed here: " + new java.util.TreeSet<>(known));
      }
    }
  }
}
