package dev.dynakit.engine.internal.http;

/**
 * What the HTTP layer asks of the engine above it: one call in DynamoDB's JSON protocol, answered
 * with a status and a body. The engine's facade provides it, so that this layer depends on no
 * package above it.
 */
@FunctionalInterface
public interface WireCall {
  /**
   * Runs one call.
   *
   * @param target the {@code X-Amz-Target} header ({@code DynamoDB_20120810.GetItem}), or ""
   * @param body the request body, JSON
   */
  Answer call(String target, byte[] body);

  /** The answer to a call: the HTTP status and the JSON body. */
  record Answer(int status, byte[] body) {}
}
