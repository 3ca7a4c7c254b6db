package dev.dynakit.core;

/**
 * Input to an expression builder that would produce an expression DynamoDB refuses: an empty or
 * malformed document path, overlapping paths in one update, an empty update, an {@code IN} without
 * values, a search over fields that have no search mirror.
 */
public final class InvalidExpressionException extends DynakitException {
  private static final long serialVersionUID = 1L;

  public InvalidExpressionException(String message) {
    super(message);
  }
}
