package dev.dynakit.core.expr;

import dev.dynakit.core.InvalidExpressionException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * A condition, as used by {@code ConditionExpression} and {@code FilterExpression}: comparisons,
 * {@code BETWEEN}, {@code IN}, {@code attribute_exists}, {@code attribute_not_exists}, {@code
 * attribute_type}, {@code begins_with}, {@code contains}, {@code size}, and {@code AND}, {@code
 * OR}, {@code NOT}. Build with the static factories; render against the request's {@link
 * Placeholders}.
 *
 * <p>Paths in the factories are dotted text ({@code address.city}, {@code tags.0}); for attribute
 * names that contain a dot, construct the records with {@link FieldPath#of(String)}.
 *
 * <pre>{@code
 * Cond c = Cond.and(Cond.eq("status", "open"), Cond.or(Cond.lt("price", 10), Cond.notExists("price")));
 * Expression e = c.render(placeholders);
 * }</pre>
 */
public sealed interface Cond
    permits Cond.Compare,
        Cond.Between,
        Cond.In,
        Cond.Exists,
        Cond.NotExists,
        Cond.TypeIs,
        Cond.BeginsWith,
        Cond.Contains,
        Cond.And,
        Cond.Or,
        Cond.Not {

  /** DynamoDB's limit on the operands of {@code IN}. */
  int MAX_IN_OPERANDS = 100;

  /** The attribute-type codes {@code attribute_type} accepts. */
  Set<String> TYPE_CODES = Set.of("S", "SS", "N", "NS", "B", "BS", "BOOL", "NULL", "L", "M");

  /** {@code left op right}. */
  record Compare(Operand left, CompareOp op, Operand right) implements Cond {
    public Compare {
      Objects.requireNonNull(left, "left");
      Objects.requireNonNull(op, "op");
      Objects.requireNonNull(right, "right");
    }
  }

  /** {@code subject BETWEEN low AND high}. */
  record Between(Operand subject, Operand low, Operand high) implements Cond {
    public Between {
      Objects.requireNonNull(subject, "subject");
      Objects.requireNonNull(low, "low");
      Objects.requireNonNull(high, "high");
    }
  }

  /** {@code subject IN (candidates…)}, one to a hundred candidates. */
  record In(Operand subject, List<Operand> candidates) implements Cond {
    public In {
      Objects.requireNonNull(subject, "subject");
      candidates = List.copyOf(candidates);
      if (candidates.isEmpty() || candidates.size() > MAX_IN_OPERANDS) {
        throw new InvalidExpressionException("IN takes 1 to 100 values, got " + candidates.size());
      }
    }
  }

  /** {@code attribute_exists(path)}. */
  record Exists(FieldPath path) implements Cond {
    public Exists {
      Objects.requireNonNull(path, "path");
    }
  }

  /** {@code attribute_not_exists(path)}. */
  record NotExists(FieldPath path) implements Cond {
    public NotExists {
      Objects.requireNonNull(path, "path");
    }
  }

  /** {@code attribute_type(path, type)} with a type code such as {@code S} or {@code NULL}. */
  record TypeIs(FieldPath path, String type) implements Cond {
    public TypeIs {
      Objects.requireNonNull(path, "path");
      if (!TYPE_CODES.contains(type)) {
        throw new InvalidExpressionException(
            "attribute_type takes one of " + TYPE_CODES + ", got '" + type + "'");
      }
    }
  }

  /** {@code begins_with(path, prefix)}. */
  record BeginsWith(FieldPath path, Operand prefix) implements Cond {
    public BeginsWith {
      Objects.requireNonNull(path, "path");
      Objects.requireNonNull(prefix, "prefix");
    }
  }

  /** {@code contains(path, operand)}: a substring, or an element of a set or list. */
  record Contains(FieldPath path, Operand operand) implements Cond {
    public Contains {
      Objects.requireNonNull(path, "path");
      Objects.requireNonNull(operand, "operand");
    }
  }

  /** All parts hold. */
  record And(List<Cond> parts) implements Cond {
    public And {
      parts = List.copyOf(parts);
      if (parts.isEmpty()) {
        throw new InvalidExpressionException("AND needs at least one condition");
      }
    }
  }

  /** At least one part holds. */
  record Or(List<Cond> parts) implements Cond {
    public Or {
      parts = List.copyOf(parts);
      if (parts.isEmpty()) {
        throw new InvalidExpressionException("OR needs at least one condition");
      }
    }
  }

  /** The part does not hold. */
  record Not(Cond part) implements Cond {
    public Not {
      Objects.requireNonNull(part, "part");
    }
  }

  /** Renders this condition against the request's placeholders. */
  default Expression render(Placeholders placeholders) {
    ExpressionWriter writer = new ExpressionWriter(placeholders);
    CondRenderer.render(this, writer);
    return writer.done();
  }

  /** Renders this condition with a fresh context (for a request that carries nothing else). */
  default Expression render() {
    return render(Placeholders.create());
  }

  static Cond compare(Operand left, CompareOp op, Operand right) {
    return new Compare(left, op, right);
  }

  static Cond eq(String path, @Nullable Object value) {
    return pathVsValue(path, CompareOp.EQ, value);
  }

  static Cond ne(String path, @Nullable Object value) {
    return pathVsValue(path, CompareOp.NE, value);
  }

  static Cond lt(String path, Object value) {
    return pathVsValue(path, CompareOp.LT, value);
  }

  static Cond le(String path, Object value) {
    return pathVsValue(path, CompareOp.LE, value);
  }

  static Cond gt(String path, Object value) {
    return pathVsValue(path, CompareOp.GT, value);
  }

  static Cond ge(String path, Object value) {
    return pathVsValue(path, CompareOp.GE, value);
  }

  static Cond between(String path, Object low, Object high) {
    return new Between(Operand.path(path), Operand.value(low), Operand.value(high));
  }

  static Cond in(String path, Collection<?> values) {
    List<Operand> candidates = new ArrayList<>(values.size());
    for (Object value : values) {
      candidates.add(Operand.value(value));
    }
    return new In(Operand.path(path), candidates);
  }

  static Cond in(String path, Object... values) {
    return in(path, List.of(values));
  }

  static Cond exists(String path) {
    return new Exists(FieldPath.parse(path));
  }

  static Cond notExists(String path) {
    return new NotExists(FieldPath.parse(path));
  }

  static Cond hasType(String path, String typeCode) {
    return new TypeIs(FieldPath.parse(path), typeCode);
  }

  static Cond beginsWith(String path, String prefix) {
    return new BeginsWith(FieldPath.parse(path), Operand.value(prefix));
  }

  static Cond contains(String path, Object operand) {
    return new Contains(FieldPath.parse(path), Operand.value(operand));
  }

  /** {@code size(path) op value}. */
  static Cond size(String path, CompareOp op, Object value) {
    return new Compare(Operand.size(path), op, Operand.value(value));
  }

  static Cond and(Cond... parts) {
    return and(List.of(parts));
  }

  /** One part stays itself; nested ANDs are flattened. */
  static Cond and(List<Cond> parts) {
    List<Cond> flat = new ArrayList<>();
    for (Cond part : parts) {
      if (part instanceof And) {
        flat.addAll(((And) part).parts());
      } else {
        flat.add(part);
      }
    }
    return flat.size() == 1 ? flat.get(0) : new And(flat);
  }

  static Cond or(Cond... parts) {
    return or(List.of(parts));
  }

  /** One part stays itself; nested ORs are flattened. */
  static Cond or(List<Cond> parts) {
    List<Cond> flat = new ArrayList<>();
    for (Cond part : parts) {
      if (part instanceof Or) {
        flat.addAll(((Or) part).parts());
      } else {
        flat.add(part);
      }
    }
    return flat.size() == 1 ? flat.get(0) : new Or(flat);
  }

  static Cond not(Cond part) {
    return new Not(part);
  }

  /**
   * Filter by example: every entry is an equality on the top-level attribute of that name, all
   * ANDed. The keys are attribute names, not paths.
   *
   * @throws InvalidExpressionException for an empty example
   */
  static Cond byExample(Map<String, ?> example) {
    if (example.isEmpty()) {
      throw new InvalidExpressionException("an example needs at least one field");
    }
    List<Cond> parts = new ArrayList<>();
    example.forEach(
        (name, value) ->
            parts.add(
                new Compare(Operand.path(FieldPath.of(name)), CompareOp.EQ, Operand.value(value))));
    return and(parts);
  }

  private static Cond pathVsValue(String path, CompareOp op, @Nullable Object value) {
    return new Compare(Operand.path(path), op, Operand.value(value));
  }
}
