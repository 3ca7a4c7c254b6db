package dev.dynakit.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class LatenciesTest {
  @Test
  void percentile_isNearestRank() {
    long[] sorted = new long[100];
    for (int i = 0; i < 100; i++) {
      sorted[i] = i + 1;
    }
    assertThat(Latencies.percentile(sorted, 50)).isEqualTo(50);
    assertThat(Latencies.percentile(sorted, 99)).isEqualTo(99);
    assertThat(Latencies.percentile(sorted, 100)).isEqualTo(100);
    assertThat(Latencies.percentile(new long[] {7}, 99)).isEqualTo(7);
    assertThat(Latencies.percentile(new long[0], 50)).isZero();
  }

  @Test
  void merge_sortsEveryThreadsLatencies_beyondTheFirstCapacity() {
    Latencies a = new Latencies();
    Latencies b = new Latencies();
    for (int i = 40_000; i > 0; i--) {
      a.add(i * 2L);
    }
    b.add(3);
    b.add(1);
    long[] merged = Latencies.merge(List.of(a, b));
    assertThat(merged).hasSize(40_002);
    assertThat(merged[0]).isEqualTo(1);
    assertThat(merged[1]).isEqualTo(2);
    assertThat(merged[2]).isEqualTo(3);
    assertThat(merged[40_001]).isEqualTo(80_000);
  }
}
