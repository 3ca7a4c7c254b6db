package dev.dynakit.engine.internal.expr;

import dev.dynakit.engine.internal.value.AttrValue;
import dev.dynakit.engine.internal.value.Binary;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * Random expression trees that DynamoDB accepts (valid placeholders, distinct operands, legal
 * operand types), random values and random items over the same attribute names.
 */
final class RandomTrees {
  static final List<String> NAMES =
      List.of("a", "b", "c", "x1", "Price", "foo_2", "status", "a.b", "weird name", "in");

  private final Random r;
  private int valueCount;

  RandomTrees(Random random) {
    this.r = random;
  }

  private <T> T pick(List<T> list) {
    return list.get(r.nextInt(list.size()));
  }

  // ---- values and items

  AttrValue value(int depth) {
    int kind = r.nextInt(depth > 1 ? 8 : 10);
    switch (kind) {
      case 0:
        return new AttrValue.S(string());
      case 1:
        return number();
      case 2:
        return new AttrValue.B(
            Binary.of(string().getBytes(java.nio.charset.StandardCharsets.UTF_8)));
      case 3:
        return AttrValue.Bool.of(r.nextBoolean());
      case 4:
        return AttrValue.Null.INSTANCE;
      case 5:
        Set<String> ss = new LinkedHashSet<>();
        for (int i = 0, n = 1 + r.nextInt(3); i < n; i++) {
          ss.add(string());
        }
        return new AttrValue.SS(new ArrayList<>(ss));
      case 6:
        Set<BigDecimal> ns = new LinkedHashSet<>();
        for (int i = 0, n = 1 + r.nextInt(3); i < n; i++) {
          ns.add(number().value());
        }
        return new AttrValue.NS(new ArrayList<>(ns));
      case 7:
        return new AttrValue.BS(List.of(Binary.of(new byte[] {(byte) r.nextInt(256)})));
      case 8:
        List<AttrValue> l = new ArrayList<>();
        for (int i = 0, n = r.nextInt(4); i < n; i++) {
          l.add(value(depth + 1));
        }
        return new AttrValue.L(l);
      default:
        Map<String, AttrValue> m = new LinkedHashMap<>();
        for (int i = 0, n = r.nextInt(4); i < n; i++) {
          m.put(pick(NAMES), value(depth + 1));
        }
        return new AttrValue.M(m);
    }
  }

  String string() {
    String[] pool = {"", "a", "ab", "abc", "b", "hello", "z", "\u00fc", "\uD83D\uDE00", "A"};
    return pool[r.nextInt(pool.length)];
  }

  AttrValue.N number() {
    return new AttrValue.N(BigDecimal.valueOf(r.nextInt(21) - 10, r.nextInt(3)));
  }

  AttrValue ordered() {
    switch (r.nextInt(3)) {
      case 0:
        return new AttrValue.S(string());
      case 1:
        return number();
      default:
        return new AttrValue.B(
            Binary.of(string().getBytes(java.nio.charset.StandardCharsets.UTF_8)));
    }
  }

  Map<String, AttrValue> item() {
    Map<String, AttrValue> item = new LinkedHashMap<>();
    for (String name : NAMES) {
      if (r.nextInt(3) > 0) {
        item.put(name, value(0));
      }
    }
    return item;
  }

  // ---- paths and operands

  DocPath path() {
    List<Object> elements = new ArrayList<>();
    elements.add(pick(NAMES));
    for (int i = 0, n = r.nextInt(3); i < n; i++) {
      elements.add(r.nextBoolean() ? pick(NAMES) : r.nextInt(3));
    }
    return new DocPath(elements);
  }

  Operand.Value literal(AttrValue v) {
    return new Operand.Value(":v" + valueCount++, v);
  }

  /** An operand for equality and IN: a path, a literal or size(path). */
  Operand anyOperand() {
    switch (r.nextInt(4)) {
      case 0:
      case 1:
        return new Operand.Path(path());
      case 2:
        return literal(value(0));
      default:
        return new Operand.Call("size", List.of(new Operand.Path(path())));
    }
  }

  /** An operand for ordering comparisons: literals are numbers, strings or binaries. */
  Operand orderedOperand() {
    switch (r.nextInt(4)) {
      case 0:
      case 1:
        return new Operand.Path(path());
      case 2:
        return literal(ordered());
      default:
        return new Operand.Call("size", List.of(new Operand.Path(path())));
    }
  }

  // ---- conditions

  Cond condition(int depth) {
    int choice = depth >= 4 ? 3 + r.nextInt(5) : r.nextInt(8);
    switch (choice) {
      case 0:
        return new Cond.And(condition(depth + 1), condition(depth + 1));
      case 1:
        return new Cond.Or(condition(depth + 1), condition(depth + 1));
      case 2:
        return new Cond.Not(condition(depth + 1));
      case 3:
      case 4:
        return comparison();
      case 5:
        return between();
      case 6:
        List<Operand> options = new ArrayList<>();
        for (int i = 0, n = 1 + r.nextInt(4); i < n; i++) {
          options.add(anyOperand());
        }
        return new Cond.In(anyOperand(), options);
      default:
        return function();
    }
  }

  private Cond comparison() {
    Cond.Op op = pick(List.of(Cond.Op.values()));
    boolean ordering = op != Cond.Op.EQ && op != Cond.Op.NE;
    while (true) {
      Operand left = ordering ? orderedOperand() : anyOperand();
      Operand right = ordering ? orderedOperand() : anyOperand();
      if (!samePaths(left, right)) {
        return new Cond.Compare(op, left, right);
      }
    }
  }

  private Cond between() {
    Operand subject = orderedOperand();
    if (r.nextBoolean()) {
      AttrValue lo = ordered();
      AttrValue hi = ordered();
      if (lo.typeName().equals(hi.typeName())) {
        Integer order = Comparisons.order(lo, hi);
        if (order != null && order > 0) {
          AttrValue t = lo;
          lo = hi;
          hi = t;
        }
        return new Cond.Between(subject, literal(lo), literal(hi));
      }
    }
    return new Cond.Between(subject, new Operand.Path(path()), orderedOperand());
  }

  private Cond function() {
    Operand.Path p = new Operand.Path(path());
    switch (r.nextInt(6)) {
      case 0:
        return new Cond.Fn("attribute_exists", List.of(p));
      case 1:
        return new Cond.Fn("attribute_not_exists", List.of(p));
      case 2:
        String type = pick(List.of("S", "N", "B", "BOOL", "NULL", "SS", "NS", "BS", "L", "M"));
        return new Cond.Fn("attribute_type", List.of(p, literal(new AttrValue.S(type))));
      case 3:
        Operand prefix =
            r.nextBoolean()
                ? literal(
                    r.nextBoolean()
                        ? new AttrValue.S(string())
                        : new AttrValue.B(Binary.of(new byte[] {97})))
                : new Operand.Path(path());
        return samePaths(p, prefix) ? function() : new Cond.Fn("begins_with", List.of(p, prefix));
      default:
        Operand element = anyOperand();
        return samePaths(p, element) ? function() : new Cond.Fn("contains", List.of(p, element));
    }
  }

  private static boolean samePaths(Operand a, Operand b) {
    return a instanceof Operand.Path x && b instanceof Operand.Path y && x.path().equals(y.path());
  }

  // ---- updates

  /** Actions on distinct top-level attributes (so no two paths overlap), grouped by clause. */
  List<UpdateAction> update() {
    List<String> tops = new ArrayList<>(NAMES);
    java.util.Collections.shuffle(tops, r);
    int count = 1 + r.nextInt(5);
    List<String> clauses = new ArrayList<>(List.of("SET", "REMOVE", "ADD", "DELETE"));
    java.util.Collections.shuffle(clauses, r);
    List<UpdateAction> actions = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      List<Object> elements = new ArrayList<>(path().elements());
      elements.set(0, tops.get(i));
      DocPath target = new DocPath(elements);
      actions.add(action(clauses.get(r.nextInt(clauses.size())), target));
    }
    List<UpdateAction> grouped = new ArrayList<>();
    for (String clause : clauses) {
      for (UpdateAction a : actions) {
        if (ExprPrinter.clause(a).equals(clause)) {
          grouped.add(a);
        }
      }
    }
    return grouped;
  }

  private UpdateAction action(String clause, DocPath target) {
    switch (clause) {
      case "SET":
        return new UpdateAction.Set(target, setValue());
      case "REMOVE":
        return new UpdateAction.Remove(target);
      case "ADD":
        return new UpdateAction.Add(target, r.nextBoolean() ? number() : setOfValues());
      default:
        return new UpdateAction.Delete(target, setOfValues());
    }
  }

  private AttrValue setOfValues() {
    AttrValue v;
    do {
      v = value(1);
    } while (!(v instanceof AttrValue.SS
        || v instanceof AttrValue.NS
        || v instanceof AttrValue.BS));
    return v;
  }

  private Operand setValue() {
    switch (r.nextInt(5)) {
      case 0:
        return literal(value(0));
      case 1:
        return new Operand.Path(path());
      case 2:
        return new Operand.Arith(r.nextBoolean(), numeric(), numeric());
      case 3:
        return new Operand.Call("list_append", List.of(listOperand(), listOperand()));
      default:
        return new Operand.Call(
            "if_not_exists", List.of(new Operand.Path(path()), literal(value(0))));
    }
  }

  private Operand numeric() {
    switch (r.nextInt(3)) {
      case 0:
        return literal(number());
      case 1:
        return new Operand.Path(path());
      default:
        return new Operand.Call(
            "if_not_exists", List.of(new Operand.Path(path()), literal(number())));
    }
  }

  private Operand listOperand() {
    if (r.nextBoolean()) {
      return new Operand.Path(path());
    }
    List<AttrValue> l = new ArrayList<>();
    for (int i = 0, n = r.nextInt(3); i < n; i++) {
      l.add(value(1));
    }
    return r.nextBoolean()
        ? literal(new AttrValue.L(l))
        : new Operand.Call(
            "if_not_exists", List.of(new Operand.Path(path()), literal(new AttrValue.L(l))));
  }

  /** Paths of which no two overlap or conflict. */
  List<DocPath> projection() {
    List<DocPath> out = new ArrayList<>();
    for (int i = 0, n = 1 + r.nextInt(5); i < n; i++) {
      DocPath p = path();
      boolean clash = false;
      for (DocPath q : out) {
        int k = Math.min(p.size(), q.size());
        boolean differ = false;
        for (int j = 0; j < k && !differ; j++) {
          differ = !p.elements().get(j).equals(q.elements().get(j));
        }
        clash |= !differ || p.elements().get(0).equals(q.elements().get(0));
      }
      if (!clash) {
        out.add(p);
      }
    }
    return out;
  }
}
