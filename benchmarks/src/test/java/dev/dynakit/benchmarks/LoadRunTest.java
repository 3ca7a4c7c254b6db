package dev.dynakit.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class LoadRunTest {
  @Test
  void slicesTakenInTurnsMakeOneMeasurement() {
    LoadRun.Slice first = new LoadRun.Slice(new long[] {1_000, 2_000, 3_000}, 1.0, 0, "");
    LoadRun.Slice second =
        new LoadRun.Slice(new long[] {4_000, 5_000, 6_000, 7_000}, 2.5, 2, "Boom: once");
    LoadRun.Slice third = new LoadRun.Slice(new long[] {500}, 0.5, 1, "Bang: later");

    Result r = LoadRun.combine("GetItem", "engine", 16, List.of(first, second, third));

    assertThat(r.requests()).isEqualTo(8);
    assertThat(r.seconds()).isEqualTo(4.0);
    assertThat(r.throughput()).isEqualTo(2.0);
    // pooled and sorted: 0.5 1 2 3 4 5 6 7 µs
    assertThat(r.p50Micros()).isEqualTo(3.0);
    assertThat(r.p99Micros()).isEqualTo(7.0);
    assertThat(r.errors()).isEqualTo(3);
    assertThat(r.note()).isEqualTo("Boom: once");
    assertThat(r.concurrency()).isEqualTo(16);
  }

  @Test
  void noSlicesMeasureNothing() {
    Result r = LoadRun.combine("Query", "dynalite", 1, List.of());

    assertThat(r.requests()).isZero();
    assertThat(r.throughput()).isZero();
  }
}
