package dev.dynakit.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ReportTest {
  private static Result wrk(String op, String target, long requests, long errors) {
    return new Result("wrk", op, target, 16, requests, 10, 500, 2000, errors, "");
  }

  private static Result sdk(String op, String target, int threads, long requests) {
    return new Result("sdk", op, target, threads, requests, 10, 500, 2000, 0, "");
  }

  @Test
  void serverCapacity_givesRatiosBetweenCleanMeasurements() {
    String md =
        new Report(
                List.of(
                    wrk("GetItem", "nothing", 1_200_000, 0),
                    wrk("GetItem", "engine", 700_000, 0),
                    wrk("GetItem", "dynalite", 200_000, 0)))
            .render();
    assertThat(md)
        .contains("| GetItem | 16 | 120,000 | 70,000 | 20,000 | 3.50x | 58 % |")
        .contains("| wrk GetItem: engine / dynalite | ≥ 3x | 3.50x | met |")
        .contains("| wrk GetItem: engine / do-nothing | ≥ 50 % | 58 % | met |");
  }

  @Test
  void erroringMeasurement_getsNoRatioAndNoVerdict() {
    String md =
        new Report(
                List.of(
                    wrk("PutItem", "engine", 500_000, 12), wrk("PutItem", "dynalite", 200_000, 0)))
            .render();
    assertThat(md)
        .contains("| PutItem | 16 | — | errors (12) | 20,000 | — | — |")
        .contains("| wrk PutItem: engine / dynalite | ≥ 3x | not measured | — |");
  }

  @Test
  void javaClient_comparesInProcessWithHttp_andMarksMissedTargets_butTheInProcessRatioIsNoTarget() {
    String md =
        new Report(
                List.of(
                    sdk("GetItem", "nothing", 16, 90_000),
                    sdk("GetItem", "engine", 16, 80_000),
                    sdk("GetItem", "dynalite", 16, 50_000),
                    sdk("GetItem", "in-process", 16, 200_000),
                    sdk("GetItem", "in-process-wire", 16, 120_000)))
            .render();
    assertThat(md)
        .contains(
            "| GetItem | 16 | 9,000 | 8,000 | 5,000 | 20,000 | 12,000 | 1.60x | 89 % | 2.50x"
                + " | 1.50x |")
        .contains("| SDK GetItem, 16 threads: engine / do-nothing | ≥ 90 % | 89 % | **missed** |")
        .doesNotContain("threads: in-process / HTTP");
  }

  private static Result turn(String target, long requests, double p50, double p99) {
    return new Result("wrk", "GetItem", target, 16, requests, 2, p50, p99, 0, "");
  }

  @Test
  void wrkTurns_combineIntoOneMeasurementPerTarget() {
    String md =
        new Report(
                List.of(
                    turn("engine", 160_000, 300, 1_000),
                    turn("dynalite", 30_000, 900, 3_000),
                    turn("dynalite", 50_000, 700, 5_000),
                    turn("engine", 120_000, 400, 2_000)))
            .render();
    assertThat(md)
        .contains("| GetItem | 16 | — | 70,000 | 20,000 | 3.50x | — |")
        .contains("| wrk GetItem: engine / dynalite | ≥ 3x | 3.50x | met |")
        .contains("median of its turns' p50")
        .contains(
            "| wrk | GetItem | engine | 16 | 280000 | 4.0 | 70,000 | 0.350 | 2.000 | 0 |  |"
                + " 80,000 / 60,000 |");
  }

  @Test
  void targetDownInOneTurn_isNeverCountedAsMet() {
    String md =
        new Report(
                List.of(
                    turn("engine", 160_000, 300, 1_000),
                    turn("dynalite", 30_000, 900, 3_000),
                    Result.unavailable("wrk", "GetItem", "dynalite", 16, "wrk failed"),
                    turn("engine", 120_000, 400, 2_000)))
            .render();
    assertThat(md)
        .contains("| GetItem | 16 | — | 70,000 | n/a | — | — |")
        .contains("| wrk GetItem: engine / dynalite | ≥ 3x | not measured | — |")
        .contains("turn 2 of 2: wrk failed | 15,000 / n/a |");
  }
}
