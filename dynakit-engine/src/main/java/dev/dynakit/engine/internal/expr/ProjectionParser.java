package dev.dynakit.engine.internal.expr;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** The projection grammar: {@code path (, path)*}, no two paths overlapping or conflicting. */
final class ProjectionParser extends ExpressionParser {
  ProjectionParser(String text, ExpressionContext ctx) {
    super(text, ctx, "ProjectionExpression", Set.of());
  }

  List<DocPath> parse() {
    List<DocPath> paths = new ArrayList<>();
    List<DocPath> checked = new ArrayList<>();
    while (true) {
      DocPath path = parsePath();
      paths.add(path);
      checkPaths(checked, path);
      if (!at(Token.Kind.COMMA)) {
        break;
      }
      next();
    }
    if (!at(Token.Kind.EOF)) {
      throw syntaxError();
    }
    issues.throwFirst(
        parameter,
        Issues.Kind.PATH_DEPTH,
        Issues.Kind.RESERVED,
        Issues.Kind.NAME,
        Issues.Kind.OVERLAP,
        Issues.Kind.CONFLICT);
    return paths;
  }
}
