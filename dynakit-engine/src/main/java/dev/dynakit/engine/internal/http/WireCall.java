package dev.dynakit.engine.internal.http;

import java.util.function.Consumer;

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

  /**
   * Runs one call and hands its answer to {@code then}, on this thread or, when the answer must
   * wait (for the disk to make its writes durable), later on another: {@code then} must be short.
   * By default at once, with {@link #call(String, byte[])}'s answer.
   */
  default void call(String target, byte[] body, Consumer<Answer> then) {
    then.accept(call(target, body));
  }

  /** The answer to a call: the HTTP status and the JSON body. */
  record Answer(int status, byte[] body) {}
}
