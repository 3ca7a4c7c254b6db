package dev.dynakit.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Set;
import org.junit.jupiter.api.Test;

class FlagsTest {
  private static Flags warmup(String value) {
    return Flags.parse(
        new String[] {"--warmup-seconds", value}, Set.of("--warmup-seconds"), Set.of());
  }

  @Test
  void seconds_takesFractionsAndWholeNumbers() {
    assertThat(warmup("0.25").seconds("--warmup-seconds", Duration.ZERO))
        .isEqualTo(Duration.ofMillis(250));
    assertThat(warmup("3").seconds("--warmup-seconds", Duration.ZERO))
        .isEqualTo(Duration.ofSeconds(3));
    assertThat(warmup("0").seconds("--warmup-seconds", Duration.ofSeconds(9))).isZero();
  }

  @Test
  void seconds_absent_isTheFallback() {
    Flags none = Flags.parse(new String[0], Set.of("--warmup-seconds"), Set.of());
    assertThat(none.seconds("--warmup-seconds", Duration.ofSeconds(3)))
        .isEqualTo(Duration.ofSeconds(3));
  }

  @Test
  void seconds_refusesWhatIsNotALengthOfTime() {
    for (String bad : new String[] {"-1", "NaN", "Infinity", "quarter", ""}) {
      assertThatThrownBy(() -> warmup(bad).seconds("--warmup-seconds", Duration.ZERO))
          .as(bad)
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("--warmup-seconds");
    }
  }
}
