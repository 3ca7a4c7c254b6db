package dev.dynakit.core.adapter;

import dev.dynakit.core.expr.Cond;
import dev.dynakit.core.expr.Operand;
import java.util.List;

/** The top-level attributes a condition reads. */
final class CondPaths {
  private CondPaths() {}

  static void roots(Cond cond, List<String> out) {
    if (cond instanceof Cond.Compare) {
      operand(((Cond.Compare) cond).left(), out);
      operand(((Cond.Compare) cond).right(), out);
    } else if (cond instanceof Cond.Between) {
      Cond.Between between = (Cond.Between) cond;
      operand(between.subject(), out);
      operand(between.low(), out);
      operand(between.high(), out);
    } else if (cond instanceof Cond.In) {
      operand(((Cond.In) cond).subject(), out);
      ((Cond.In) cond).candidates().forEach(candidate -> operand(candidate, out));
    } else if (cond instanceof Cond.Exists) {
      out.add(((Cond.Exists) cond).path().root());
    } else if (cond instanceof Cond.NotExists) {
      out.add(((Cond.NotExists) cond).path().root());
    } else if (cond instanceof Cond.TypeIs) {
      out.add(((Cond.TypeIs) cond).path().root());
    } else if (cond instanceof Cond.BeginsWith) {
      out.add(((Cond.BeginsWith) cond).path().root());
    } else if (cond instanceof Cond.Contains) {
      out.add(((Cond.Contains) cond).path().root());
    } else if (cond instanceof Cond.And) {
      ((Cond.And) cond).parts().forEach(part -> roots(part, out));
    } else if (cond instanceof Cond.Or) {
      ((Cond.Or) cond).parts().forEach(part -> roots(part, out));
    } else if (cond instanceof Cond.Not) {
      roots(((Cond.Not) cond).part(), out);
    }
  }

  private static void operand(Operand operand, List<String> out) {
    if (operand instanceof Operand.Path) {
      out.add(((Operand.Path) operand).path().root());
    } else if (operand instanceof Operand.Size) {
      out.add(((Operand.Size) operand).path().root());
    }
  }
}
