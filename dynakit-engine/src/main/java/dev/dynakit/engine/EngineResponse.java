package dev.dynakit.engine;

import java.nio.charset.StandardCharsets;

/**
 * What the engine answers to one request: an HTTP status and a JSON body in DynamoDB's shape
 * ({@code application/x-amz-json-1.0}).
 */
public record EngineResponse(int status, byte[] body) {
  /** The body as text, for logs and tests. */
  public String bodyText() {
    return new String(body, StandardCharsets.UTF_8);
  }
}
