package dev.dynakit.core;

import org.jspecify.annotations.Nullable;

/**
 * A filter clause the declaration does not allow: a field that is not filterable, an operator not
 * allowed for that field, or a value of the wrong shape or type.
 */
public final class InvalidFilterException extends DynakitException {
  private static final long serialVersionUID = 1L;

  private final String field;
  private final @Nullable String operator;

  public InvalidFilterException(String field, @Nullable String operator, String message) {
    super(operator == null ? field + ": " + message : field + " " + operator + ": " + message);
    this.field = field;
    this.operator = operator;
  }

  /** The field the clause names. */
  public String field() {
    return field;
  }

  /** The clause's operator code ({@code eq}, {@code btw}, …), or null when the field is refused. */
  public @Nullable String operator() {
    return operator;
  }
}
