package dev.dynakit.core;

/**
 * A resume token or paging cursor that cannot be used: malformed, altered, made with another key,
 * or made for another operation, table or set of parameters. The message says which. Start the
 * operation (or the listing) again without a token.
 */
public final class InvalidTokenException extends DynakitException {
  private static final long serialVersionUID = 1L;

  public InvalidTokenException(String message) {
    super(message);
  }
}
