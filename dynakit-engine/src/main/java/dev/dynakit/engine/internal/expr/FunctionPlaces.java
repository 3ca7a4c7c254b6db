package dev.dynakit.engine.internal.expr;

import java.util.Set;

/**
 * How DynamoDB refuses a function the expression does not take: a function of the other kind of
 * expression (an update function in a condition, a condition function in an update) is "not
 * allowed" there, any other name is an invalid function name. The wordings are those DynamoDB
 * answers, as quoted in public issue reports and in conformance suites measured against the
 * service.
 */
final class FunctionPlaces {
  /** The functions of update expressions (SET values). */
  private static final Set<String> UPDATE_FUNCTIONS = Set.of("if_not_exists", "list_append");

  /** The functions of condition, filter and key-condition expressions. */
  private static final Set<String> CONDITION_FUNCTIONS =
      Set.of(
          "attribute_exists",
          "attribute_not_exists",
          "attribute_type",
          "begins_with",
          "contains",
          "size");

  private FunctionPlaces() {}

  /** The problem with {@code name}, a function a condition does not know. */
  static String unknownInCondition(String name) {
    if (UPDATE_FUNCTIONS.contains(name)) {
      return "The function is not allowed in a condition expression; function: " + name;
    }
    return invalidName(name);
  }

  /** The problem with {@code name}, a function an update does not know. */
  static String unknownInUpdate(String name) {
    if (CONDITION_FUNCTIONS.contains(name)) {
      return "The function is not allowed in an update expression; function: " + name;
    }
    return invalidName(name);
  }

  private static String invalidName(String name) {
    return "Invalid function name; function: " + name;
  }
}
