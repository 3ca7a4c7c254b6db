package dev.dynakit.core.schema;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.BiConsumer;
import org.jspecify.annotations.Nullable;

/**
 * Reads the {@code when} of a sparse index from a declaration file into a {@link SparseCondition}.
 * Every problem is reported with its path ({@code indices.queue.sparse.when.and[1].in}) and the
 * field it concerns, and reading goes on so that all problems are listed together.
 */
final class SparseConditionReader {
  private static final Set<String> OPERATORS = Set.of("eq", "in", "exists", "not", "and", "or");
  private static final Set<String> FIELD_OPERATORS = Set.of("eq", "in", "exists");

  private final BiConsumer<String, String> problems;

  SparseConditionReader(BiConsumer<String, String> problems) {
    this.problems = problems;
  }

  /** The condition, or null when it has problems (they have been reported). */
  @Nullable SparseCondition read(@Nullable Object value, String at) {
    if (!(value instanceof Map)) {
      problems.accept(
          at,
          "must be an object such as {\"field\": \"status\", \"eq\": \"open\"};"
              + " the operators are "
              + new TreeSet<>(OPERATORS));
      return null;
    }
    @SuppressWarnings("unchecked")
    Map<String, Object> shape = (Map<String, Object>) value;
    List<String> ops = new ArrayList<>();
    for (String key : shape.keySet()) {
      if (OPERATORS.contains(key)) {
        ops.add(key);
      } else if (!"field".equals(key)) {
        problems.accept(
            at + "." + key,
            "unknown key; a condition has one operator of "
                + new TreeSet<>(OPERATORS)
                + " and, for eq, in and exists, a field");
        return null;
      }
    }
    if (ops.size() != 1) {
      problems.accept(
          at, "needs exactly one operator of " + new TreeSet<>(OPERATORS) + ", found " + ops);
      return null;
    }
    String op = ops.get(0);
    Object field = shape.get("field");
    if (FIELD_OPERATORS.contains(op)) {
      if (!(field instanceof String) || ((String) field).isEmpty()) {
        problems.accept(at + ".field", "'" + op + "' needs the name of a field (a string)");
        return null;
      }
      return fieldTest(op, (String) field, shape.get(op), at + "." + op);
    }
    if (field != null) {
      problems.accept(
          at + ".field", "'" + op + "' combines conditions; name fields inside its conditions");
      return null;
    }
    return combination(op, shape.get(op), at + "." + op);
  }

  private @Nullable SparseCondition fieldTest(
      String op, String field, @Nullable Object operand, String at) {
    switch (op) {
      case "eq":
        if (!isScalar(operand)) {
          problems.accept(
              at,
              "'eq' on field '"
                  + field
                  + "' needs a string, a number or a boolean (use exists for presence)");
          return null;
        }
        return SparseCondition.eq(field, operand);
      case "in":
        if (!(operand instanceof List) || ((List<?>) operand).isEmpty()) {
          problems.accept(at, "'in' on field '" + field + "' needs a non-empty list of values");
          return null;
        }
        for (Object element : (List<?>) operand) {
          if (!isScalar(element)) {
            problems.accept(
                at,
                "'in' on field '"
                    + field
                    + "' takes strings, numbers and booleans, not "
                    + element);
            return null;
          }
        }
        return SparseCondition.in(field, (List<?>) operand);
      default:
        if (!(operand instanceof Boolean)) {
          problems.accept(at, "'exists' on field '" + field + "' must be true or false");
          return null;
        }
        SparseCondition exists = SparseCondition.exists(field);
        return (Boolean) operand ? exists : SparseCondition.not(exists);
    }
  }

  private @Nullable SparseCondition combination(String op, @Nullable Object operand, String at) {
    if ("not".equals(op)) {
      SparseCondition inner = read(operand, at);
      return inner == null ? null : SparseCondition.not(inner);
    }
    if (!(operand instanceof List) || ((List<?>) operand).isEmpty()) {
      problems.accept(at, "'" + op + "' needs a non-empty list of conditions");
      return null;
    }
    List<?> operands = (List<?>) operand;
    List<SparseCondition> conditions = new ArrayList<>();
    boolean complete = true;
    for (int i = 0; i < operands.size(); i++) {
      SparseCondition condition = read(operands.get(i), at + "[" + i + "]");
      complete &= condition != null;
      if (condition != null) {
        conditions.add(condition);
      }
    }
    if (!complete) {
      return null;
    }
    SparseCondition[] array = conditions.toArray(new SparseCondition[0]);
    return "and".equals(op) ? SparseCondition.and(array) : SparseCondition.or(array);
  }

  private static boolean isScalar(@Nullable Object value) {
    if (value instanceof Double || value instanceof Float) {
      return Double.isFinite(((Number) value).doubleValue());
    }
    return value instanceof String || value instanceof Boolean || value instanceof Number;
  }
}
