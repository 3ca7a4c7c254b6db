package dev.dynakit.advisor.internal;

import dev.dynakit.advisor.Finding.Severity;
import dev.dynakit.advisor.Simulation;
import dev.dynakit.advisor.Simulation.Load;
import dev.dynakit.advisor.internal.Traffic.TrafficPattern;
import java.util.Locale;

/**
 * The rules that need a traffic model: sharding missing on a hot key ({@code shard-missing}) or
 * present on a cold one ({@code shard-unneeded}), keys predicted above their ceiling ({@code
 * key-throttles}) and an item collection past 10 GB under an LSI ({@code collection-10gb}).
 */
final class LoadRules {
  static final String SHARD_MISSING = "shard-missing";
  static final String SHARD_UNNEEDED = "shard-unneeded";
  static final String THROTTLES = "key-throttles";
  static final String COLLECTION = "collection-10gb";
  private static final double COLD = 0.1;
  private static final double TEN_GB = 10.0 * (1L << 30);

  private LoadRules() {}

  static void check(LintContext c) {
    Traffic traffic = c.traffic();
    Simulation simulation = c.simulation();
    if (traffic == null || simulation == null) {
      return;
    }
    for (Load load : simulation.loads()) {
      TrafficPattern p =
          traffic.patterns().stream()
              .filter(x -> x.name().equals(load.pattern()))
              .findFirst()
              .orElseThrow();
      boolean hotHint = Boolean.TRUE.equals(p.hot()) || hotField(c, load);
      int ways = load.shards() * declaredWays(c, load);
      boolean sharded = ways > 1;
      String subject =
          load.pattern() + (load.target().equals("table") ? "" : " on " + load.target());
      if (!load.scan() && load.ceilingShare() > 1) {
        c.add(
            THROTTLES,
            Severity.ERROR,
            subject,
            String.format(
                Locale.ROOT,
                "its busiest key takes %s units/s against a ceiling of %s (%s keys above it)",
                Figures.units(load.topKeyUnitsPerSecond()),
                Figures.units(load.ceiling()),
                Figures.count(load.throttledKeys())),
            "spread the key: shard it N ways ("
                + suggestShards(load)
                + " suffices), cache"
                + " reads, or key on a finer field");
      }
      if (!sharded && hotHint && !load.scan()) {
        c.add(
            SHARD_MISSING,
            load.ceilingShare() > 1 ? Severity.ERROR : Severity.WARNING,
            subject,
            "the traffic model declares its key hot and nothing spreads it over several"
                + " partition-key values",
            "append a shard suffix (#0..#"
                + (suggestShards(load) - 1)
                + ") to the key: write to one, read all and combine");
      }
      boolean coldHint = Boolean.FALSE.equals(p.hot());
      double unsharded = load.ceilingShare() * (load.kind().equals("read") ? 1 : ways);
      if (sharded && (coldHint || unsharded < COLD)) {
        c.add(
            SHARD_UNNEEDED,
            Severity.WARNING,
            subject,
            String.format(
                Locale.ROOT,
                "its key is sharded though unsharded it would take %.1f %% of its ceiling, and"
                    + " every read must query all shards",
                unsharded * 100),
            "drop the shard suffix; one partition-key value carries this load");
      }
    }
    boolean lsi = c.design().indices().stream().anyMatch(i -> !i.global());
    Simulation.StoragePoint last = simulation.storage().get(simulation.storage().size() - 1);
    if (lsi && last.largestCollectionBytes() > TEN_GB) {
      c.add(
          COLLECTION,
          Severity.ERROR,
          "table " + c.design().table(),
          "its busiest partition key's item collection reaches "
              + Figures.bytes(last.largestCollectionBytes())
              + " within a year, past the 10 GB an LSI allows",
          "replace the LSI by a GSI, or spread that key's items over more partition-key values");
    }
  }

  private static long suggestShards(Load load) {
    return Math.max(2, (long) Math.ceil(load.ceilingShare() * load.shards() / 0.8));
  }

  private static boolean hotField(LintContext c, Load load) {
    Traffic traffic = c.traffic();
    String attribute =
        load.target().equals("table")
            ? c.design().partitionKey()
            : c.design().partitionKeyOf(load.target()).stream().findFirst().orElse("");
    return traffic != null
        && c.design().fieldsBehind(attribute).stream()
            .anyMatch(f -> Boolean.TRUE.equals(traffic.hotFields().get(f)));
  }

  /** The shard count a single-table entity declares on the key this load reaches, else 1. */
  private static int declaredWays(LintContext c, Load load) {
    if (!load.target().equals("table")) {
      return 1;
    }
    String pk = c.design().partitionKey();
    for (Design.Entity e : c.design().entities()) {
      if (e.shards() > 1
          && e.keys().containsKey(pk)
          && load.distribution().contains("uniform over " + Figures.count(e.shards()))) {
        return e.shards();
      }
    }
    return 1;
  }
}
