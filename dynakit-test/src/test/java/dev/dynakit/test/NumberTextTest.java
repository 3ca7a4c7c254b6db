package dev.dynakit.test;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class NumberTextTest {
  @Property(tries = 2000)
  void of_anyUnscaledAndScale_isThePlainTextOfTheDecimal(
      @ForAll("unscaled") long unscaled, @ForAll @IntRange(min = -140, max = 160) int scale) {
    assertThat(NumberText.of(unscaled, scale))
        .isEqualTo(BigDecimal.valueOf(unscaled, scale).toPlainString());
  }

  @Provide
  Arbitrary<Long> unscaled() {
    return Arbitraries.oneOf(
        Arbitraries.longs(),
        Arbitraries.longs().between(-1000, 1000),
        Arbitraries.of(Long.MIN_VALUE, Long.MAX_VALUE, 0L, 1L, -1L, 10L, -10L, 9L, 99L));
  }

  @Test
  void of_edges() {
    assertThat(NumberText.of(0, 0)).isEqualTo("0");
    assertThat(NumberText.of(0, 3)).isEqualTo("0.000");
    assertThat(NumberText.of(0, -3)).isEqualTo("0");
    assertThat(NumberText.of(12345, 0)).isEqualTo("12345");
    assertThat(NumberText.of(12345, 2)).isEqualTo("123.45");
    assertThat(NumberText.of(12345, 5)).isEqualTo("0.12345");
    assertThat(NumberText.of(-12345, 7)).isEqualTo("-0.0012345");
    assertThat(NumberText.of(-5, -3)).isEqualTo("-5000");
    assertThat(NumberText.of(1, 130)).isEqualTo("0." + "0".repeat(129) + "1");
    assertThat(NumberText.of(Long.MIN_VALUE, 1)).isEqualTo("-922337203685477580.8");
    assertThat(NumberText.of(Long.MAX_VALUE, 19)).isEqualTo("0.9223372036854775807");
  }
}
