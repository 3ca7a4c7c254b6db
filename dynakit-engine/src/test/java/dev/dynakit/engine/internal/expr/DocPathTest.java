package dev.dynakit.engine.internal.expr;

import static dev.dynakit.engine.internal.expr.Fixtures.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynakit.engine.internal.value.AttrValue;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Document paths: construction, rendering and resolution. */
class DocPathTest {
  private static final Map<String, AttrValue> ITEM =
      item("a", m("b", l(n("0"), m("c", s("deep")))), "x.y", s("dotted"));

  @Test
  void rendersAsDynamoDbDoes() {
    assertThat(DocPath.of("a", "b", 1, "c")).hasToString("[a, b, [1], c]");
    assertThat(DocPath.attribute("x.y")).hasToString("[x.y]");
  }

  @Test
  void resolvesNestedValues() {
    assertThat(DocPath.of("a", "b", 1, "c").valueIn(ITEM)).isEqualTo(s("deep"));
    assertThat(DocPath.attribute("x.y").valueIn(ITEM)).isEqualTo(s("dotted"));
    assertThat(DocPath.of("a", "b", 2).valueIn(ITEM)).isNull();
    assertThat(DocPath.of("a", 0).valueIn(ITEM)).isNull();
    assertThat(DocPath.of("a", "b", "c").valueIn(ITEM)).isNull();
    assertThat(DocPath.of("nope", "b").valueIn(ITEM)).isNull();
  }

  @Test
  void partsOfAPath() {
    DocPath p = DocPath.of("a", "b", 1);
    assertThat(p.topLevel()).isEqualTo("a");
    assertThat(p.size()).isEqualTo(3);
    assertThat(p.isTopLevel()).isFalse();
    assertThat(p.parent()).isEqualTo(DocPath.of("a", "b"));
    assertThat(DocPath.attribute("a").parent()).isNull();
    assertThat(DocPath.attribute("a").child("b").child(2)).isEqualTo(DocPath.of("a", "b", 2));
    assertThat(DocPath.of("a", 1)).isNotEqualTo(DocPath.of("a", "1"));
  }

  @Test
  void refusesMalformedPaths() {
    assertThatThrownBy(() -> new DocPath(List.of())).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> DocPath.of(1, "a")).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> DocPath.of("a", -1)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> DocPath.of("a", 1.5)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void updatedPathsProjectOntoTheNewItemAsDynamoDbReturnsThem() {
    // UPDATED_NEW after SET c[1] = ..., c[2] = ..., c[4] = ... ADD c[6] ..., c[8] ... on a list
    // that grew to six elements returns the elements at those indexes, closed up.
    Map<String, AttrValue> updated =
        item("c", l(n("1"), s("key"), n("3"), n("-1"), n("2"), ss("a")));
    ProjectionExpr p =
        Expressions.projectionOf(
            List.of(
                DocPath.of("c", 1),
                DocPath.of("c", 4),
                DocPath.of("c", 2),
                DocPath.of("c", 6),
                DocPath.of("c", 8)));
    assertThat(p.apply(updated)).isEqualTo(item("c", l(s("key"), n("3"), n("2"))));
  }
}
