package dev.dynakit.core.expr;

import dev.dynakit.core.InvalidExpressionException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * A {@code KeyConditionExpression}: equality on every partition-key attribute, then optionally
 * equality on leading sort-key attributes and one range condition on the next. A table or a
 * single-attribute index has one attribute on each side; a multi-attribute GSI key has up to four
 * each, queried left to right.
 *
 * @param partition the partition-key equalities (1 to 4)
 * @param sortEquals equalities on leading sort-key attributes
 * @param range the condition on the next sort-key attribute, or null
 */
public record KeyCondition(List<Part> partition, List<Part> sortEquals, @Nullable Range range) {
  /** DynamoDB's limit on attributes per side of a multi-attribute key. */
  public static final int MAX_ATTRIBUTES = 4;

  /** {@code attribute = value}. */
  public record Part(String attribute, Object value) {
    public Part {
      Objects.requireNonNull(attribute, "attribute");
      Objects.requireNonNull(value, "value");
    }
  }

  /** The kinds of sort-key condition DynamoDB allows. */
  public enum RangeOp {
    EQ,
    LT,
    LE,
    GT,
    GE,
    BETWEEN,
    BEGINS_WITH
  }

  /**
   * A condition on one sort-key attribute.
   *
   * @param upper the upper bound of {@link RangeOp#BETWEEN}; null otherwise
   */
  public record Range(String attribute, RangeOp op, Object value, @Nullable Object upper) {
    public Range {
      Objects.requireNonNull(attribute, "attribute");
      Objects.requireNonNull(op, "op");
      Objects.requireNonNull(value, "value");
      if ((op == RangeOp.BETWEEN) != (upper != null)) {
        throw new InvalidExpressionException("BETWEEN, and only BETWEEN, takes an upper bound");
      }
    }
  }

  public KeyCondition {
    partition = List.copyOf(partition);
    sortEquals = List.copyOf(sortEquals);
    if (partition.isEmpty() || partition.size() > MAX_ATTRIBUTES) {
      throw new InvalidExpressionException(
          "a key condition needs 1 to 4 partition-key equalities, got " + partition.size());
    }
    int sortAttributes = sortEquals.size() + (range == null ? 0 : 1);
    if (sortAttributes > MAX_ATTRIBUTES) {
      throw new InvalidExpressionException(
          "a key condition names at most 4 sort-key attributes, got " + sortAttributes);
    }
    Set<String> seen = new HashSet<>();
    List<String> all = new ArrayList<>();
    partition.forEach(part -> all.add(part.attribute()));
    sortEquals.forEach(part -> all.add(part.attribute()));
    if (range != null) {
      all.add(range.attribute());
    }
    for (String attribute : all) {
      if (!seen.add(attribute)) {
        throw new InvalidExpressionException(
            "a key condition names '"
                + attribute
                + "' twice; each key attribute takes one condition");
      }
    }
  }

  /** Starts a key condition. */
  public static Builder builder() {
    return new Builder();
  }

  /** Renders the key condition against the request's placeholders. */
  public Expression render(Placeholders placeholders) {
    ExpressionWriter out = new ExpressionWriter(placeholders);
    for (Part part : partition) {
      equality(out, part);
    }
    for (Part part : sortEquals) {
      equality(out, part);
    }
    if (range != null) {
      out.text(" AND ");
      String attribute = range.attribute();
      switch (range.op()) {
        case BEGINS_WITH:
          out.text("begins_with(").name(attribute).text(", ");
          out.value(attribute, range.value()).text(")");
          break;
        case BETWEEN:
          out.name(attribute).text(" BETWEEN ").value(attribute, range.value()).text(" AND ");
          out.value(attribute, range.upper());
          break;
        default:
          out.name(attribute).text(" " + symbol(range.op()) + " ").value(attribute, range.value());
          break;
      }
    }
    return out.done();
  }

  /** Renders the key condition with a fresh context. */
  public Expression render() {
    return render(Placeholders.create());
  }

  private static void equality(ExpressionWriter out, Part part) {
    if (out.length() > 0) {
      out.text(" AND ");
    }
    out.name(part.attribute()).text(" = ").value(part.attribute(), part.value());
  }

  private static String symbol(RangeOp op) {
    switch (op) {
      case EQ:
        return "=";
      case LT:
        return "<";
      case LE:
        return "<=";
      case GT:
        return ">";
      default:
        return ">=";
    }
  }

  /** Assembles a {@link KeyCondition}; attributes are added in key order. */
  public static final class Builder {
    private final List<Part> partition = new ArrayList<>();
    private final List<Part> sortEquals = new ArrayList<>();
    private @Nullable Range range;

    private Builder() {}

    /** Equality on the next partition-key attribute. */
    public Builder partition(String attribute, Object value) {
      partition.add(new Part(attribute, value));
      return this;
    }

    /** Equality on the next sort-key attribute. */
    public Builder sortEquals(String attribute, Object value) {
      requireNoRange();
      sortEquals.add(new Part(attribute, value));
      return this;
    }

    public Builder sortLessThan(String attribute, Object value) {
      return sort(new Range(attribute, RangeOp.LT, value, null));
    }

    public Builder sortAtMost(String attribute, Object value) {
      return sort(new Range(attribute, RangeOp.LE, value, null));
    }

    public Builder sortGreaterThan(String attribute, Object value) {
      return sort(new Range(attribute, RangeOp.GT, value, null));
    }

    public Builder sortAtLeast(String attribute, Object value) {
      return sort(new Range(attribute, RangeOp.GE, value, null));
    }

    public Builder sortBetween(String attribute, Object low, Object high) {
      return sort(new Range(attribute, RangeOp.BETWEEN, low, high));
    }

    public Builder sortBeginsWith(String attribute, String prefix) {
      return sort(new Range(attribute, RangeOp.BEGINS_WITH, prefix, null));
    }

    /** The range condition; it must be the last sort-key condition. */
    public Builder sort(Range condition) {
      requireNoRange();
      this.range = condition;
      return this;
    }

    private void requireNoRange() {
      if (range != null) {
        throw new InvalidExpressionException(
            "the range condition on '"
                + range.attribute()
                + "' must be the last sort-key condition");
      }
    }

    public KeyCondition build() {
      return new KeyCondition(partition, sortEquals, range);
    }
  }
}
