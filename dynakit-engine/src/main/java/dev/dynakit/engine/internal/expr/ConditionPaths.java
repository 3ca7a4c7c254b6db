package dev.dynakit.engine.internal.expr;

import java.util.ArrayList;
import java.util.List;

/** Collects the document paths a condition reads, for checks that depend on the attributes used. */
final class ConditionPaths {
  private ConditionPaths() {}

  static List<DocPath> of(ConditionExpr condition) {
    List<DocPath> out = new ArrayList<>();
    if (condition instanceof Cond c) {
      collect(c, out);
    }
    return out;
  }

  private static void collect(Cond cond, List<DocPath> out) {
    if (cond instanceof Cond.Compare c) {
      operand(c.left(), out);
      operand(c.right(), out);
    } else if (cond instanceof Cond.Between b) {
      operand(b.subject(), out);
      operand(b.low(), out);
      operand(b.high(), out);
    } else if (cond instanceof Cond.In in) {
      operand(in.subject(), out);
      for (Operand o : in.options()) {
        operand(o, out);
      }
    } else if (cond instanceof Cond.Fn fn) {
      for (Operand o : fn.args()) {
        operand(o, out);
      }
    } else if (cond instanceof Cond.And and) {
      collect(and.left(), out);
      collect(and.right(), out);
    } else if (cond instanceof Cond.Or or) {
      collect(or.left(), out);
      collect(or.right(), out);
    } else {
      collect(((Cond.Not) cond).operand(), out);
    }
  }

  private static void operand(Operand operand, List<DocPath> out) {
    if (operand instanceof Operand.Path p) {
      out.add(p.path());
    } else if (operand instanceof Operand.Call call) {
      for (Operand o : call.args()) {
        operand(o, out);
      }
    } else if (operand instanceof Operand.Arith a) {
      operand(a.left(), out);
      operand(a.right(), out);
    }
  }
}
