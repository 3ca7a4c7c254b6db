package dev.dynakit.embedded;

import dev.dynakit.engine.DynakitEngine;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Objects;
import software.amazon.awssdk.http.AbortableInputStream;
import software.amazon.awssdk.http.ContentStreamProvider;
import software.amazon.awssdk.http.ExecutableHttpRequest;
import software.amazon.awssdk.http.HttpExecuteRequest;
import software.amazon.awssdk.http.HttpExecuteResponse;
import software.amazon.awssdk.http.SdkHttpClient;

/**
 * An AWS SDK HTTP client that hands each request to a {@link DynakitEngine} in the same JVM: no
 * sockets, no threads, the engine runs on the caller's thread. Give it to any SDK v2 client
 * builder:
 *
 * <pre>{@code
 * DynamoDbClient client = DynamoDbClient.builder()
 *     .httpClient(InProcessHttpClient.of(engine))
 *     ... // region, credentials, an endpoint (never contacted)
 *     .build();
 * }</pre>
 *
 * or use {@link DynakitClients#inProcess(DynakitEngine)}, which does exactly that. Closing this
 * client does not close the engine.
 */
public final class InProcessHttpClient implements SdkHttpClient {
  private final EngineExchange exchange;

  private InProcessHttpClient(EngineExchange exchange) {
    this.exchange = exchange;
  }

  /** A client that runs requests on {@code engine} and answers with DynamoDB's JSON bytes. */
  public static InProcessHttpClient of(DynakitEngine engine) {
    return new InProcessHttpClient(
        new EngineExchange(Objects.requireNonNull(engine, "engine"), false, null));
  }

  /**
   * A client whose successful answers carry the engine's response objects, for a client built with
   * {@link DirectResponses} and {@link DirectRequests} (see {@link
   * DynakitClients#inProcessDirect(DynakitEngine)}).
   */
  static InProcessHttpClient direct(DynakitEngine engine, PendingRequests pending) {
    return new InProcessHttpClient(
        new EngineExchange(Objects.requireNonNull(engine, "engine"), true, pending));
  }

  @Override
  public ExecutableHttpRequest prepareRequest(HttpExecuteRequest request) {
    return new ExecutableHttpRequest() {
      @Override
      public HttpExecuteResponse call() throws IOException {
        EngineExchange.Answer answer = exchange.run(request.httpRequest(), () -> body(request));
        InputStream body =
            answer.result() != null
                ? new ResultStream(answer)
                : new ByteArrayInputStream(answer.body());
        return HttpExecuteResponse.builder()
            .response(answer.head())
            .responseBody(AbortableInputStream.create(body))
            .build();
      }

      @Override
      public void abort() {
        // nothing to abort: the request runs to completion inside call()
      }
    };
  }

  private static byte[] body(HttpExecuteRequest request) throws IOException {
    ContentStreamProvider provider = request.contentStreamProvider().orElse(null);
    if (provider == null) {
      return new byte[0];
    }
    try (InputStream in = provider.newStream()) {
      // With the length known, read exactly that: readAllBytes starts with an 8 KB buffer, which
      // for
      // the two bytes of a direct request was a tenth of everything a batch call allocated.
      int length = contentLength(request);
      if (length < 0) {
        return in.readAllBytes();
      }
      byte[] body = in.readNBytes(length);
      if (body.length < length || in.read() >= 0) {
        throw new IOException(
            "request body is not the " + length + " bytes its Content-Length header says");
      }
      return body;
    }
  }

  /** The request's Content-Length, or -1 when it has none that is a plain int. */
  private static int contentLength(HttpExecuteRequest request) {
    String value = request.httpRequest().firstMatchingHeader("Content-Length").orElse(null);
    if (value == null) {
      return -1;
    }
    try {
      return Integer.parseInt(value.trim());
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  @Override
  public String clientName() {
    return "DynakitInProcess";
  }

  @Override
  public void close() {
    // holds nothing: the engine belongs to whoever built it
  }
}
