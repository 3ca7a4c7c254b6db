package dev.dynakit.engine.internal.partiql;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

/**
 * Writes PartiQL expressions as DynamoDB expression text, with every name a {@code #n} and every
 * constant a {@code :v} placeholder, so that names that are reserved words and values of any type
 * pass through unchanged.
 */
final class ExpressionWriter {
  private final List<Object> parameters;
  private final Map<String, String> names = new LinkedHashMap<>();
  private final Map<String, Object> values = new LinkedHashMap<>();

  ExpressionWriter(List<Object> parameters) {
    this.parameters = parameters;
  }

  /** The {@code ExpressionAttributeNames} of everything written so far. */
  Map<String, String> names() {
    Map<String, String> byPlaceholder = new LinkedHashMap<>();
    names.forEach((name, placeholder) -> byPlaceholder.put(placeholder, name));
    return byPlaceholder;
  }

  /** The {@code ExpressionAttributeValues} of everything written so far. */
  Map<String, Object> values() {
    return values;
  }

  String write(Expr expr) {
    if (expr instanceof Expr.Path path) {
      return path(path);
    }
    Object constant = Values.constant(expr, parameters);
    if (constant != null) {
      String placeholder = ":v" + values.size();
      values.put(placeholder, constant);
      return placeholder;
    }
    if (expr instanceof Expr.Comparison c) {
      return write(c.left()) + " " + c.operator() + " " + write(c.right());
    } else if (expr instanceof Expr.Between b) {
      return write(b.value()) + " BETWEEN " + write(b.low()) + " AND " + write(b.high());
    } else if (expr instanceof Expr.In in) {
      StringJoiner candidates = new StringJoiner(", ", "(", ")");
      in.candidates().forEach(c -> candidates.add(write(c)));
      return write(in.value()) + " IN " + candidates;
    } else if (expr instanceof Expr.Missing m) {
      return (m.negated() ? "attribute_exists(" : "attribute_not_exists(") + path(m.path()) + ")";
    } else if (expr instanceof Expr.And and) {
      return "(" + write(and.left()) + " AND " + write(and.right()) + ")";
    } else if (expr instanceof Expr.Or or) {
      return "(" + write(or.left()) + " OR " + write(or.right()) + ")";
    } else if (expr instanceof Expr.Not not) {
      return "(NOT " + write(not.operand()) + ")";
    } else if (expr instanceof Expr.Call call) {
      StringJoiner arguments = new StringJoiner(", ", call.function() + "(", ")");
      call.arguments().forEach(a -> arguments.add(write(a)));
      return arguments.toString();
    } else if (expr instanceof Expr.Arithmetic a) {
      return write(a.left()) + " " + a.operator() + " " + write(a.right());
    }
    throw new IllegalStateException("an expression of no known kind: " + expr);
  }

  String path(Expr.Path path) {
    StringBuilder out = new StringBuilder();
    for (Object element : path.elements()) {
      if (element instanceof Integer index) {
        out.append('[').append(index).append(']');
      } else {
        if (out.length() > 0) {
          out.append('.');
        }
        out.append(names.computeIfAbsent((String) element, n -> "#n" + names.size()));
      }
    }
    return out.toString();
  }

  /** Puts the placeholders into a request, if any were written. */
  void addTo(Map<String, Object> request) {
    if (!names.isEmpty()) {
      request.put("ExpressionAttributeNames", names());
    }
    if (!values.isEmpty()) {
      request.put("ExpressionAttributeValues", values);
    }
  }
}
