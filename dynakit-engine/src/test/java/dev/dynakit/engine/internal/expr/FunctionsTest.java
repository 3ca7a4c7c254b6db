package dev.dynakit.engine.internal.expr;

import static dev.dynakit.engine.internal.expr.Fixtures.*;
import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.engine.internal.value.AttrValue;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The condition functions. */
class FunctionsTest {
  private static final Map<String, AttrValue> ITEM =
      item(
          "s", s("hello"),
          "b", b("hi there"),
          "ss", ss("dog", "cat"),
          "ns", ns("2", "4", "7"),
          "bs", bs("x", "y"),
          "lst", l(s("hi"), ns("1", "2"), l(n("3"), n("4"))),
          "mp", m("x", n("2"), "y", m("m", n("3"))),
          "n", n("5"),
          "t", bool(true),
          "z", nul(),
          "e", s(""));

  @Test
  void attributeExists() {
    assertThat(holds("attribute_exists(s)", ITEM)).isTrue();
    assertThat(holds("attribute_exists(z)", ITEM)).isTrue();
    assertThat(holds("attribute_exists(nope)", ITEM)).isFalse();
    assertThat(holds("attribute_exists(mp.y.m)", ITEM)).isTrue();
    assertThat(holds("attribute_exists(lst[2][1])", ITEM)).isTrue();
    assertThat(holds("attribute_exists(lst[3])", ITEM)).isFalse();
    assertThat(holds("attribute_not_exists(mp.q)", ITEM)).isTrue();
    assertThat(holds("attribute_not_exists (s)", ITEM)).isFalse();
  }

  @Test
  void attributeType() {
    String[][] cases = {
      {"s", "S"},
      {"b", "B"},
      {"ss", "SS"},
      {"ns", "NS"},
      {"bs", "BS"},
      {"lst", "L"},
      {"mp", "M"},
      {"n", "N"},
      {"t", "BOOL"},
      {"z", "NULL"}
    };
    for (String[] c : cases) {
      assertThat(holds("attribute_type(" + c[0] + ", :t)", ITEM, ":t", s(c[1]))).isTrue();
      assertThat(
              holds(
                  "attribute_type(" + c[0] + ", :t)", ITEM, ":t", s("S".equals(c[1]) ? "N" : "S")))
          .isFalse();
    }
    assertThat(holds("attribute_type(:v, :t)", ITEM, ":v", n("0"), ":t", s("N"))).isTrue();
    assertThat(holds("attribute_type(nope, :t)", ITEM, ":t", s("S"))).isFalse();
  }

  @Test
  void beginsWith() {
    assertThat(holds("begins_with(s, :p)", ITEM, ":p", s("hell"))).isTrue();
    assertThat(holds("begins_with(s, :p)", ITEM, ":p", s("dog"))).isFalse();
    assertThat(holds("begins_with(b, :p)", ITEM, ":p", b("hi"))).isTrue();
    assertThat(holds("begins_with(b, :p)", ITEM, ":p", s("hi"))).isFalse();
    assertThat(holds("begins_with(:p, s)", ITEM, ":p", s("hellohi"))).isTrue();
    assertThat(holds("begins_with(n, :p)", ITEM, ":p", s("5"))).isFalse();
    assertThat(holds("begins_with(s, e)", ITEM)).isTrue();
  }

  @Test
  void contains() {
    assertThat(holds("contains(s, :v)", ITEM, ":v", s("ell"))).isTrue();
    assertThat(holds("contains(b, :v)", ITEM, ":v", b("here"))).isTrue();
    assertThat(holds("contains(b, :v)", ITEM, ":v", b("dog"))).isFalse();
    assertThat(holds("contains(ss, :v)", ITEM, ":v", s("cat"))).isTrue();
    assertThat(holds("contains(ns, :v)", ITEM, ":v", n("4.0"))).isTrue();
    assertThat(holds("contains(ns, :v)", ITEM, ":v", s("4"))).isFalse();
    assertThat(holds("contains(bs, :v)", ITEM, ":v", b("y"))).isTrue();
    assertThat(holds("contains(lst, :v)", ITEM, ":v", ns("2", "1"))).isTrue();
    assertThat(holds("contains(lst, :v)", ITEM, ":v", l(n("3"), n("4")))).isTrue();
    assertThat(holds("contains(lst, :v)", ITEM, ":v", s("h"))).isFalse();
    assertThat(holds("contains(mp, :v)", ITEM, ":v", s("x"))).isFalse();
    assertThat(holds("contains(nope, :v)", ITEM, ":v", s("x"))).isFalse();
    assertThat(holds("contains(s, ss)", item("s", s("catdog"), "ss", s("dog")))).isTrue();
  }

  @Test
  void size() {
    assertThat(holds("size(s) = :v", ITEM, ":v", n("5"))).isTrue();
    assertThat(holds("size(b) = :v", ITEM, ":v", n("8"))).isTrue();
    assertThat(holds("size(ss) = :v", ITEM, ":v", n("2"))).isTrue();
    assertThat(holds("size(ns) = :v", ITEM, ":v", n("3"))).isTrue();
    assertThat(holds("size(lst) = :v", ITEM, ":v", n("3"))).isTrue();
    assertThat(holds("size(mp) = :v", ITEM, ":v", n("2"))).isTrue();
    assertThat(holds("size(e) = :v", ITEM, ":v", n("0"))).isTrue();
    assertThat(holds("size(n) = :v", ITEM, ":v", n("1"))).isFalse();
    assertThat(holds("size(t) = :v", ITEM, ":v", n("1"))).isFalse();
    assertThat(holds("size(z) <> :v", ITEM, ":v", n("1"))).isTrue();
    assertThat(holds("size(nope) < :v", ITEM, ":v", n("100"))).isFalse();
    assertThat(holds("size(s) = :v", ITEM, ":v", s("5"))).isFalse();
    assertThat(holds("size(s) = n", ITEM)).isTrue();
    assertThat(
            holds("size(s) > :a AND size(s) BETWEEN :a AND :b", ITEM, ":a", n("1"), ":b", n("9")))
        .isTrue();
    assertThat(holds("size(:v) = :n", ITEM, ":v", s("abc"), ":n", n("3"))).isTrue();
    assertThat(holds("size(mp.y) IN (:n)", ITEM, ":n", n("1"))).isTrue();
  }
}
