package dev.dynakit.engine.internal.expr;

import static dev.dynakit.engine.internal.expr.Fixtures.*;
import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.engine.internal.value.AttrValue;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Evaluation of comparisons, BETWEEN, IN and the logical operators. */
class ConditionExpressionTest {
  private static final Map<String, AttrValue> ITEM =
      item(
          "n", n("10"),
          "s", s("cat"),
          "b", b("cat"),
          "ss", ss("x", "y"),
          "ns", ns("1", "2"),
          "lst", l(n("1"), s("a")),
          "mp", m("k", n("1")),
          "t", bool(true),
          "z", nul());

  @Test
  void numbersCompareByValue() {
    assertThat(holds("n = :v", ITEM, ":v", n("10.0"))).isTrue();
    assertThat(holds("n = :v", ITEM, ":v", n("1E1"))).isTrue();
    assertThat(holds("n < :v", ITEM, ":v", n("9.5"))).isFalse();
    assertThat(holds("n > :v", ITEM, ":v", n("-11"))).isTrue();
    assertThat(holds("n <= :v", ITEM, ":v", n("10"))).isTrue();
    assertThat(holds("n >= :v", ITEM, ":v", n("10.000001"))).isFalse();
    assertThat(holds("n <> :v", ITEM, ":v", n("10"))).isFalse();
  }

  @Test
  void stringsCompareByUtf8Bytes() {
    assertThat(holds("s < :v", ITEM, ":v", s("dog"))).isTrue();
    assertThat(holds("s > :v", ITEM, ":v", s("Cat"))).isTrue();
    // U+FF5E sorts before U+1F600 in UTF-8 but after it in UTF-16.
    Map<String, AttrValue> emoji = item("s", s("\uFF5E"));
    assertThat(holds("s < :v", emoji, ":v", s("\uD83D\uDE00"))).isTrue();
  }

  @Test
  void binariesCompareByUnsignedBytes() {
    Map<String, AttrValue> high =
        item(
            "b",
            new AttrValue.B(dev.dynakit.engine.internal.value.Binary.of(new byte[] {(byte) 0xFF})));
    assertThat(holds("b > :v", high, ":v", b("a"))).isTrue();
    assertThat(holds("b = :v", ITEM, ":v", b("cat"))).isTrue();
  }

  @Test
  void differentTypesAreNeitherEqualNorOrdered() {
    assertThat(holds("n = :v", ITEM, ":v", s("10"))).isFalse();
    assertThat(holds("n <> :v", ITEM, ":v", s("10"))).isTrue();
    assertThat(holds("n < :v", ITEM, ":v", s("99"))).isFalse();
    assertThat(holds("n >= :v", ITEM, ":v", s("1"))).isFalse();
  }

  @Test
  void missingAttributesCompareFalseAndUnequal() {
    assertThat(holds("nope = :v", ITEM, ":v", n("1"))).isFalse();
    assertThat(holds("nope <> :v", ITEM, ":v", n("1"))).isTrue();
    assertThat(holds("nope <> oth", ITEM)).isTrue();
    assertThat(holds("nope < oth", ITEM)).isFalse();
    assertThat(holds("nope BETWEEN a AND b", ITEM)).isFalse();
    assertThat(holds("nope IN (:v)", ITEM, ":v", n("1"))).isFalse();
  }

  @Test
  void setsListsAndMapsCompareForEquality() {
    assertThat(holds("ss = :v", ITEM, ":v", ss("y", "x"))).isTrue();
    assertThat(holds("ns = :v", ITEM, ":v", ns("2.0", "1"))).isTrue();
    assertThat(holds("ss = :v", ITEM, ":v", ss("x"))).isFalse();
    assertThat(holds("lst = :v", ITEM, ":v", l(n("1"), s("a")))).isTrue();
    assertThat(holds("lst = :v", ITEM, ":v", l(s("a"), n("1")))).isFalse();
    assertThat(holds("mp = :v", ITEM, ":v", m("k", n("1.00")))).isTrue();
    assertThat(holds("t = :v", ITEM, ":v", bool(true))).isTrue();
    assertThat(holds("z = :v", ITEM, ":v", nul())).isTrue();
    assertThat(holds("mp <> :v", ITEM, ":v", m())).isTrue();
  }

  @Test
  void nonScalarsHaveNoOrder() {
    assertThat(holds("lst < oth", item("lst", l(), "oth", l(n("1"))))).isFalse();
  }

  @Test
  void between() {
    assertThat(holds("n BETWEEN :a AND :b", ITEM, ":a", n("10"), ":b", n("10"))).isTrue();
    assertThat(holds("n between :a and :b", ITEM, ":a", n("1"), ":b", n("9"))).isFalse();
    assertThat(holds("s BETWEEN :a AND :b", ITEM, ":a", s("c"), ":b", s("d"))).isTrue();
    assertThat(holds("n BETWEEN :a AND :b", ITEM, ":a", s("0"), ":b", s("z"))).isFalse();
  }

  @Test
  void in() {
    assertThat(holds("n IN (:a, :b)", ITEM, ":a", s("10"), ":b", n("10"))).isTrue();
    assertThat(holds("ss IN (:a)", ITEM, ":a", ss("y", "x"))).isTrue();
    assertThat(holds("n in (:a)", ITEM, ":a", n("11"))).isFalse();
  }

  @Test
  void precedenceIsComparisonThenNotThenAndThenOr() {
    Object[] v = {":one", n("1"), ":two", n("2")};
    Map<String, AttrValue> one = item("a", n("1"), "b", n("1"));
    // OR binds loosest: a = 1 OR (b = 2 AND a = 2)
    assertThat(holds("a = :one OR b = :two AND a = :two", one, v)).isTrue();
    assertThat(holds("(a = :one OR b = :two) AND a = :two", one, v)).isFalse();
    // NOT binds tighter than AND: (NOT a = 2) AND b = 1
    assertThat(holds("NOT a = :two AND b = :one", one, v)).isTrue();
    assertThat(holds("NOT (a = :one AND b = :two)", one, v)).isTrue();
    assertThat(holds("NOT NOT a = :one", one, v)).isTrue();
    assertThat(holds("not a = :one or b = :one", one, v)).isTrue();
  }

  @Test
  void groupedPathsAndParenthesisedOperands() {
    Map<String, AttrValue> nested = item("a", m("b", n("1")));
    assertThat(holds("(a).b = :v", nested, ":v", n("1"))).isTrue();
    assertThat(holds("(a.b) = (:v)", nested, ":v", n("1"))).isTrue();
    assertThat(holds("(a.b) BETWEEN (:v) AND (:v)", nested, ":v", n("1"))).isTrue();
  }

  @Test
  void comparingTwoAttributes() {
    Map<String, AttrValue> it = item("a", n("1"), "b", n("2"), "c", n("2"));
    assertThat(holds("a < b", it)).isTrue();
    assertThat(holds("b = c", it)).isTrue();
    assertThat(holds("a BETWEEN b AND c", it)).isFalse();
    assertThat(holds("b BETWEEN a AND c", it)).isTrue();
  }

  @Test
  void emptyItemMeansNoItem() {
    assertThat(holds("attribute_not_exists(pk)", Map.of())).isTrue();
    assertThat(holds("attribute_exists(pk)", Map.of())).isFalse();
    assertThat(holds("pk <> :v", Map.of(), ":v", s("x"))).isTrue();
  }

  @Test
  void keywordsAreCaseInsensitiveAndWhitespaceIsFree() {
    assertThat(holds("\tn\n=\r:v   aNd s=:w", ITEM, ":v", n("10"), ":w", s("cat"))).isTrue();
  }
}
