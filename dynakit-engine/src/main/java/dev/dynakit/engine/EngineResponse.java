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
 * <p>A successful answer keeps the response object it was written from ({@link #result()}), and
 * writes the JSON only when {@link #body()} is first asked for: a transport in the same JVM can
 * hand the object to its client without a JSON round trip.
 */
public final class EngineResponse {
  private final int status;
  private final @Nullable Map<String, Object> result;
  private byte @Nullable [] body;

  /** An answer whose body is already written. */
  public EngineResponse(int status, byte[] body) {
    this.status = status;
    this.body = Objects.requireNonNull(body, "body");
    this.result = null;
  }

  private EngineResponse(Map<String, Object> result) {
    this.status = 200;
    this.result = result;
  }

  /** A successful answer, its body written from {@code result} on demand. */
  static EngineResponse ofResult(Map<String, Object> result) {
    return new EngineResponse(result);
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
      written = Json.write(result);
      body = written;
    }
    return written;
  }

  /**
   * The response object of a successful answer, before it is written as JSON, or null when the
   * answer is an error or was built from bytes. Its members are the JSON members; values are
   * strings, booleans, {@code Long}s, {@code BigDecimal}s, {@code Double}s, lists, maps and
   * attribute values of the engine's internal type {@code
   * dev.dynakit.engine.internal.value.AttrValue}. Meant for transports in the same JVM (the
   * in-process transport of {@code dynakit-test}); the value types are not a stable API. The caller
   * must not change it.
   */
  public @Nullable Map<String, Object> result() {
    return result;
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
