package dev.dynakit.advisor.internal;

import dev.dynakit.advisor.Finding.Severity;
import dev.dynakit.advisor.internal.Traffic.TrafficPattern;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The access-pattern rules: a pattern that needs a Scan ({@code scan-pattern}) and a filter that
 * discards most of what it reads ({@code filter-discards}).
 */
final class PatternRules {
  static final String SCAN = "scan-pattern";
  static final String FILTER = "filter-discards";
  private static final double KEPT_AT_LEAST = 0.5;

  private PatternRules() {}

  static void check(LintContext c) {
    // core refuses a declared access pattern without its partition key: the traffic model's
    // patterns are the ones that can need a Scan
    Design d = c.design();
    Traffic traffic = c.traffic();
    if (traffic == null) {
      return;
    }
    for (TrafficPattern p : traffic.patterns()) {
      if (p.write()
          || d.patterns().stream().anyMatch(x -> !x.implicit() && x.name().equals(p.name()))) {
        continue;
      }
      List<String> pk = d.partitionKeyOf(p.index());
      Set<String> needed = new HashSet<>();
      pk.forEach(a -> needed.addAll(d.fieldsBehind(a)));
      Map<String, String> filters = new HashMap<>(p.filter());
      if (!p.key().keySet().containsAll(needed) || needed.isEmpty()) {
        scan(
            c,
            p.name(),
            "its key ("
                + String.join(", ", p.key().keySet())
                + ") does not give "
                + String.join(", ", needed)
                + ", the partition key of "
                + (p.index() == null ? "the table" : p.index()));
        p.key()
            .forEach(
                (field, value) -> {
                  if (!needed.contains(field)) {
                    filters.put(field, value);
                  }
                });
      }
      filter(c, p.name(), filters);
    }
  }

  private static void scan(LintContext c, String pattern, String why) {
    c.add(
        SCAN,
        Severity.ERROR,
        "access pattern " + pattern,
        why + ", so answering it reads the whole table (a Scan) and pays for every item",
        "add a GSI keyed on what the pattern knows, or change the table's key to serve it");
  }

  /** {@code filters}: field to the value kept (null when unknown). */
  private static void filter(LintContext c, String pattern, Map<String, String> filters) {
    Traffic traffic = c.traffic();
    if (traffic == null || filters.isEmpty()) {
      return;
    }
    double kept = 1;
    for (Map.Entry<String, String> f : filters.entrySet()) {
      KeyDistribution d = traffic.distribution(f.getKey());
      if (d instanceof KeyDistribution.Categorical cat && cat.shares().containsKey(f.getValue())) {
        double total = cat.shares().values().stream().mapToDouble(Double::doubleValue).sum();
        kept *= cat.shares().get(f.getValue()) / total;
      } else if (!(d instanceof KeyDistribution.Unknown)) {
        kept *= d.topShare();
      }
    }
    if (kept < KEPT_AT_LEAST) {
      c.add(
          FILTER,
          Severity.WARNING,
          "access pattern " + pattern,
          String.format(
              java.util.Locale.ROOT,
              "its filter on %s keeps %.1f %% of what it reads, and every item read is paid for",
              String.join(", ", filters.keySet()),
              kept * 100),
          "move the filtered field into the key: a sort-key prefix (active#...) or a sparse GSI"
              + " on it");
    }
  }
}
