package dev.dynakit.engine.internal.expr;

import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.error.ErrorType;
import dev.dynakit.engine.internal.protocol.Request;
import dev.dynakit.engine.internal.protocol.WireValues;
import dev.dynakit.engine.internal.value.AttrValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The legacy Condition structure ({@code ComparisonOperator} + {@code AttributeValueList}) of
 * Expected, QueryFilter, ScanFilter and KeyConditions: its validation and its meaning as a
 * condition on one top-level attribute.
 */
final class LegacyConditions {
  static final String INVALID = "One or more parameter values were invalid: ";

  private static final List<String> OPERATORS =
      List.of(
          "IN",
          "NULL",
          "BETWEEN",
          "LT",
          "NOT_CONTAINS",
          "EQ",
          "GT",
          "NOT_NULL",
          "NE",
          "LE",
          "BEGINS_WITH",
          "GE",
          "CONTAINS");

  private static final Set<String> SCALARS = Set.of("S", "N", "B");

  private LegacyConditions() {}

  /** One parsed condition: the operator and its values. */
  record Parsed(String operator, List<AttrValue> values) {}

  /**
   * Reads and checks {@code ComparisonOperator} and {@code AttributeValueList}.
   *
   * @param member the wire path of the condition in constraint messages, such as {@code
   *     scanFilter.a.member}
   * @param checkTypes whether to refuse value types the operator does not take
   */
  static Parsed parse(Request condition, String member, boolean checkTypes) {
    String operator = operator(condition, member);
    List<AttrValue> values = values(condition.list("AttributeValueList"));
    checkCount(operator, values.size());
    checkSameType(values);
    if (checkTypes) {
      checkTypes(operator, values);
    }
    checkBetween(operator, values);
    return new Parsed(operator, values);
  }

  /**
   * Refuses values whose type the operator does not take: any type for EQ and NE; S or B for
   * BEGINS_WITH; S, N or B for every other operator (never a set, list, map, boolean or null).
   */
  static void checkTypes(String operator, List<AttrValue> values) {
    for (AttrValue v : values) {
      if (!accepts(operator, v.typeName())) {
        throw EngineException.validation(
            INVALID
                + "ComparisonOperator "
                + operator
                + " is not valid for "
                + v.typeName()
                + " AttributeValue type");
      }
    }
  }

  static String operator(Request condition, String member) {
    String operator = condition.string("ComparisonOperator");
    if (operator == null) {
      throw EngineException.validation(
          "1 validation error detected: Value null at '"
              + member
              + ".comparisonOperator' failed to satisfy constraint: Member must not be null");
    }
    if (!OPERATORS.contains(operator)) {
      throw EngineException.validation(
          "1 validation error detected: Value '"
              + operator
              + "' at '"
              + member
              + ".comparisonOperator' failed to satisfy constraint: Member must satisfy enum value"
              + " set: ["
              + String.join(", ", OPERATORS)
              + "]");
    }
    return operator;
  }

  static List<AttrValue> values(List<Object> raw) {
    List<AttrValue> values = new ArrayList<>(raw.size());
    for (Object o : raw) {
      values.add(WireValues.value(o));
    }
    return values;
  }

  static void checkCount(String operator, int count) {
    boolean ok;
    switch (operator) {
      case "NULL":
      case "NOT_NULL":
        ok = count == 0;
        break;
      case "IN":
        ok = count > 0;
        break;
      case "BETWEEN":
        ok = count == 2;
        break;
      default:
        ok = count == 1;
        break;
    }
    if (!ok) {
      throw EngineException.validation(
          INVALID + "Invalid number of argument(s) for the " + operator + " ComparisonOperator");
    }
  }

  static void checkSameType(List<AttrValue> values) {
    for (AttrValue v : values) {
      if (!v.typeName().equals(values.get(0).typeName())) {
        throw EngineException.validation(
            INVALID + "AttributeValues inside AttributeValueList must be of same type");
      }
    }
  }

  static void checkBetween(String operator, List<AttrValue> values) {
    if (operator.equals("BETWEEN")) {
      Integer order = Comparisons.order(values.get(0), values.get(1));
      if (order != null && order > 0) {
        throw EngineException.validation(
            "The BETWEEN condition was provided a range where the lower bound is greater than the"
                + " upper bound");
      }
    }
  }

  private static boolean accepts(String operator, String type) {
    switch (operator) {
      case "EQ":
      case "NE":
        return true;
      case "BEGINS_WITH":
        return type.equals("S") || type.equals("B");
      default:
        return SCALARS.contains(type);
    }
  }

  /** The condition the operator states about the top-level attribute {@code name}. */
  static Cond toCond(String name, String operator, List<AttrValue> values) {
    Operand path = new Operand.Path(DocPath.attribute(name));
    List<Operand> operands = new ArrayList<>();
    for (int i = 0; i < values.size(); i++) {
      operands.add(new Operand.Value(":v" + i, values.get(i)));
    }
    switch (operator) {
      case "NULL":
        return new Cond.Fn("attribute_not_exists", List.of(path));
      case "NOT_NULL":
        return new Cond.Fn("attribute_exists", List.of(path));
      case "CONTAINS":
        return new Cond.Fn("contains", List.of(path, operands.get(0)));
      case "NOT_CONTAINS":
        return new Cond.Not(new Cond.Fn("contains", List.of(path, operands.get(0))));
      case "BEGINS_WITH":
        return new Cond.Fn("begins_with", List.of(path, operands.get(0)));
      case "IN":
        return new Cond.In(path, operands);
      case "BETWEEN":
        return new Cond.Between(path, operands.get(0), operands.get(1));
      default:
        return new Cond.Compare(Cond.Op.valueOf(operator), path, operands.get(0));
    }
  }

  /** AND (or, with {@code OR}, OR) of the conditions; no condition always holds. */
  static ConditionExpr combine(List<Cond> conditions, @Nullable String conditionalOperator) {
    boolean or = conditionalOperator(conditionalOperator);
    if (conditions.isEmpty()) {
      return item -> true;
    }
    Cond result = conditions.get(0);
    for (int i = 1; i < conditions.size(); i++) {
      result =
          or ? new Cond.Or(result, conditions.get(i)) : new Cond.And(result, conditions.get(i));
    }
    return result;
  }

  /** Whether the ConditionalOperator is OR (AND when absent). */
  static boolean conditionalOperator(@Nullable String value) {
    if (value == null || value.equals("AND")) {
      return false;
    }
    if (value.equals("OR")) {
      return true;
    }
    throw EngineException.validation(
        "1 validation error detected: Value '"
            + value
            + "' at 'conditionalOperator' failed to satisfy constraint: Member must satisfy enum"
            + " value set: [OR, AND]");
  }

  /** A member of a parameter map as a structure. */
  @SuppressWarnings("unchecked")
  static Request structure(@Nullable Object node) {
    if (node instanceof Map<?, ?> m) {
      return new Request((Map<String, Object>) m);
    }
    throw new EngineException(
        ErrorType.SERIALIZATION, "Unexpected value type: expected a structure or map");
  }

  /** The lower-camel-case wire name of a parameter, as constraint messages print it. */
  static String member(String parameterName, String attribute) {
    return Character.toLowerCase(parameterName.charAt(0))
        + parameterName.substring(1)
        + "."
        + attribute
        + ".member";
  }
}
