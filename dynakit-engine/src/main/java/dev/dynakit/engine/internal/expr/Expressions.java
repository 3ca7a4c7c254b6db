package dev.dynakit.engine.internal.expr;

import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.internal.value.Utf8;
import java.util.List;

/**
 * Parses and validates DynamoDB expressions. Every refusal is a ValidationException with DynamoDB's
 * message, such as {@code Invalid ConditionExpression: Syntax error; token: "=", near: "a = = b"}.
 */
public final class Expressions {
  /** DynamoDB's limit on the size of one expression, in UTF-8 bytes. */
  public static final int MAX_EXPRESSION_BYTES = 4096;

  private Expressions() {}

  /**
   * A condition expression.
   *
   * @param parameterName the request parameter, used in messages: "ConditionExpression" or
   *     "FilterExpression"
   */
  public static ConditionExpr condition(String text, ExpressionContext ctx, String parameterName) {
    return parseCondition(text, ctx, parameterName);
  }

  /** A ProjectionExpression. */
  public static ProjectionExpr projection(String text, ExpressionContext ctx) {
    check(text, ctx, "ProjectionExpression", false);
    return new PathProjection(new ProjectionParser(text, ctx).parse());
  }

  /** An UpdateExpression. */
  public static UpdateExpr update(String text, ExpressionContext ctx) {
    check(text, ctx, "UpdateExpression", true);
    return new ParsedUpdate(new UpdateParser(text, ctx).parse());
  }

  /** A KeyConditionExpression. */
  public static KeyConditionExpr keyCondition(String text, ExpressionContext ctx) {
    return KeyConditions.fromExpression(parseCondition(text, ctx, "KeyConditionExpression"));
  }

  /** The projection of given paths (for example an update's paths, for UPDATED_NEW). */
  public static ProjectionExpr projectionOf(List<DocPath> paths) {
    return new PathProjection(paths);
  }

  /**
   * The document paths a condition reads (a FilterExpression's or a legacy filter's attributes), in
   * the order written; empty for a condition that always holds.
   */
  public static List<DocPath> paths(ConditionExpr condition) {
    return ConditionPaths.of(condition);
  }

  static Cond parseCondition(String text, ExpressionContext ctx, String parameterName) {
    check(text, ctx, parameterName, true);
    return new ConditionParser(text, ctx, parameterName).parse();
  }

  private static void check(
      String text, ExpressionContext ctx, String parameterName, boolean takesValues) {
    ctx.begin(takesValues);
    if (Lexer.isBlank(text)) {
      throw EngineException.validation(
          "Invalid " + parameterName + ": The expression can not be empty;");
    }
    int size = Utf8.length(text);
    if (size > MAX_EXPRESSION_BYTES) {
      // DynamoDB gives the size of a condition or a filter only
      boolean sized =
          parameterName.equals("ConditionExpression") || parameterName.equals("FilterExpression");
      throw EngineException.validation(
          "Invalid "
              + parameterName
              + ": Expression size has exceeded the maximum allowed size;"
              + (sized ? " expression size: " + size : ""));
    }
  }
}
