package dev.dynakit.rest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class PercentTest {
  @Test
  void decode_handlesUtf8AndPlus() {
    assertThat(Percent.decode("Hoth%20II", false)).isEqualTo("Hoth II");
    assertThat(Percent.decode("a+b", false)).isEqualTo("a+b");
    assertThat(Percent.decode("a+b", true)).isEqualTo("a b");
    assertThat(Percent.decode("caf%C3%A9", false)).isEqualTo("café");
    assertThat(Percent.decode("%F0%9F%AA%90", false)).isEqualTo("🪐");
    assertThat(Percent.decode("a%2Fb%2d", false)).isEqualTo("a/b-");
  }

  @Test
  void decode_refusesMalformedEscapes() {
    for (String raw : new String[] {"%", "%4", "a%zz", "%G1", "%٣٣", "100%"}) {
      assertThatThrownBy(() -> Percent.decode(raw, false))
          .as(raw)
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("two hex digits");
    }
  }

  @Test
  void decode_refusesInvalidUtf8() {
    for (String raw : new String[] {"%C3", "%FF", "%ED%A0%80", "%C0%AF"}) {
      assertThatThrownBy(() -> Percent.decode(raw, false))
          .as(raw)
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("UTF-8");
    }
  }
}
