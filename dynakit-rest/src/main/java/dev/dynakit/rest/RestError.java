package dev.dynakit.rest;

import java.util.Objects;

/**
 * An error response before it is rendered: the policy's {@link RestPolicy#errorBody()} turns it
 * into the JSON body.
 *
 * @param status the HTTP status
 * @param code a stable, machine-readable code ({@code BadFilterField}, {@code VersionConflict}, …)
 * @param message what went wrong and what to change, for people
 */
public record RestError(int status, String code, String message) {
  /** The code and the message are required. */
  public RestError {
    Objects.requireNonNull(code, "code");
    Objects.requireNonNull(message, "message");
  }
}
