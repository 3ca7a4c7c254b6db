package dev.dynakit.advisor.internal;

import dev.dynakit.advisor.Finding;
import dev.dynakit.advisor.Simulation;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/** Runs every rule over a design and drops the findings of the rules the caller silences. */
public final class Linter {
  /** Every rule's stable id with what it checks. */
  public static final Map<String, String> RULES = rules();

  private Linter() {}

  /** The findings on {@code design}, with the traffic model's and simulation's when given. */
  public static List<Finding> lint(
      Design design,
      @Nullable Traffic traffic,
      @Nullable Simulation simulation,
      Set<String> ignored) {
    LintContext c = new LintContext(design, traffic, simulation);
    KeyRules.check(c);
    SortKeyRules.check(c);
    IndexRules.check(c);
    PatternRules.check(c);
    FieldRules.check(c);
    LoadRules.check(c);
    return c.findings().stream().filter(f -> !ignored.contains(f.rule())).toList();
  }

  private static Map<String, String> rules() {
    Map<String, String> rules = new TreeMap<>();
    rules.put(
        KeyRules.LOW_CARDINALITY, "a partition key over few values (status, type, tier, boolean)");
    rules.put(
        KeyRules.MONOTONIC, "a partition key that follows time (timestamps, counters, today)");
    rules.put(KeyRules.CONSTANT, "the constant-key pattern, outside its honest range");
    rules.put(SortKeyRules.UNUSED, "a sort key no access pattern uses");
    rules.put(SortKeyRules.RANGE_WITHOUT, "a range condition on a target without that sort key");
    rules.put(IndexRules.LSI, "an LSI: creation-only, 10 GB per item collection");
    rules.put(IndexRules.AMPLIFICATION, "each GSI's write amplification from its projection");
    rules.put(IndexRules.ALL_PROJECTION, "an ALL projection where keys-only + indirect is cheaper");
    rules.put(IndexRules.SPARSE, "a sparse index without a predicate");
    rules.put(PatternRules.SCAN, "an access pattern that needs a Scan");
    rules.put(PatternRules.FILTER, "a filter that discards most of what it reads");
    rules.put(FieldRules.UNPREFIXED, "technical fields outside the technical prefix");
    rules.put(FieldRules.TTL, "a TTL field that is not epoch seconds");
    rules.put(LoadRules.SHARD_MISSING, "no sharding on a hot key");
    rules.put(LoadRules.SHARD_UNNEEDED, "sharding on a cold key");
    rules.put(LoadRules.THROTTLES, "keys predicted above their partition ceiling");
    rules.put(LoadRules.COLLECTION, "an item collection past 10 GB under an LSI");
    rules.put(AnalysisRules.P99_ITEMS, "a live table's p99 items per partition above 10,000");
    rules.put(AnalysisRules.HOT_KEY, "a live key near or past its partition ceiling");
    return Map.copyOf(rules);
  }
}
