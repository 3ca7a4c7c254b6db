package dev.dynakit.engine.error;

/**
 * The one exception of the engine: a refusal or failure that maps to a DynamoDB error on the wire.
 *
 * <p>The {@link #type()} decides the wire {@code __type}, the HTTP status and whether a client may
 * retry; the message is what DynamoDB would put in the error body.
 */
public final class EngineException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final ErrorType type;
  private final transient Object extra;

  public EngineException(ErrorType type, String message) {
    this(type, message, null);
  }

  /**
   * @param extra additional wire fields for errors that carry them (for example the item of a
   *     failed condition check, or a transaction's cancellation reasons), written by the protocol
   *     layer; {@code null} when there are none
   */
  public EngineException(ErrorType type, String message, Object extra) {
    super(message, null, false, false);
    this.type = type;
    this.extra = extra;
  }

  public ErrorType type() {
    return type;
  }

  /** Extra wire fields (a {@code Map<String, Object>} of response-tree values), or null. */
  public Object extra() {
    return extra;
  }

  /** Shorthand for the most common refusal, a {@link ErrorType#VALIDATION}. */
  public static EngineException validation(String message) {
    return new EngineException(ErrorType.VALIDATION, message);
  }

  /** Shorthand for a missing table or index. */
  public static EngineException notFound(String message) {
    return new EngineException(ErrorType.RESOURCE_NOT_FOUND, message);
  }
}
