package dev.dynakit.engine.fuzz;

import dev.dynakit.engine.DynakitEngine;
import dev.dynakit.engine.EngineResponse;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.time.Duration;

/** Where fuzzed requests go: an engine in process, or a server over HTTP. */
interface FuzzTarget {
  /** One answer: status and body. */
  record Answer(int status, byte[] body) {}

  Answer call(String operation, byte[] body);

  /** The engine's own {@code handle}, as the in-process SDK transport calls it. */
  static FuzzTarget inProcess(DynakitEngine engine) {
    return (operation, body) -> {
      EngineResponse r = engine.handle(DynakitEngine.TARGET_PREFIX + operation, body);
      return new Answer(r.status(), r.body());
    };
  }

  /** {@code POST /} to a server, as an SDK sends it. */
  static FuzzTarget http(URI endpoint) {
    HttpClient client =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10))
            .build();
    return (operation, body) -> {
      HttpRequest request =
          HttpRequest.newBuilder(endpoint)
              .timeout(Duration.ofSeconds(60))
              .header("Content-Type", "application/x-amz-json-1.0")
              .header("X-Amz-Target", DynakitEngine.TARGET_PREFIX + operation)
              .POST(BodyPublishers.ofByteArray(body))
              .build();
      try {
        HttpResponse<byte[]> r = client.send(request, BodyHandlers.ofByteArray());
        return new Answer(r.statusCode(), r.body());
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException(e);
      }
    };
  }
}
