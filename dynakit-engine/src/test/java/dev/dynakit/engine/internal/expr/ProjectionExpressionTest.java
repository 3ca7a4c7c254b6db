package dev.dynakit.engine.internal.expr;

import static dev.dynakit.engine.internal.expr.Fixtures.*;
import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.engine.internal.value.AttrValue;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Projection expressions: paths into nested documents and their validation. */
class ProjectionExpressionTest {
  private static final Map<String, AttrValue> ITEM =
      item(
          "p", s("key"),
          "a", m("b", l(n("2"), n("4"), m("x", s("hi"), "y", s("yo"))), "c", n("5")),
          "b", s("hello"),
          "a.b", s("dotted"));

  private static Map<String, AttrValue> project(String text) {
    return Expressions.projection(text, ctx()).apply(ITEM);
  }

  @Test
  void topLevelAndNestedPaths() {
    assertThat(project("b")).isEqualTo(item("b", s("hello")));
    assertThat(project(" a  ,   b  ")).isEqualTo(item("a", ITEM.get("a"), "b", s("hello")));
    assertThat(project("a.b"))
        .isEqualTo(item("a", m("b", ((AttrValue.M) ITEM.get("a")).values().get("b"))));
    assertThat(project("a.b[0]")).isEqualTo(item("a", m("b", l(n("2")))));
    assertThat(project("a.b[2].y")).isEqualTo(item("a", m("b", l(m("y", s("yo"))))));
    assertThat(project("a.b[0],a.c")).isEqualTo(item("a", m("b", l(n("2")), "c", n("5"))));
    assertThat(project("a.c,b")).isEqualTo(item("a", m("c", n("5")), "b", s("hello")));
  }

  /**
   * DynamoDB takes list indexes up to 4294967294 and refuses larger ones as out of range (its
   * words, as measured against the service by a public conformance suite), not as a syntax error.
   */
  @Test
  void aListIndexBeyondDynamoDbsRange_isOutOfRange_notASyntaxError() {
    assertThat(project("a.b[4294967294]")).isEmpty();
    assertThat(project("a.b[2147483648], b")).isEqualTo(item("b", s("hello")));
    assertThat(project("a.b[1000000000]")).isEmpty();
    refusal(() -> project("a.b[4294967295]"))
        .isEqualTo(
            "Invalid ProjectionExpression: List index is not within the allowable range; index:"
                + " [4294967295]");
    refusal(() -> project("a.b[99999999999999999999]"))
        .isEqualTo(
            "Invalid ProjectionExpression: List index is not within the allowable range; index:"
                + " [99999999999999999999]");
  }

  @Test
  void listElementsCloseUpInIndexOrder() {
    assertThat(project("a.b[2].x, a.b[0]"))
        .isEqualTo(item("a", m("b", l(n("2"), m("x", s("hi"))))));
    assertThat(project("a.b[1],a.b[0]")).isEqualTo(item("a", m("b", l(n("2"), n("4")))));
  }

  @Test
  void missingPathsAreLeftOut() {
    assertThat(project("x")).isEmpty();
    assertThat(project("a.b[3]")).isEmpty();
    assertThat(project("a.x.y")).isEmpty();
    assertThat(project("a.b.x")).isEmpty();
    assertThat(project("a[0]")).isEmpty();
    assertThat(project("a.b[0][0]")).isEmpty();
    assertThat(project("a.x, a.b[0], x, a.b[3].x")).isEqualTo(item("a", m("b", l(n("2")))));
  }

  @Test
  void namePlaceholdersAreSingleElements() {
    ExpressionContext c = ctx(names("#n", "a.b", "#a", "a", "#c", "c"), null);
    assertThat(Expressions.projection("#n, #a.#c", c).apply(ITEM))
        .isEqualTo(item("a.b", s("dotted"), "a", m("c", n("5"))));
    c.checkAllUsed();
  }

  @Test
  void pathsOfTheProjection() {
    assertThat(Expressions.projection("a.b[2].y, b", ctx()).paths())
        .containsExactly(DocPath.of("a", "b", 2, "y"), DocPath.attribute("b"));
  }

  @Test
  void overlapAndConflict() {
    for (String text :
        List.of(
            "a, a", "a.b, a.b", "a[1], a[1]", "a, a.b", "a.b, a", "a.b, a.b[2]", "a.b.d.e, a.b")) {
      refusal(() -> Expressions.projection(text, ctx()))
          .as(text)
          .startsWith("Invalid ProjectionExpression: Two document paths overlap with each other;");
    }
    refusal(() -> Expressions.projection("a.b[0],a.b[0]", ctx()))
        .isEqualTo(
            "Invalid ProjectionExpression: Two document paths overlap with each other; must remove"
                + " or rewrite one of these paths; path one: [a, b, [0]], path two: [a, b, [0]]");
    refusal(() -> Expressions.projection("a.b, a[1]", ctx()))
        .isEqualTo(
            "Invalid ProjectionExpression: Two document paths conflict with each other; must"
                + " remove or rewrite one of these paths; path one: [a, b], path two: [a, [1]]");
    for (String text : List.of("a, b", "a.b, a.c", "a.b.d, a.b.e", "a[1], a[2]", "a.b, a.c[2]")) {
      Expressions.projection(text, ctx());
    }
  }

  @Test
  void syntax() {
    for (String text :
        List.of("a,", ",a", "a,,b", "a b", "a.", "a[", "a[]", "a[x]", "a.1", ":v", "#")) {
      refusal(() -> Expressions.projection(text, ctx()))
          .as(text)
          .startsWith("Invalid ProjectionExpression: Syntax error; token: ");
    }
    refusal(() -> Expressions.projection("a,", ctx()))
        .isEqualTo("Invalid ProjectionExpression: Syntax error; token: \"<EOF>\", near: \",\"");
    refusal(() -> Expressions.projection("", ctx()))
        .isEqualTo("Invalid ProjectionExpression: The expression can not be empty;");
  }

  @Test
  void projectionOfGivenPaths() {
    ProjectionExpr p =
        Expressions.projectionOf(List.of(DocPath.of("a", "c"), DocPath.attribute("p")));
    assertThat(p.apply(ITEM)).isEqualTo(item("a", m("c", n("5")), "p", s("key")));
  }
}
