package dev.dynakit.engine;

import dev.dynakit.engine.internal.protocol.Json;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * What the engine answers to one request: an HTTP status and a JSON body in DynamoDB's shape
 * ({@code application/x-amz-json-1.0}).
 *
 * <p>A successful answer keeps the response object it was written from, and writes the JSON only
 * when {@link #body()} is first asked for; a caller in the same JVM can take the answer as a plain
 * tree instead ({@link #result()}), without JSON text.
 */
public final class EngineResponse {
  private final int status;
  // the operation's response object; may hold the engine's own values, never handed out as is
  private final @Nullable Map<String, Object> response;
  private volatile @Nullable Map<String, Object> plain;
  private byte @Nullable [] body;

  /** An answer whose body is already written. */
  public EngineResponse(int status, byte[] body) {
    this.status = status;
    this.body = Objects.requireNonNull(body, "body");
    this.response = null;
  }

  private EngineResponse(Map<String, Object> response) {
    this.status = 200;
    this.response = response;
  }

  /** A successful answer, its body written from {@code response} on demand. */
  static EngineResponse ofResult(Map<String, Object> response) {
    return new EngineResponse(response);
  }

  /** The HTTP status: 200, or DynamoDB's status for the error. */
  public int status() {
    return status;
  }

  /** The JSON body. */
  public byte[] body() {
    byte[] written = body;
    if (written == null) {
      // a benign race: two threads asking at once both write the same bytes
      written = Json.write(response);
      body = written;
    }
    return written;
  }

  /**
   * A successful answer as the tree its JSON body parses into, or null when the answer is an error
   * or was built from bytes (then read {@link #body()}). Only JDK types: JSON objects as
   * unmodifiable {@code Map<String, Object>} in member order, arrays as unmodifiable {@code
   * List<Object>}, strings as {@code String}, {@code true}/{@code false} as {@code Boolean},
   * integers as {@code Long}, other numbers as {@code BigDecimal} or {@code Double}. Attribute
   * values are in DynamoDB's typed JSON form: {@code {"S": "text"}}, {@code {"N": "1.50"}} (the
   * number's text), {@code {"B": "AQI="}} (Base64), {@code {"BOOL": true}}, {@code {"NULL": true}},
   * sets as lists of those texts, {@code {"L": [...]}} and {@code {"M": {...}}}. Built on first
   * call (for a transport in the same JVM, such as {@code DynakitClients.inProcessDirect} of {@code
   * dynakit-embedded}), then kept.
   */
  public @Nullable Map<String, Object> result() {
    Map<String, Object> tree = plain;
    if (tree == null && response != null) {
      @SuppressWarnings("unchecked")
      Map<String, Object> built = (Map<String, Object>) Json.plain(response);
      tree = built;
      plain = tree;
    }
    return tree;
  }

  /** The body as text, for logs and tests. */
  public String bodyText() {
    return new String(body(), StandardCharsets.UTF_8);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof EngineResponse other
        && status == other.status
        && Arrays.equals(body(), other.body());
  }

  @Override
  public int hashCode() {
    return 31 * status + Arrays.hashCode(body());
  }

  @Override
  public String toString() {
    return "EngineResponse[status=" + status + ", body=" + bodyText() + "]";
  }
}
