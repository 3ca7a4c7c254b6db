package dev.dynakit.embedded;

import dev.dynakit.engine.DynakitEngine;
import dev.dynakit.engine.EngineResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.zip.CRC32;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.http.SdkHttpMethod;
import software.amazon.awssdk.http.SdkHttpRequest;
import software.amazon.awssdk.http.SdkHttpResponse;

/**
 * Turns one SDK request into the response DynamoDB would send, by running it on the engine: what
 * {@code EngineServer} does over a socket, done in memory. Shared by the sync and async in-process
 * clients.
 *
 * <p>An exchange made for {@link DirectResponses} gives a successful answer as the engine's
 * response object, without JSON ({@link Answer#result()}); every other answer carries the bytes
 * DynamoDB would send, with its CRC32 header.
 */
final class EngineExchange {
  static final String TARGET_HEADER = "X-Amz-Target";
  private static final String AMZ_JSON = "application/x-amz-json-1.0";
  private static final byte[] UNKNOWN_OPERATION_XML =
      "<UnknownOperationException/>\n".getBytes(StandardCharsets.US_ASCII);

  private final DynakitEngine engine;
  private final boolean directResults;
  private final @Nullable PendingRequests pending;
  private final byte[] healthBody;

  /**
   * A response: the status and headers, and either the body bytes or, for a direct answer, the
   * engine's response object (its bytes are written only if someone reads them).
   */
  static final class Answer {
    private final SdkHttpResponse head;
    private final @Nullable EngineResponse direct;
    private final byte @Nullable [] body;

    private Answer(SdkHttpResponse head, @Nullable EngineResponse direct, byte @Nullable [] body) {
      this.head = head;
      this.direct = direct;
      this.body = body;
    }

    SdkHttpResponse head() {
      return head;
    }

    /** The body bytes; for a direct answer, written now. */
    byte[] body() {
      return body != null ? body : direct.body();
    }

    /** The engine's response object of a direct answer, or null. */
    @Nullable Map<String, Object> result() {
      return direct == null ? null : direct.result();
    }
  }

  /**
   * An exchange with {@code engine}; with {@code directResults}, successful answers carry the
   * response object for {@link DirectResponses}; with {@code pending}, a request that names a
   * ticket of {@link DirectRequests} runs as the tree held there instead of its body.
   */
  EngineExchange(DynakitEngine engine, boolean directResults, @Nullable PendingRequests pending) {
    this.engine = engine;
    this.directResults = directResults;
    this.pending = pending;
    this.healthBody =
        ("healthy: dynamodb." + engine.region() + ".amazonaws.com ")
            .getBytes(StandardCharsets.UTF_8);
  }

  /** Where a request's body comes from: read only when the request does not run as a held tree. */
  @FunctionalInterface
  interface Body {
    byte[] read() throws IOException;
  }

  Answer run(SdkHttpRequest request, Body body) throws IOException {
    SdkHttpMethod method = request.method();
    if (method == SdkHttpMethod.POST) {
      String target = request.firstMatchingHeader(TARGET_HEADER).orElse("");
      Map<String, Object> tree = pending == null ? null : tree(request);
      // a held tree's body is a stub ("{}"): reading it would only cost a stream and a copy
      EngineResponse response =
          tree != null ? engine.handle(target, tree) : engine.handle(target, body.read());
      if (directResults && response.result() != null) {
        return new Answer(head(200, AMZ_JSON).build(), response, null);
      }
      return answer(response.status(), response.body(), AMZ_JSON);
    }
    if (method == SdkHttpMethod.GET || method == SdkHttpMethod.HEAD) {
      return answer(200, healthBody, null);
    }
    return answer(404, UNKNOWN_OPERATION_XML, null);
  }

  private @Nullable Map<String, Object> tree(SdkHttpRequest request) {
    Map<String, Object> onThread = pending.onThisThread();
    if (onThread != null) {
      return onThread;
    }
    String ticket = request.firstMatchingHeader(DirectRequests.TICKET_HEADER).orElse(null);
    if (ticket == null) {
      return null;
    }
    Map<String, Object> tree = pending.tree(ticket);
    if (tree == null) {
      throw new IllegalStateException("No request is held under ticket " + ticket);
    }
    return tree;
  }

  private static Answer answer(int status, byte[] body, @Nullable String contentType) {
    CRC32 crc = new CRC32();
    crc.update(body, 0, body.length);
    SdkHttpResponse head =
        head(status, contentType)
            .putHeader("x-amz-crc32", Long.toString(crc.getValue()))
            .putHeader("Content-Length", Integer.toString(body.length))
            .build();
    return new Answer(head, null, body);
  }

  private static SdkHttpResponse.Builder head(int status, @Nullable String contentType) {
    SdkHttpResponse.Builder head =
        SdkHttpResponse.builder().statusCode(status).putHeader("x-amzn-RequestId", requestId());
    if (contentType != null) {
      head.putHeader("Content-Type", contentType);
    }
    return head;
  }

  private static String requestId() {
    // UUID.randomUUID() draws from SecureRandom; a request id only has to be unique enough
    ThreadLocalRandom random = ThreadLocalRandom.current();
    return new UUID(random.nextLong(), random.nextLong()).toString();
  }
}
