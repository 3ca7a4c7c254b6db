package dev.dynakit.advisor.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** The harmonic numbers' closed-form tail against direct sums. */
class HarmonicTest {
  @Test
  void tail_matchesTheDirectSum() {
    for (double s : new double[] {0.8, 1.0, 1.1, 2.0}) {
      double direct = 0;
      for (int k = 1_000_000; k >= 1; k--) {
        direct += Math.pow(k, -s);
      }
      assertThat(Harmonic.of(1_000_000, s)).as("s=%s", s).isCloseTo(direct, within(direct * 1e-9));
    }
  }

  @Test
  void sOfOne_isTheLogarithmPlusEulersConstant() {
    assertThat(Harmonic.of(1e12, 1.0)).isCloseTo(Math.log(1e12) + 0.5772156649, within(1e-6));
  }
}
