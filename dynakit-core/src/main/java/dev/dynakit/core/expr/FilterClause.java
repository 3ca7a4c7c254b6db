package dev.dynakit.core.expr;

import dev.dynakit.core.schema.FilterOp;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * One structured filter clause, as a REST query string or a caller states it: a field, an operator,
 * and its values (none for {@code ex}/{@code nx}, two for {@code btw}, one or more for {@code in},
 * one otherwise). Values may be text to be read as the field's declared type.
 *
 * @param field a top-level attribute name
 */
public record FilterClause(String field, FilterOp op, List<Object> values) {
  public FilterClause {
    Objects.requireNonNull(field, "field");
    Objects.requireNonNull(op, "op");
    values = List.copyOf(values);
  }

  public static FilterClause of(String field, FilterOp op, Object... values) {
    return new FilterClause(field, op, Arrays.asList(values));
  }
}
