package dev.dynakit.core.schema;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;

/**
 * A sparse-index predicate that a JSON declaration can carry: tests on top-level fields (equals,
 * one of, exists) combined with not, and, or. It is a {@link Predicate}, so it goes wherever a Java
 * predicate goes ({@link IndexBuilder#sparseWhen}, {@link TableSpec.Builder#sparseWhen}); unlike a
 * lambda, it is written back by {@link TableSpec#toJson()} and read again.
 *
 * <p>In a declaration file: {@code "sparse": {"when": {"field": "status", "eq": "review"}}}, with
 * {@code {"field": F, "in": [..]}}, {@code {"field": F, "exists": true|false}}, {@code {"not":
 * {..}}}, {@code {"and": [..]}} and {@code {"or": [..]}}.
 *
 * <p>Values are strings, numbers or booleans. The item tested is the prepared item, before codecs
 * encode it: numbers compare by value whatever their Java type ({@code 5} equals {@code 5.0}), an
 * enum compares by its name, and any other non-collection value (a date, a UUID) by its text. A
 * field exists when it is present and not null; a missing field equals nothing.
 */
public sealed interface SparseCondition extends Predicate<Map<String, Object>> {

  /** The field equals the value. */
  static SparseCondition eq(String field, Object value) {
    return new Equals(field, value);
  }

  /** The field equals one of the values. */
  static SparseCondition in(String field, Object... values) {
    return new OneOf(field, List.of(values));
  }

  /** The field equals one of the values. */
  static SparseCondition in(String field, Collection<?> values) {
    return new OneOf(field, List.copyOf(values));
  }

  /** The field is present and not null. */
  static SparseCondition exists(String field) {
    return new Exists(field);
  }

  /** The condition does not hold. */
  static SparseCondition not(SparseCondition condition) {
    return new Not(condition);
  }

  /** Every condition holds. */
  static SparseCondition and(SparseCondition... conditions) {
    return new All(List.of(conditions));
  }

  /** At least one condition holds. */
  static SparseCondition or(SparseCondition... conditions) {
    return new Any(List.of(conditions));
  }

  /** The condition as the declaration file spells it (maps, lists and scalars). */
  Map<String, Object> toJson();

  /** {@code {"field": F, "eq": V}}. */
  record Equals(String field, Object value) implements SparseCondition {
    public Equals {
      requireField(field);
      value = scalar(value, field);
    }

    @Override
    public boolean test(Map<String, Object> item) {
      return same(item.get(field), value);
    }

    @Override
    public Map<String, Object> toJson() {
      return shape("field", field, "eq", value);
    }
  }

  /** {@code {"field": F, "in": [V, ...]}}. */
  record OneOf(String field, List<Object> values) implements SparseCondition {
    public OneOf {
      requireField(field);
      if (values.isEmpty()) {
        throw new IllegalArgumentException("'in' on field '" + field + "' needs at least a value");
      }
      List<Object> checked = new ArrayList<>(values.size());
      for (Object value : values) {
        checked.add(scalar(value, field));
      }
      values = List.copyOf(checked);
    }

    @Override
    public boolean test(Map<String, Object> item) {
      Object actual = item.get(field);
      for (Object value : values) {
        if (same(actual, value)) {
          return true;
        }
      }
      return false;
    }

    @Override
    public Map<String, Object> toJson() {
      return shape("field", field, "in", values);
    }
  }

  /** {@code {"field": F, "exists": true}}; {@code false} is read as {@code not(exists)}. */
  record Exists(String field) implements SparseCondition {
    public Exists {
      requireField(field);
    }

    @Override
    public boolean test(Map<String, Object> item) {
      return item.get(field) != null;
    }

    @Override
    public Map<String, Object> toJson() {
      return shape("field", field, "exists", true);
    }
  }

  /** {@code {"not": C}}. */
  record Not(SparseCondition condition) implements SparseCondition {
    public Not {
      Objects.requireNonNull(condition, "condition");
    }

    @Override
    public boolean test(Map<String, Object> item) {
      return !condition.test(item);
    }

    @Override
    public Map<String, Object> toJson() {
      return shape("not", condition.toJson());
    }
  }

  /** {@code {"and": [C, ...]}}. */
  record All(List<SparseCondition> conditions) implements SparseCondition {
    public All {
      conditions = operands(conditions, "and");
    }

    @Override
    public boolean test(Map<String, Object> item) {
      for (SparseCondition condition : conditions) {
        if (!condition.test(item)) {
          return false;
        }
      }
      return true;
    }

    @Override
    public Map<String, Object> toJson() {
      return shape("and", trees(conditions));
    }
  }

  /** {@code {"or": [C, ...]}}. */
  record Any(List<SparseCondition> conditions) implements SparseCondition {
    public Any {
      conditions = operands(conditions, "or");
    }

    @Override
    public boolean test(Map<String, Object> item) {
      for (SparseCondition condition : conditions) {
        if (condition.test(item)) {
          return true;
        }
      }
      return false;
    }

    @Override
    public Map<String, Object> toJson() {
      return shape("or", trees(conditions));
    }
  }

  private static void requireField(String field) {
    if (field == null || field.isEmpty()) {
      throw new IllegalArgumentException("a sparse condition needs a field name");
    }
  }

  /** Strings and booleans as given; numbers as exact decimals, so that 5 and 5.0 are one value. */
  private static Object scalar(@Nullable Object value, String field) {
    if (value instanceof String || value instanceof Boolean) {
      return value;
    }
    BigDecimal number = value instanceof Number ? decimal((Number) value) : null;
    if (number != null) {
      return number;
    }
    throw new IllegalArgumentException(
        "the value for field '"
            + field
            + "' must be a string, a finite number or a boolean, not "
            + (value == null ? "null" : value));
  }

  private static List<SparseCondition> operands(List<SparseCondition> conditions, String op) {
    if (conditions.isEmpty()) {
      throw new IllegalArgumentException("'" + op + "' needs at least one condition");
    }
    return List.copyOf(conditions);
  }

  private static boolean same(@Nullable Object actual, Object expected) {
    if (actual == null) {
      return false;
    }
    if (expected instanceof BigDecimal) {
      BigDecimal number = actual instanceof Number ? decimal((Number) actual) : null;
      return number != null && number.compareTo((BigDecimal) expected) == 0;
    }
    if (expected instanceof Boolean) {
      return expected.equals(actual);
    }
    if (actual instanceof Enum) {
      return ((Enum<?>) actual).name().equals(expected);
    }
    if (actual instanceof Number
        || actual instanceof Boolean
        || actual instanceof Collection
        || actual instanceof Map) {
      return false;
    }
    return expected.equals(actual.toString());
  }

  /** The exact value of a number; null for NaN and the infinities, which equal nothing. */
  private static @Nullable BigDecimal decimal(Number number) {
    if (number instanceof BigDecimal) {
      return (BigDecimal) number;
    }
    try {
      return new BigDecimal(number.toString());
    } catch (NumberFormatException e) {
      return null;
    }
  }

  private static List<Object> trees(List<SparseCondition> conditions) {
    List<Object> trees = new ArrayList<>();
    for (SparseCondition condition : conditions) {
      trees.add(condition.toJson());
    }
    return trees;
  }

  private static Map<String, Object> shape(Object... pairs) {
    Map<String, Object> shape = new LinkedHashMap<>();
    for (int i = 0; i < pairs.length; i += 2) {
      shape.put((String) pairs[i], pairs[i + 1]);
    }
    return shape;
  }
}
