package dev.dynakit.core.schema;

import java.util.List;
import java.util.Objects;

/**
 * The sort-key condition of an access pattern: an operator and its templates, filled from the
 * pattern's parameters when it runs ({@code beginsWith: "ORDER#"}, {@code between: ["{from}",
 * "{to}"]}).
 *
 * @param attribute the sort-key attribute (the table's or the index's)
 * @param op the operator
 * @param operands one template, or two for {@link SortOp#BETWEEN}
 */
public record SortCondition(String attribute, SortOp op, List<KeyTemplate> operands) {
  public SortCondition {
    Objects.requireNonNull(attribute, "attribute");
    Objects.requireNonNull(op, "op");
    operands = List.copyOf(operands);
  }

  /** A condition with one operand. */
  public static SortCondition of(String attribute, SortOp op, String template) {
    return new SortCondition(attribute, op, List.of(KeyTemplate.of(template)));
  }

  /** A {@code between} condition, both ends included. */
  public static SortCondition between(String attribute, String from, String to) {
    return new SortCondition(
        attribute, SortOp.BETWEEN, List.of(KeyTemplate.of(from), KeyTemplate.of(to)));
  }
}
