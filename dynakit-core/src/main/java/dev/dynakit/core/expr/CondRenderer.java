package dev.dynakit.core.expr;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Writes a {@link Cond} tree as expression text. Values compared with a bare top-level attribute go
 * through that attribute's codec. Compound parts inside AND/OR are parenthesised, so the text never
 * depends on DynamoDB's precedence of NOT over AND over OR.
 */
final class CondRenderer {
  private CondRenderer() {}

  static void render(Cond cond, ExpressionWriter out) {
    if (cond instanceof Cond.Compare) {
      Cond.Compare c = (Cond.Compare) cond;
      String field = fieldOf(c.left(), c.right());
      operand(c.left(), field, out);
      out.text(" " + c.op().symbol() + " ");
      operand(c.right(), field, out);
    } else if (cond instanceof Cond.Between) {
      Cond.Between c = (Cond.Between) cond;
      String field = fieldOf(c.subject(), null);
      operand(c.subject(), field, out);
      out.text(" BETWEEN ");
      operand(c.low(), field, out);
      out.text(" AND ");
      operand(c.high(), field, out);
    } else if (cond instanceof Cond.In) {
      Cond.In c = (Cond.In) cond;
      String field = fieldOf(c.subject(), null);
      operand(c.subject(), field, out);
      out.text(" IN (");
      List<Operand> candidates = c.candidates();
      for (int i = 0; i < candidates.size(); i++) {
        if (i > 0) {
          out.text(", ");
        }
        operand(candidates.get(i), field, out);
      }
      out.text(")");
    } else if (cond instanceof Cond.Exists) {
      out.text("attribute_exists(").path(((Cond.Exists) cond).path()).text(")");
    } else if (cond instanceof Cond.NotExists) {
      out.text("attribute_not_exists(").path(((Cond.NotExists) cond).path()).text(")");
    } else if (cond instanceof Cond.TypeIs) {
      Cond.TypeIs c = (Cond.TypeIs) cond;
      out.text("attribute_type(").path(c.path()).text(", ").value(null, c.type()).text(")");
    } else if (cond instanceof Cond.BeginsWith) {
      Cond.BeginsWith c = (Cond.BeginsWith) cond;
      out.text("begins_with(").path(c.path()).text(", ");
      operand(c.prefix(), null, out);
      out.text(")");
    } else if (cond instanceof Cond.Contains) {
      Cond.Contains c = (Cond.Contains) cond;
      out.text("contains(").path(c.path()).text(", ");
      operand(c.operand(), null, out);
      out.text(")");
    } else if (cond instanceof Cond.And) {
      junction(((Cond.And) cond).parts(), " AND ", out);
    } else if (cond instanceof Cond.Or) {
      junction(((Cond.Or) cond).parts(), " OR ", out);
    } else if (cond instanceof Cond.Not) {
      out.text("NOT (");
      render(((Cond.Not) cond).part(), out);
      out.text(")");
    } else {
      throw new IllegalStateException("unknown condition " + cond);
    }
  }

  private static void junction(List<Cond> parts, String operator, ExpressionWriter out) {
    for (int i = 0; i < parts.size(); i++) {
      if (i > 0) {
        out.text(operator);
      }
      Cond part = parts.get(i);
      boolean compound = part instanceof Cond.And || part instanceof Cond.Or;
      if (compound) {
        out.text("(");
      }
      render(part, out);
      if (compound) {
        out.text(")");
      }
    }
  }

  private static void operand(Operand operand, @Nullable String field, ExpressionWriter out) {
    if (operand instanceof Operand.Path) {
      out.path(((Operand.Path) operand).path());
    } else if (operand instanceof Operand.Size) {
      out.text("size(").path(((Operand.Size) operand).path()).text(")");
    } else {
      out.value(field, ((Operand.Value) operand).value());
    }
  }

  /** The top-level attribute whose codec applies to values compared with this operand. */
  private static @Nullable String fieldOf(Operand left, @Nullable Operand right) {
    String field = bareAttribute(left);
    return field != null || right == null ? field : bareAttribute(right);
  }

  private static @Nullable String bareAttribute(Operand operand) {
    if (operand instanceof Operand.Path && ((Operand.Path) operand).path().isTopLevel()) {
      return ((Operand.Path) operand).path().root();
    }
    return null;
  }
}
