package dev.dynakit.core;

import org.jspecify.annotations.Nullable;

/**
 * A value that cannot become a DynamoDB attribute value, or an attribute value that cannot become
 * the requested Java value: an unsupported Java type, a number DynamoDB cannot hold exactly, an
 * empty set, a codec that refuses its input, a record that cannot be rebuilt.
 */
public final class MarshallingException extends DynakitException {
  private static final long serialVersionUID = 1L;

  private final @Nullable String field;

  public MarshallingException(@Nullable String field, String message) {
    this(field, message, null);
  }

  public MarshallingException(@Nullable String field, String message, @Nullable Throwable cause) {
    super(field == null ? message : field + ": " + message, cause);
    this.field = field;
  }

  /** The attribute or record component concerned, or {@code null} for a bare value. */
  public @Nullable String field() {
    return field;
  }
}
