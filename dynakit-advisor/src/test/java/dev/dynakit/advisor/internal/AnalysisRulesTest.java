package dev.dynakit.advisor.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.advisor.Analysis;
import dev.dynakit.advisor.Finding;
import dev.dynakit.advisor.Finding.Severity;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The rules over a live table's figures: each with figures that trigger it and ones that do not.
 */
class AnalysisRulesTest {
  private static final long GB = 1L << 30;

  private static Design design(String indices) {
    return DesignReader.read(
        Json.object(
            """
            {"table": "things", "keyFields": ["userId", "id"], "structuralKey": "_sk",
             "indices": {%s}}
            """
                .formatted(indices),
            "spec"));
  }

  private static Analysis analysis(long itemsP99, long bytesMax, Analysis.HotKey... hot) {
    Analysis.KeySpread table =
        new Analysis.KeySpread(
            "table",
            List.of("userId"),
            100,
            1000,
            5,
            itemsP99,
            itemsP99,
            1000,
            1000,
            bytesMax,
            List.of(),
            List.of());
    return new Analysis(
        "things", 1000, bytesMax, 10, List.of(table), List.of(), List.of(hot), null);
  }

  private static Analysis.HotKey hot(double readShare, long throttled) {
    return new Analysis.HotKey("table", "u1", 100, 0, readShare * 3000, 0, throttled, readShare, 0);
  }

  private static List<Finding> findings(Design design, Analysis analysis, String rule) {
    return AnalysisRules.check(design, analysis).stream()
        .filter(f -> f.rule().equals(rule))
        .toList();
  }

  @Test
  void p99ItemsPerPartition() {
    assertThat(findings(design(""), analysis(12_000, GB), "partition-p99-items")).hasSize(1);
    assertThat(findings(design(""), analysis(9_000, GB), "partition-p99-items")).isEmpty();
  }

  @Test
  void collectionNearing10GbUnderAnLsi() {
    Design lsi = design("\"byDate\": {\"type\": \"lsi\", \"sk\": \"createdAt\"}");
    assertThat(findings(lsi, analysis(10, 9 * GB), "collection-10gb"))
        .singleElement()
        .satisfies(f -> assertThat(f.severity()).isEqualTo(Severity.WARNING));
    assertThat(findings(lsi, analysis(10, 11 * GB), "collection-10gb"))
        .singleElement()
        .satisfies(f -> assertThat(f.severity()).isEqualTo(Severity.ERROR));
    assertThat(findings(lsi, analysis(10, 2 * GB), "collection-10gb")).isEmpty();
    assertThat(findings(design(""), analysis(10, 11 * GB), "collection-10gb")).isEmpty();
  }

  @Test
  void hotKeyNearOrPastItsCeiling() {
    assertThat(findings(design(""), analysis(10, GB, hot(0.9, 0)), "hot-key"))
        .singleElement()
        .satisfies(f -> assertThat(f.severity()).isEqualTo(Severity.WARNING));
    assertThat(findings(design(""), analysis(10, GB, hot(0.3, 5)), "hot-key"))
        .singleElement()
        .satisfies(f -> assertThat(f.severity()).isEqualTo(Severity.ERROR));
    assertThat(findings(design(""), analysis(10, GB, hot(0.3, 0)), "hot-key")).isEmpty();
  }
}
