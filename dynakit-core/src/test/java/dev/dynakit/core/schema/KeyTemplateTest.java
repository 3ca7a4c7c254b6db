package dev.dynakit.core.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynakit.core.MalformedKeyException;
import java.math.BigDecimal;
import java.util.Map;
import org.junit.jupiter.api.Test;

class KeyTemplateTest {

  @Test
  void compose_escapesTheSeparatorAndTheEscapeInsideValues() {
    KeyTemplate sk = KeyTemplate.of("ORDER#{date}#{id}");

    assertThat(sk.compose(Map.of("date", "2026-03-01", "id", "o#9%")))
        .isEqualTo("ORDER#2026-03-01#o%239%25");
    assertThat(sk.decompose("ORDER#2026-03-01#o%239%25"))
        .contains(Map.of("date", "2026-03-01", "id", "o#9%"));
  }

  @Test
  void compose_paddedSlot_refusesNegativeFractionalAndTooWideNumbers() {
    KeyTemplate line = KeyTemplate.of("ITEM#{line:4}");

    assertThat(line.compose(Map.of("line", new BigDecimal("12.000")))).isEqualTo("ITEM#0012");
    assertThatThrownBy(() -> line.compose(Map.of("line", -1)))
        .isInstanceOf(MalformedKeyException.class)
        .hasMessageContaining("line: -1 is negative");
    assertThatThrownBy(() -> line.compose(Map.of("line", new BigDecimal("1.5"))))
        .isInstanceOf(MalformedKeyException.class)
        .hasMessageContaining("is fractional");
    assertThatThrownBy(() -> line.compose(Map.of("line", 12345)))
        .isInstanceOf(MalformedKeyException.class)
        .hasMessageContaining("more than 4 digits");
  }

  @Test
  void compose_missingValue_namesTheField() {
    assertThatThrownBy(() -> KeyTemplate.of("CUSTOMER#{customerId}").compose(Map.of()))
        .isInstanceOf(MalformedKeyException.class)
        .hasMessageContaining("customerId: required by the key template 'CUSTOMER#{customerId}'");
  }

  @Test
  void decompose_keyOfAnotherShape_isEmpty() {
    KeyTemplate sk = KeyTemplate.of("ITEM#{line:4}");

    assertThat(sk.decompose("ITEM#12")).isEmpty();
    assertThat(sk.decompose("ITEM#0012")).contains(Map.of("line", "12"));
    assertThat(sk.decompose("ITEM#0012#x")).isEmpty();
    assertThat(KeyTemplate.of("PROFILE").decompose("PROFILE")).contains(Map.of());
  }

  @Test
  void canOverlap_comparesSegmentsByTheirLiteralEnds() {
    assertThat(overlap("CUSTOMER#{a}", "CUSTOMER#{b}")).isTrue();
    assertThat(overlap("CUSTOMER#{a}", "ORDER#{b}")).isFalse();
    assertThat(overlap("ORDER#{a}#{b}", "ORDER#{a}")).isFalse();
    assertThat(overlap("ITEM#{n:4}", "ITEM#LAST")).isFalse();
    assertThat(overlap("ITEM#{n:4}", "ITEM#0007")).isTrue();
    assertThat(overlap("V#{shard}", "V#x")).isFalse();
    assertThat(overlap("A{x}", "{y}B")).isTrue();
  }

  private static boolean overlap(String a, String b) {
    return TemplateText.canOverlap(KeyTemplate.of(a), KeyTemplate.of(b));
  }
}
