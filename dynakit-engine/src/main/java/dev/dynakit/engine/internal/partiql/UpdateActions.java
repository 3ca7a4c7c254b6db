package dev.dynakit.engine.internal.partiql;

import java.util.ArrayList;
import java.util.List;

/**
 * The UpdateExpression of an UPDATE: {@code SET path = value} assignments, {@code REMOVE} paths,
 * and the set functions {@code set_add} and {@code set_delete}, which DynamoDB's dialect spells as
 * assignments and the expression API as ADD and DELETE actions.
 */
final class UpdateActions {
  private UpdateActions() {}

  static String write(Statement.Update update, ExpressionWriter writer) {
    List<String> sets = new ArrayList<>();
    List<String> adds = new ArrayList<>();
    List<String> deletes = new ArrayList<>();
    for (Statement.Assignment a : update.assignments()) {
      String path = writer.path(a.path());
      if (a.value() instanceof Expr.Call call && isSetFunction(call, a.path())) {
        String members = writer.write(call.arguments().get(1));
        (call.function().equals("set_add") ? adds : deletes).add(path + " " + members);
      } else {
        sets.add(path + " = " + writer.write(a.value()));
      }
    }
    List<String> removes = new ArrayList<>();
    update.removals().forEach(p -> removes.add(writer.path(p)));
    StringBuilder out = new StringBuilder();
    clause(out, "SET", sets);
    clause(out, "REMOVE", removes);
    clause(out, "ADD", adds);
    clause(out, "DELETE", deletes);
    return out.toString();
  }

  /** {@code set_add(path, members)} or {@code set_delete(path, members)} on the assigned path. */
  private static boolean isSetFunction(Expr.Call call, Expr.Path target) {
    return (call.function().equals("set_add") || call.function().equals("set_delete"))
        && call.arguments().size() == 2
        && call.arguments().get(0).equals(target);
  }

  private static void clause(StringBuilder out, String keyword, List<String> actions) {
    if (!actions.isEmpty()) {
      if (out.length() > 0) {
        out.append(' ');
      }
      out.append(keyword).append(' ').append(String.join(", ", actions));
    }
  }
}
