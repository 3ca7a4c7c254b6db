package dev.dynakit.core.expr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynakit.core.InvalidExpressionException;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ProjectionListTest {
  @Test
  void render_pathsThroughPlaceholders() {
    Expression e =
        ProjectionList.of("name", "address.city", "tags.0").render(Placeholders.create());
    assertThat(e.text()).isEqualTo("#n0, #n1.#n2, #n3[0]");
    assertThat(e.values()).isEmpty();
  }

  @Test
  void parse_commaSeparatedText() {
    assertThat(ProjectionList.parse(" a, b ,,c ").paths())
        .extracting(FieldPath::toString)
        .containsExactly("a", "b", "c");
    assertThat(ProjectionList.parse(" , ").isEmpty()).isTrue();
  }

  @Test
  void fieldMap_aliasesTheFirstSegment() {
    ProjectionList list =
        ProjectionList.of("brand", "brand.country", "model").withFieldMap(Map.of("brand", "make"));
    assertThat(list.paths()).extracting(FieldPath::toString).containsExactly("make", "model");
  }

  @Test
  void duplicatesAndNestedPaths_fold() {
    assertThat(ProjectionList.of("a.b", "a", "a", "c.d", "c.e").paths())
        .extracting(FieldPath::toString)
        .containsExactly("a", "c.d", "c.e");
  }

  @Test
  void empty_isRefused() {
    assertThatThrownBy(() -> ProjectionList.of().render(Placeholders.create()))
        .isInstanceOf(InvalidExpressionException.class);
  }
}
