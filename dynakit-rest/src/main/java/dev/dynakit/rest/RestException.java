package dev.dynakit.rest;

import java.util.Objects;

/**
 * A request the REST layer refuses, with the HTTP status and a stable error code for the response
 * body ({@code {"code": …, "message": …}}). The message names the problem and what to change; it
 * never contains a stack trace or server internals.
 */
public final class RestException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** The HTTP status to answer. */
  private final int status;

  /** The stable, machine-readable code. */
  private final String code;

  /** A refusal with its HTTP status, its stable code and a message for people. */
  public RestException(int status, String code, String message) {
    super(Objects.requireNonNull(message, "message"));
    if (status < 400 || status > 599) {
      throw new IllegalArgumentException("an error status is 400..599, got " + status);
    }
    this.status = status;
    this.code = Objects.requireNonNull(code, "code");
  }

  /** A 400 Bad Request. */
  public static RestException badRequest(String code, String message) {
    return new RestException(400, code, message);
  }

  /** The HTTP status. */
  public int status() {
    return status;
  }

  /** The error code, such as {@code BadFilterField} or {@code PayloadTooLarge}. */
  public String code() {
    return code;
  }

  /** The error as the record an error-body builder receives. */
  public RestError toError() {
    return new RestError(status, code, getMessage());
  }
}
