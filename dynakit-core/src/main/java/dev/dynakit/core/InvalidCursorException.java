package dev.dynakit.core;

/**
 * A paging cursor that this Adapter cannot continue from: malformed, altered, made by another
 * Adapter key, or made for another table, operation or set of list parameters. Start again from the
 * first page. A cursor is a token of {@code dev.dynakit.core.token}; the cause, when there is one,
 * is the {@link InvalidTokenException} that refused it.
 */
public final class InvalidCursorException extends DynakitException {
  private static final long serialVersionUID = 1L;

  public InvalidCursorException(String message) {
    super(message);
  }

  public InvalidCursorException(String message, InvalidTokenException cause) {
    super(message, cause);
  }
}
