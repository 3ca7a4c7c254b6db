package dev.dynakit.core;

/**
 * Key values that do not fit the declared key: a missing partition key, a gap in the hierarchy (a
 * tier given after a missing one), a structural-key value that contains the separator, a numeric
 * tier that cannot be zero-padded without breaking the order.
 */
public final class MalformedKeyException extends DynakitException {
  private static final long serialVersionUID = 1L;

  private final String field;

  public MalformedKeyException(String field, String message) {
    super(field + ": " + message);
    this.field = field;
  }

  /** The key field concerned. */
  public String field() {
    return field;
  }
}
