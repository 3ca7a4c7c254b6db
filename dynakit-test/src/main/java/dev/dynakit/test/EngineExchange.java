package dev.dynakit.test;

import dev.dynakit.engine.DynakitEngine;
import dev.dynakit.engine.EngineResponse;
import java.nio.charset.StandardCharsets;
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
 */
final class EngineExchange {
  static final String TARGET_HEADER = "X-Amz-Target";
  private static final String AMZ_JSON = "application/x-amz-json-1.0";
  private static final byte[] UNKNOWN_OPERATION_XML =
      "<UnknownOperationException/>\n".getBytes(StandardCharsets.US_ASCII);

  private final DynakitEngine engine;
  private final byte[] healthBody;

  /** A response: the status and headers, and the body bytes. */
  record Answer(SdkHttpResponse head, byte[] body) {}

  EngineExchange(DynakitEngine engine) {
    this.engine = engine;
    this.healthBody =
        ("healthy: dynamodb." + engine.region() + ".amazonaws.com ")
            .getBytes(StandardCharsets.UTF_8);
  }

  Answer run(SdkHttpRequest request, byte[] body) {
    SdkHttpMethod method = request.method();
    if (method == SdkHttpMethod.POST) {
      String target = request.firstMatchingHeader(TARGET_HEADER).orElse("");
      EngineResponse response = engine.handle(target, body);
      return answer(response.status(), response.body(), AMZ_JSON);
    }
    if (method == SdkHttpMethod.GET || method == SdkHttpMethod.HEAD) {
      return answer(200, healthBody, null);
    }
    return answer(404, UNKNOWN_OPERATION_XML, null);
  }

  private static Answer answer(int status, byte[] body, @Nullable String contentType) {
    CRC32 crc = new CRC32();
    crc.update(body, 0, body.length);
    SdkHttpResponse.Builder head =
        SdkHttpResponse.builder()
            .statusCode(status)
            .putHeader("x-amzn-RequestId", requestId())
            .putHeader("x-amz-crc32", Long.toString(crc.getValue()))
            .putHeader("Content-Length", Integer.toString(body.length));
    if (contentType != null) {
      head.putHeader("Content-Type", contentType);
    }
    return new Answer(head.build(), body);
  }

  private static String requestId() {
    // UUID.randomUUID() draws from SecureRandom; a request id only has to be unique enough
    ThreadLocalRandom random = ThreadLocalRandom.current();
    return new UUID(random.nextLong(), random.nextLong()).toString();
  }
}
