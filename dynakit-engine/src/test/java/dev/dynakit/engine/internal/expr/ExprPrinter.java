package dev.dynakit.engine.internal.expr;

import dev.dynakit.engine.internal.value.AttrValue;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.StringJoiner;

/**
 * Prints expression trees back to text, collecting the placeholders it uses, for round-trip
 * properties. Names are printed bare when the grammar allows, else through {@code #n} placeholders;
 * spelling of keywords and whitespace vary at random.
 */
final class ExprPrinter {
  private static final Set<String> KEYWORDS =
      Set.of("AND", "OR", "NOT", "BETWEEN", "IN", "SET", "REMOVE", "ADD", "DELETE");

  final Map<String, String> names = new LinkedHashMap<>();
  final Map<String, AttrValue> values = new LinkedHashMap<>();
  private final Random random;

  ExprPrinter(Random random) {
    this.random = random;
  }

  ExpressionContext context() {
    return ExpressionContext.of(names.isEmpty() ? null : names, values.isEmpty() ? null : values);
  }

  private String keyword(String k) {
    return random.nextBoolean() ? k : k.toLowerCase(Locale.ROOT);
  }

  private String sp() {
    return random.nextInt(4) == 0 ? "  " : " ";
  }

  String path(DocPath path) {
    StringBuilder out = new StringBuilder();
    for (Object e : path.elements()) {
      if (e instanceof Integer i) {
        out.append('[').append(i).append(']');
        continue;
      }
      if (out.length() > 0) {
        out.append('.');
      }
      String name = (String) e;
      boolean bare =
          name.matches("[A-Za-z][A-Za-z0-9_]*")
              && !ReservedWords.isReserved(name)
              && !KEYWORDS.contains(name.toUpperCase(Locale.ROOT))
              && random.nextInt(3) > 0;
      out.append(bare ? name : placeholder(name));
    }
    return out.toString();
  }

  private String placeholder(String name) {
    for (Map.Entry<String, String> e : names.entrySet()) {
      if (e.getValue().equals(name)) {
        return e.getKey();
      }
    }
    String key = "#n" + names.size();
    names.put(key, name);
    return key;
  }

  String operand(Operand op) {
    if (op instanceof Operand.Path p) {
      return path(p.path());
    }
    if (op instanceof Operand.Value v) {
      values.put(v.placeholder(), v.value());
      return v.placeholder();
    }
    if (op instanceof Operand.Arith a) {
      return operand(a.left()) + sp() + (a.plus() ? "+" : "-") + sp() + operand(a.right());
    }
    Operand.Call c = (Operand.Call) op;
    return call(c.name(), c.args());
  }

  private String call(String name, List<Operand> args) {
    StringJoiner j = new StringJoiner("," + sp(), name + "(", ")");
    for (Operand a : args) {
      j.add(operand(a));
    }
    return j.toString();
  }

  private static int precedence(Cond c) {
    if (c instanceof Cond.Or) {
      return 1;
    }
    if (c instanceof Cond.And) {
      return 2;
    }
    if (c instanceof Cond.Not) {
      return 3;
    }
    return 4;
  }

  String condition(Cond c) {
    if (c instanceof Cond.Or o) {
      return binary(o, o.left(), o.right(), "OR");
    }
    if (c instanceof Cond.And a) {
      return binary(a, a.left(), a.right(), "AND");
    }
    if (c instanceof Cond.Not n) {
      return keyword("NOT") + " " + child(n.operand(), precedence(n.operand()) < 3);
    }
    if (c instanceof Cond.Compare cmp) {
      return operand(cmp.left()) + sp() + cmp.op().symbol + sp() + operand(cmp.right());
    }
    if (c instanceof Cond.Between b) {
      return operand(b.subject())
          + " "
          + keyword("BETWEEN")
          + " "
          + operand(b.low())
          + " "
          + keyword("AND")
          + " "
          + operand(b.high());
    }
    if (c instanceof Cond.In in) {
      StringJoiner j = new StringJoiner(", ", " " + keyword("IN") + sp() + "(", ")");
      for (Operand o : in.options()) {
        j.add(operand(o));
      }
      return operand(in.subject()) + j;
    }
    Cond.Fn fn = (Cond.Fn) c;
    return call(fn.name(), fn.args());
  }

  private String binary(Cond node, Cond left, Cond right, String keyword) {
    int p = precedence(node);
    return child(left, precedence(left) < p)
        + " "
        + keyword(keyword)
        + " "
        + child(right, precedence(right) <= p);
  }

  private String child(Cond c, boolean parens) {
    String text = condition(c);
    return parens ? "(" + text + ")" : text;
  }

  /** An update expression; actions must already be grouped by clause. */
  String update(List<UpdateAction> actions) {
    List<String> clauses = new ArrayList<>();
    String current = null;
    StringJoiner j = null;
    for (UpdateAction a : actions) {
      String clause = clause(a);
      if (!clause.equals(current)) {
        if (j != null) {
          clauses.add(j.toString());
        }
        current = clause;
        j = new StringJoiner("," + sp(), keyword(clause) + " ", "");
      }
      j.add(action(a));
    }
    clauses.add(j.toString());
    return String.join(sp(), clauses);
  }

  static String clause(UpdateAction a) {
    if (a instanceof UpdateAction.Set) {
      return "SET";
    }
    if (a instanceof UpdateAction.Remove) {
      return "REMOVE";
    }
    return a instanceof UpdateAction.Add ? "ADD" : "DELETE";
  }

  private String action(UpdateAction a) {
    String path = path(a.path());
    if (a instanceof UpdateAction.Set s) {
      return path + sp() + "=" + sp() + operand(s.value());
    }
    if (a instanceof UpdateAction.Remove) {
      return path;
    }
    AttrValue v =
        a instanceof UpdateAction.Add add ? add.value() : ((UpdateAction.Delete) a).value();
    String key = ":u" + values.size();
    values.put(key, v);
    return path + " " + key;
  }
}
