package dev.dynakit.engine.internal.expr;

import static dev.dynakit.engine.internal.expr.Fixtures.*;
import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.engine.internal.value.AttrValue;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Applying update expressions: SET, REMOVE, ADD and DELETE, and their runtime refusals. */
class UpdateExpressionTest {

  private static Map<String, AttrValue> apply(
      String text, Map<String, AttrValue> item, Object... values) {
    return update(text, values).apply(item);
  }

  @Test
  void setReplacesAndAddsAttributes() {
    Map<String, AttrValue> it = item("k", s("1"), "a", s("hi"));
    assertThat(apply("SET a = :v, b = :w", it, ":v", s("hey"), ":w", n("2")))
        .isEqualTo(item("k", s("1"), "a", s("hey"), "b", n("2")));
    assertThat(apply("sEt b = a", it)).containsEntry("b", s("hi"));
  }

  @Test
  void theInputItemIsNeverChanged() {
    Map<String, AttrValue> it = new LinkedHashMap<>(item("a", m("b", l(n("1"), n("2")))));
    Map<String, AttrValue> copy = new LinkedHashMap<>(it);
    apply("SET a.b[0] = :v REMOVE a.b[1] ADD c :n", it, ":v", s("x"), ":n", n("1"));
    assertThat(it).isEqualTo(copy);
  }

  @Test
  void valuesAreReadBeforeAnyWrite() {
    Map<String, AttrValue> it = item("a", s("hello"));
    assertThat(apply("REMOVE a SET b = a", it)).isEqualTo(item("b", s("hello")));
    refusal(() -> apply("SET x = :v, y = x", it, ":v", n("4")))
        .isEqualTo(
            "The provided expression refers to an attribute that does not exist in the item");
    Map<String, AttrValue> nested =
        item("b", m("a", n("1"), "b", n("2"), "c", n("3")), "c", l(n("1"), n("3")));
    Map<String, AttrValue> out =
        apply(
            "set b.c=((c[1])+(b.a)),b.a = k,c[1] = k, c[4] = b.a - b.b, c[2] = b.c add c[8] :b,"
                + " c[6] :a",
            item("k", s("key"), "b", nested.get("b"), "c", nested.get("c")),
            ":a",
            n("2"),
            ":b",
            ss("a"));
    assertThat(out.get("b")).isEqualTo(m("a", s("key"), "b", n("2"), "c", n("4")));
    assertThat(out.get("c")).isEqualTo(l(n("1"), s("key"), n("3"), n("-1"), n("2"), ss("a")));
  }

  @Test
  void arithmetic() {
    Map<String, AttrValue> it = item("a", n("2"));
    assertThat(apply("SET a = a + :v", it, ":v", n("3"))).containsEntry("a", n("5"));
    assertThat(apply("SET a = :v - a", it, ":v", n("7"))).containsEntry("a", n("5"));
    assertThat(apply("SET b = :v + :w", it, ":v", n("0.1"), ":w", n("0.2")))
        .containsEntry("b", n("0.3"));
    assertThat(apply("SET a = (a) + :v", it, ":v", n("1"))).containsEntry("a", n("3"));
    assertThat(apply("SET a = (a + :v)", it, ":v", n("1"))).containsEntry("a", n("3"));
    refusal(() -> apply("SET a = b + :v", item("b", s("x")), ":v", n("1")))
        .isEqualTo("An operand in the update expression has an incorrect data type");
    refusal(() -> apply("SET a = nope + :v", it, ":v", n("1")))
        .isEqualTo(
            "The provided expression refers to an attribute that does not exist in the item");
  }

  @Test
  void arithmeticStaysWithinDynamoDbNumbers() {
    refusal(() -> apply("SET a = :x + :y", item(), ":x", n("9E+125"), ":y", n("9E+125")))
        .isEqualTo(
            "Number overflow. Attempting to store a number with magnitude larger than supported"
                + " range");
    refusal(() -> apply("SET a = :x + :y", item(), ":x", n("1E+30"), ":y", n("1E-30")))
        .isEqualTo("Attempting to store more than 38 significant digits in a Number");
  }

  @Test
  void ifNotExistsAndListAppend() {
    Map<String, AttrValue> it = item("a", n("2"), "l", l(s("hi")));
    assertThat(apply("SET a = if_not_exists(a, :v)", it, ":v", n("3"))).containsEntry("a", n("2"));
    assertThat(apply("SET b = if_not_exists(c, :v)", it, ":v", n("4"))).containsEntry("b", n("4"));
    assertThat(apply("SET b = if_not_exists(b, :v) + :w", it, ":v", n("2"), ":w", n("3")))
        .containsEntry("b", n("5"));
    assertThat(apply("SET l = list_append(l, :v)", it, ":v", l(n("1"))))
        .containsEntry("l", l(s("hi"), n("1")));
    assertThat(apply("SET l = list_append(:v, l)", it, ":v", l(n("1"))))
        .containsEntry("l", l(n("1"), s("hi")));
    assertThat(
            apply("SET m = list_append(if_not_exists(m, :e), :v)", it, ":e", l(), ":v", l(n("1"))))
        .containsEntry("m", l(n("1")));
    refusal(() -> apply("SET x = list_append(a, :v)", it, ":v", l()))
        .isEqualTo("An operand in the update expression has an incorrect data type");
    refusal(() -> apply("SET x = list_append(nope, :v)", it, ":v", l()))
        .isEqualTo(
            "The provided expression refers to an attribute that does not exist in the item");
  }

  @Test
  void nestedSet() {
    Map<String, AttrValue> it =
        item("a", m("b", n("3"), "c", l(s("hi"), m("x", m("y", l(n("3"), n("5")))))));
    assertThat(apply("SET a.c[1].x.y[1] = :v", it, ":v", n("9")).get("a"))
        .isEqualTo(m("b", n("3"), "c", l(s("hi"), m("x", m("y", l(n("3"), n("9")))))));
    assertThat(apply("SET a.d = :v", it, ":v", n("1")).get("a"))
        .isEqualTo(
            m(
                "b",
                n("3"),
                "c",
                it.get("a") instanceof AttrValue.M mm ? mm.values().get("c") : null,
                "d",
                n("1")));
  }

  @Test
  void setPastTheEndOfAListAppendsInIndexOrder() {
    Map<String, AttrValue> it = item("a", l(s("one"), s("two"), s("three")));
    assertThat(apply("SET a[7] = :v", it, ":v", s("hello")).get("a"))
        .isEqualTo(l(s("one"), s("two"), s("three"), s("hello")));
    assertThat(
            apply(
                    "SET a[84] = :a, a[37] = :b, a[17] = :c, a[50] = :d",
                    it,
                    ":a",
                    s("a1"),
                    ":b",
                    s("a2"),
                    ":c",
                    s("a3"),
                    ":d",
                    s("a4"))
                .get("a"))
        .isEqualTo(l(s("one"), s("two"), s("three"), s("a3"), s("a2"), s("a4"), s("a1")));
  }

  @Test
  void setUnderAMissingOrWrongParentIsInvalid() {
    Map<String, AttrValue> it = item("a", s("hello"), "b", l(s("hi")), "c", m("1", s("a")));
    for (String text :
        List.of(
            "SET a.c = :v",
            "SET b.c = :v",
            "SET x.c = :v",
            "SET a[0] = :v",
            "SET x[0] = :v",
            "SET c[1] = :v",
            "SET b[0].x = :v",
            "REMOVE a.c",
            "REMOVE x.c",
            "REMOVE x[0]",
            "REMOVE c[0]",
            "ADD x.y :n",
            "DELETE x.y :s",
            "ADD b.x :n")) {
      refusal(() -> apply(text, it, ":v", n("7"), ":n", n("1"), ":s", ss("a")))
          .as(text)
          .isEqualTo("The document path provided in the update expression is invalid for update");
    }
  }

  @Test
  void remove() {
    Map<String, AttrValue> it =
        item(
            "a",
            m("b", n("3"), "c", l(s("hi"), m("x", m("y", l(n("3"), n("5"), n("7"))), "q", n("2")))),
            "z",
            n("1"));
    Map<String, AttrValue> out = apply("REMOVE a.c[1].x.y[1], a.c[1].q, z", it);
    assertThat(out)
        .isEqualTo(item("a", m("b", n("3"), "c", l(s("hi"), m("x", m("y", l(n("3"), n("7"))))))));
    assertThat(apply("REMOVE a.nope, nope, a.c[17]", it)).isEqualTo(it);
    assertThat(apply("REMOVE a.b", item("a", m("b", n("1"))))).isEqualTo(item("a", m()));
    assertThat(apply("REMOVE a[0]", item("a", l(n("1"))))).isEqualTo(item("a", l()));
  }

  @Test
  void removeIndexesReferToTheOriginalList() {
    Map<String, AttrValue> it = item("a", l(n("2"), n("3"), n("4"), n("5"), n("6"), n("7")));
    assertThat(apply("REMOVE a[1] SET a[3] = :v", it, ":v", n("17")).get("a"))
        .isEqualTo(l(n("2"), n("4"), n("17"), n("6"), n("7")));
    assertThat(apply("SET a[3] = :v REMOVE a[1]", it, ":v", n("17")).get("a"))
        .isEqualTo(l(n("2"), n("4"), n("17"), n("6"), n("7")));
    assertThat(apply("REMOVE a[0], a[1], a[5]", it).get("a")).isEqualTo(l(n("4"), n("5"), n("6")));
    assertThat(apply("REMOVE a[5], a[0]", it).get("a"))
        .isEqualTo(l(n("3"), n("4"), n("5"), n("6")));
  }

  @Test
  void addNumbersAndSets() {
    Map<String, AttrValue> it = item("n", n("3"), "s", ss("dog", "cat"), "t", s("hi"));
    assertThat(apply("ADD n :v", it, ":v", n("4"))).containsEntry("n", n("7"));
    assertThat(apply("ADD m :v", it, ":v", n("8"))).containsEntry("m", n("8"));
    assertThat(apply("ADD s :v", it, ":v", ss("cat", "pig")).get("s"))
        .isEqualTo(ss("dog", "cat", "pig"));
    assertThat(apply("ADD q :v", it, ":v", ns("1"))).containsEntry("q", ns("1"));
    assertThat(apply("ADD q :v, n :w", it, ":v", bs("x"), ":w", n("-3")))
        .containsEntry("q", bs("x"))
        .containsEntry("n", n("0"));
    refusal(() -> apply("ADD t :v", it, ":v", n("1")))
        .isEqualTo("An operand in the update expression has an incorrect data type");
    refusal(() -> apply("ADD s :v", it, ":v", ns("1")))
        .isEqualTo("An operand in the update expression has an incorrect data type");
    refusal(() -> apply("ADD n :v", it, ":v", ss("x")))
        .isEqualTo("An operand in the update expression has an incorrect data type");
  }

  @Test
  void addToAMissingListElementAppends() {
    assertThat(apply("ADD a[5] :v", item("a", l(n("1"))), ":v", n("2")).get("a"))
        .isEqualTo(l(n("1"), n("2")));
  }

  @Test
  void deleteFromSets() {
    Map<String, AttrValue> it =
        item("a", ss("dog", "cat", "mouse"), "b", s("hi"), "n", ns("1", "2"));
    assertThat(apply("DELETE a :v", it, ":v", ss("cat", "mouse"))).containsEntry("a", ss("dog"));
    assertThat(apply("DELETE a :v", it, ":v", ss("pig"))).containsEntry("a", it.get("a"));
    assertThat(apply("DELETE a :v", it, ":v", ss("dog", "cat", "mouse"))).doesNotContainKey("a");
    assertThat(apply("DELETE nope :v", it, ":v", ss("dog"))).isEqualTo(it);
    assertThat(apply("DELETE n :v", it, ":v", ns("2.0"))).containsEntry("n", ns("1"));
    refusal(() -> apply("DELETE b :v", it, ":v", ss("h")))
        .isEqualTo("An operand in the update expression has an incorrect data type");
    refusal(() -> apply("DELETE n :v", it, ":v", ss("1")))
        .isEqualTo("An operand in the update expression has an incorrect data type");
  }

  @Test
  void updatedPathsInWrittenOrder() {
    UpdateExpr u =
        Expressions.update(
            "SET a.b = :v REMOVE c[1] ADD #n :n DELETE d :s",
            ctx(names("#n", "x.y"), item(":v", n("1"), ":n", n("1"), ":s", ss("a"))));
    assertThat(u.updatedPaths())
        .containsExactly(
            DocPath.of("a", "b"),
            DocPath.of("c", 1),
            DocPath.attribute("x.y"),
            DocPath.attribute("d"));
  }

  @Test
  void resultsNestedTooDeepAreRefused() {
    AttrValue deep = n("1");
    for (int i = 0; i < 31; i++) {
      deep = l(deep);
    }
    Map<String, AttrValue> fine = apply("SET a = :v", item(), ":v", deep);
    assertThat(fine).containsKey("a");
    AttrValue deepest = deep;
    refusal(() -> apply("SET a[0] = :v", item("a", l(n("1"))), ":v", deepest))
        .isEqualTo(
            "Nesting Levels have exceeded supported limits: Attributes in the item have nested"
                + " levels beyond supported limit");
  }

  @Test
  void emptyListsMapsAndStringsAreAllowed() {
    assertThat(apply("SET d = :a, e = :b, f = :c", item(), ":a", l(), ":b", m(), ":c", s("")))
        .isEqualTo(item("d", l(), "e", m(), "f", s("")));
  }
}
