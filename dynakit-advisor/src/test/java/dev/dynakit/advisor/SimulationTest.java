package dev.dynakit.advisor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.dynakit.advisor.Simulation.Load;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The simulator's analytic figures against a direct computation: Zipf per-key load against
 * sampling, sharding against division, and 10^8 keys without enumerating them.
 */
class SimulationTest {
  private static final String SPEC =
      """
      {"table": "votes", "keyFields": ["itemId", "voter"], "structuralKey": "_sk",
       "technicalPrefix": "_"}
      """;
  private static final double S = 1.1;
  private static final int N = 100_000;
  private static final double RATE = 30_000;

  private static String traffic(double s, double count) {
    return """
        {"table": "votes",
         "fields": {"itemId": {"distribution": "zipf", "s": %s, "count": %s}},
         "patterns": [{"name": "vote", "type": "write", "perSecond": %s, "itemBytes": 500}]}
        """
        .formatted(s, count, RATE);
  }

  private static Load vote(Advisor advisor) {
    return advisor.simulate().simulation().orElseThrow().loads().stream()
        .filter(l -> l.pattern().equals("vote") && l.target().equals("table"))
        .findFirst()
        .orElseThrow();
  }

  @Test
  void zipfPerKeyLoad_matchesDirectSampling() {
    Load load = vote(Advisor.of(SPEC, "spec").traffic(traffic(S, N), "traffic"));

    // sample the same workload: 2,000,000 writes whose keys are drawn from Zipf(1.1) over 10^5
    double[] cumulative = new double[N];
    double sum = 0;
    for (int k = 1; k <= N; k++) {
      sum += Math.pow(k, -S);
      cumulative[k - 1] = sum;
    }
    int draws = 2_000_000;
    long[] counts = new long[N];
    SplittableRandom random = new SplittableRandom(42);
    for (int i = 0; i < draws; i++) {
      int at = Arrays.binarySearch(cumulative, random.nextDouble() * sum);
      counts[at < 0 ? -at - 1 : at]++;
    }
    double unitsPerWrite = 1; // 500 bytes: one write unit
    for (int rank = 0; rank < 10; rank++) {
      double sampled = RATE * unitsPerWrite * counts[rank] / draws;
      assertThat(load.topKeysUnitsPerSecond().get(rank))
          .as("rank %d", rank + 1)
          .isCloseTo(sampled, within(sampled * 0.05));
    }
    long over = Arrays.stream(counts).filter(c -> RATE * c / draws > 1000).count();
    assertThat(load.throttledKeys()).isCloseTo(over, within(Math.max(1, over * 0.05)));
  }

  @Test
  void shardingTheHottestKeyTenWays_dividesItsPeakByTen() {
    Load plain = vote(Advisor.of(SPEC, "spec").traffic(traffic(S, N), "traffic"));
    Load sharded =
        vote(Advisor.of(SPEC, "spec").traffic(traffic(S, N), "traffic").shard("vote", 10));

    assertThat(plain.topKeyUnitsPerSecond() / sharded.topKeyUnitsPerSecond())
        .isCloseTo(10, within(0.5));
    assertThat(sharded.shards()).isEqualTo(10);
    assertThat(sharded.keys()).isEqualTo(plain.keys() * 10);
  }

  @Test
  void hundredMillionKeys_takeNoEnumeration() {
    long start = System.nanoTime();
    Load load = vote(Advisor.of(SPEC, "spec").traffic(traffic(1.1, 1e8), "traffic"));
    double seconds = (System.nanoTime() - start) / 1e9;

    assertThat(seconds).isLessThan(5);
    assertThat(load.keys()).isEqualTo(1e8);
    // rank 1 of Zipf(1.1) over 10^8: 1 / H(10^8, 1.1), where H = zeta(1.1) - (the tail past
    // 10^8, about 10 * 10^-0.8) = 10.5844485 - 1.5848932 = 8.9995553
    double h = 10.5844485 - 10 * Math.pow(1e8, -0.1);
    assertThat(load.topKeyUnitsPerSecond()).isCloseTo(RATE / h, within(RATE / h * 0.001));
  }

  @Test
  void exampleTraffic_onTheExampleEventsTable_namesTheThrottlingKeys() {
    Report report =
        Advisor.of(Path.of("..", "examples", "specs", "events.json"))
            .traffic(Path.of("..", "examples", "specs", "traffic.json"))
            .simulate();
    Simulation simulation = report.simulation().orElseThrow();

    Load write =
        simulation.loads().stream()
            .filter(l -> l.pattern().equals("writeEvent") && l.target().equals("table"))
            .findFirst()
            .orElseThrow();
    // every write of the day lands on today's partition: 20,000 units/s against 1,000
    assertThat(write.topKeyUnitsPerSecond()).isEqualTo(20_000);
    assertThat(report.findings("key-throttles")).isNotEmpty();
    assertThat(report.findings("scan-pattern"))
        .singleElement()
        .satisfies(f -> assertThat(f.subject()).contains("openEvents"));
    assertThat(simulation.cost().onDemand()).isPositive();
    assertThat(simulation.cost().provisioned()).isPositive();
    assertThat(report.exitCode()).isEqualTo(3);
  }

  @Test
  void singleTable_declaredPatternsAndShardsShapeTheLoad() {
    String traffic =
        """
        {"table": "shop",
         "fields": {
           "itemId": {"distribution": "zipf", "s": 1.2, "count": 1000000},
           "status": {"distribution": "categorical",
                      "values": {"PENDING": 0.1, "SHIPPED": 0.6, "DELIVERED": 0.3}}},
         "patterns": [
           {"name": "castVote", "type": "write", "entity": "vote", "perSecond": 5000,
            "itemBytes": 200},
           {"name": "ordersByStatus", "type": "read", "perSecond": 100, "itemsPerRead": 40,
            "itemBytes": 600}]}
        """;
    Report report =
        Advisor.of(Path.of("..", "examples", "specs", "shop.json"))
            .traffic(traffic, "traffic")
            .simulate();
    Simulation simulation = report.simulation().orElseThrow();

    Load votes =
        simulation.loads().stream()
            .filter(l -> l.pattern().equals("castVote") && l.target().equals("table"))
            .findFirst()
            .orElseThrow();
    // the busiest item's votes, spread over the entity's 10 declared shards
    double h = 0;
    for (int k = 1; k <= 1_000_000; k++) {
      h += Math.pow(k, -1.2);
    }
    assertThat(votes.topKeyUnitsPerSecond()).isCloseTo(5000 / h / 10, within(5000 / h / 10 * 1e-6));
    assertThat(report.findings("shard-unneeded")).isEmpty();
    // a vote reaches no GSI: its keys define neither GSI1PK nor GSI2PK
    assertThat(simulation.loads())
        .noneMatch(l -> l.pattern().equals("castVote") && !l.target().equals("table"));

    Load byStatus =
        simulation.loads().stream()
            .filter(l -> l.pattern().equals("ordersByStatus"))
            .findFirst()
            .orElseThrow();
    // the declared pattern reads GSI1 by status: SHIPPED gets 60 % of the reads
    assertThat(byStatus.target()).isEqualTo("GSI1");
    assertThat(byStatus.scan()).isFalse();
    assertThat(byStatus.topKeyUnitsPerSecond()).isCloseTo(100 * 0.6 * 3, within(1e-9));
  }
}
