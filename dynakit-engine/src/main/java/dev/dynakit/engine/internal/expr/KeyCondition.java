package dev.dynakit.engine.internal.expr;

import dev.dynakit.engine.internal.value.AttrValue;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * One condition of a key condition: a top-level key attribute, an operator, and its values (two for
 * {@link KeyOperator#BETWEEN}, one otherwise).
 */
public record KeyCondition(String attributeName, KeyOperator operator, List<AttrValue> values) {

  public KeyCondition {
    values = List.copyOf(values);
    int expected = operator == KeyOperator.BETWEEN ? 2 : 1;
    if (values.size() != expected) {
      throw new IllegalArgumentException(operator + " takes " + expected + " value(s)");
    }
  }

  /** The (first) value: the equality value, the bound, the prefix or BETWEEN's lower bound. */
  public AttrValue value() {
    return values.get(0);
  }

  /** Whether a key value satisfies the condition; a missing value never does. */
  public boolean test(@Nullable AttrValue keyValue) {
    if (operator == KeyOperator.EQ) {
      return Comparisons.equal(keyValue, value());
    }
    if (operator == KeyOperator.BEGINS_WITH) {
      return Comparisons.beginsWith(keyValue, value());
    }
    Integer order = Comparisons.order(keyValue, value());
    if (order == null) {
      return false;
    }
    switch (operator) {
      case LT:
        return order < 0;
      case LE:
        return order <= 0;
      case GT:
        return order > 0;
      case GE:
        return order >= 0;
      default:
        Integer upper = Comparisons.order(keyValue, values.get(1));
        return order >= 0 && upper != null && upper <= 0;
    }
  }
}
