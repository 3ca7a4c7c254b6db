package dev.dynakit.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class ResultTest {
  @Test
  void line_roundTrips() {
    Result r = new Result("sdk", "Query", "engine", 16, 12_345, 7.0, 812.5, 4_100.0, 0, "");
    assertThat(Result.parse(r.toLine())).isEqualTo(r);
    assertThat(r.throughput()).isEqualTo(12_345 / 7.0);
    assertThat(r.valid()).isTrue();
  }

  @Test
  void wrkLine_asTheLuaScriptWritesIt_parses() {
    Result r = Result.parse("wrk\tGetItem\tdynalite\t16\t219000\t10.012\t640.0\t2100.0\t0\t");
    assertThat(r.tool()).isEqualTo("wrk");
    assertThat(r.concurrency()).isEqualTo(16);
    assertThat(r.throughput()).isBetween(21_873.0, 21_874.0);
    assertThat(r.note()).isEmpty();
  }

  @Test
  void unavailableOrErroring_isNotValid() {
    assertThat(Result.unavailable("sdk", "GetItem", "engine", 1, "did not start").valid())
        .isFalse();
    assertThat(new Result("wrk", "GetItem", "engine", 16, 100, 1, 1, 1, 3, "non-2xx 3").valid())
        .isFalse();
  }

  @Test
  void note_cannotBreakTheLine() {
    Result r = Result.unavailable("sdk", "GetItem", "engine", 1, "a\tb\nc");
    assertThat(Result.parse(r.toLine()).note()).isEqualTo("a b c");
  }

  private static Result turn(long requests, double seconds, double p50, double p99, long errors) {
    return new Result(
        "wrk",
        "GetItem",
        "engine",
        16,
        requests,
        seconds,
        p50,
        p99,
        errors,
        errors > 0 ? "non-2xx " + errors : "");
  }

  @Test
  void combine_sumsTheTurns_medianOfP50_highestP99() {
    Result r =
        Result.combine(
            List.of(
                turn(30_000, 3.0, 400, 2_000, 0),
                turn(20_000, 3.0, 700, 1_500, 0),
                turn(25_000, 2.0, 500, 9_000, 0)));

    assertThat(r.key()).isEqualTo(new Result.Key("wrk", "GetItem", "engine", 16));
    assertThat(r.requests()).isEqualTo(75_000);
    assertThat(r.seconds()).isEqualTo(8.0);
    assertThat(r.p50Micros()).isEqualTo(500);
    assertThat(r.p99Micros()).isEqualTo(9_000);
    assertThat(r.errors()).isZero();
    assertThat(r.note()).isEmpty();
    assertThat(r.valid()).isTrue();
  }

  @Test
  void combine_evenTurns_medianIsTheMeanOfTheMiddleTwo() {
    Result r =
        Result.combine(
            List.of(
                turn(1, 1, 400, 1, 0),
                turn(1, 1, 900, 1, 0),
                turn(1, 1, 500, 1, 0),
                turn(1, 1, 100, 1, 0)));

    assertThat(r.p50Micros()).isEqualTo(450);
  }

  @Test
  void combine_singleLine_isLeftAsItIs() {
    Result sdk = new Result("sdk", "Query", "engine", 1, 9_999, 8.0, 812.5, 4_100.0, 0, "");
    Result down = Result.unavailable("wrk", "Query", "dynalite", 16, "did not start");

    assertThat(Result.combine(List.of(sdk))).isEqualTo(sdk);
    assertThat(Result.combine(List.of(down))).isEqualTo(down);
  }

  @Test
  void combine_errorsInOneTurn_makeTheMeasurementInvalid_withThatTurnsNote() {
    Result r =
        Result.combine(List.of(turn(30_000, 3, 400, 2_000, 0), turn(29_000, 3, 400, 2_000, 7)));

    assertThat(r.errors()).isEqualTo(7);
    assertThat(r.valid()).isFalse();
    assertThat(r.note()).isEqualTo("turn 2 of 2: non-2xx 7");
  }

  @Test
  void combine_aTurnThatMeasuredNothing_voidsTheMeasurement() {
    Result failed = Result.unavailable("wrk", "GetItem", "engine", 16, "wrk failed (see x.log)");
    Result r =
        Result.combine(
            List.of(turn(30_000, 3, 400, 2_000, 0), failed, turn(30_000, 3, 600, 3_000, 0)));

    assertThat(r.valid()).isFalse();
    assertThat(r.requests()).isZero();
    assertThat(r.note()).isEqualTo("turn 2 of 3: wrk failed (see x.log)");
    // the latencies are those of the turns that answered
    assertThat(r.p50Micros()).isEqualTo(500);
    assertThat(r.p99Micros()).isEqualTo(3_000);
  }

  @Test
  void combine_aSilentTurn_voidsTheMeasurementAndSaysSo() {
    Result r = Result.combine(List.of(turn(30_000, 3, 400, 2_000, 0), turn(0, 3, 0, 0, 0)));

    assertThat(r.valid()).isFalse();
    assertThat(r.note()).isEqualTo("turn 2 of 2: nothing answered");
  }

  @Test
  void combine_refusesTurnsOfDifferentMeasurements() {
    Result other = new Result("wrk", "GetItem", "dynalite", 16, 1, 1, 1, 1, 0, "");

    assertThatThrownBy(() -> Result.combine(List.of(turn(1, 1, 1, 1, 0), other)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("dynalite");
  }
}
