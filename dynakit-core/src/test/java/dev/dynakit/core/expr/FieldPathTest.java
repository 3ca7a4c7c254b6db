package dev.dynakit.core.expr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynakit.core.InvalidExpressionException;
import java.util.List;
import org.junit.jupiter.api.Test;

class FieldPathTest {
  @Test
  void parse_digitSegmentsAfterTheFirstAreIndices() {
    FieldPath path = FieldPath.parse("orders.0.lines.12.sku");
    assertThat(path.segments()).containsExactly("orders", 0, "lines", 12, "sku");
    assertThat(path.toString()).isEqualTo("orders[0].lines[12].sku");
    assertThat(FieldPath.parse("2024.x").segments()).containsExactly("2024", "x");
  }

  @Test
  void parse_customSeparator() {
    assertThat(FieldPath.parse("a/b.c", "/").segments()).containsExactly("a", "b.c");
  }

  @Test
  void parse_emptySegments_areRefused() {
    assertThatThrownBy(() -> FieldPath.parse("")).isInstanceOf(InvalidExpressionException.class);
    assertThatThrownBy(() -> FieldPath.parse("a..b"))
        .isInstanceOf(InvalidExpressionException.class);
    assertThatThrownBy(() -> FieldPath.parse("a.")).isInstanceOf(InvalidExpressionException.class);
    assertThatThrownBy(() -> FieldPath.parse("a.99999999999"))
        .isInstanceOf(InvalidExpressionException.class);
  }

  @Test
  void of_keepsNamesVerbatim() {
    assertThat(FieldPath.of("a.b").segments()).containsExactly("a.b");
    assertThat(FieldPath.of("a", 1, "b").toString()).isEqualTo("a[1].b");
    assertThatThrownBy(() -> new FieldPath(List.of(1)))
        .isInstanceOf(InvalidExpressionException.class);
  }

  @Test
  void overlaps_whenOneContainsTheOther() {
    assertThat(FieldPath.parse("a.b").overlaps(FieldPath.parse("a"))).isTrue();
    assertThat(FieldPath.parse("a").overlaps(FieldPath.parse("a"))).isTrue();
    assertThat(FieldPath.parse("a.b").overlaps(FieldPath.parse("a.c"))).isFalse();
    assertThat(FieldPath.parse("ab").overlaps(FieldPath.parse("a"))).isFalse();
  }
}
