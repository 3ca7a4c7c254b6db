package dev.dynakit.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

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
}
