package dev.dynakit.rest;

import dev.dynakit.rest.netty.RestServer;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/** A route pack served by the REST server on 127.0.0.1, port 0, and a client for it. */
final class HttpFixture implements AutoCloseable {
  private static final HttpClient CLIENT = HttpClient.newHttpClient();

  private final RestServer server;

  HttpFixture(TableRoutes routes) {
    this(routes, "");
  }

  HttpFixture(TableRoutes routes, String mount) {
    this.server = RestServer.builder(routes).policy(routes.policy()).mount(mount).port(0).start();
  }

  /** Any handler, with the policy that limits its bodies. */
  HttpFixture(RestHandler handler, RestPolicy policy) {
    this.server = RestServer.builder(handler).policy(policy).port(0).start();
  }

  Reply get(String target) {
    return send("GET", target, null);
  }

  Reply send(String method, String target, @Nullable String body, String... headers) {
    return exchange(
        method, target, body == null ? null : body.getBytes(StandardCharsets.UTF_8), true, headers);
  }

  /** A request whose body is these bytes, sent as JSON. */
  Reply sendBytes(String method, String target, byte[] body) {
    return exchange(method, target, body, true);
  }

  /** A request without a {@code Content-Type} header. */
  Reply sendWithoutType(String method, String target, @Nullable String body) {
    return exchange(
        method, target, body == null ? null : body.getBytes(StandardCharsets.UTF_8), false);
  }

  private Reply exchange(
      String method, String target, byte @Nullable [] body, boolean json, String... headers) {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + target))
            .method(
                method,
                body == null
                    ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofByteArray(body));
    boolean typed = !json;
    for (int i = 0; i < headers.length; i += 2) {
      request.header(headers[i], headers[i + 1]);
      typed |= headers[i].equalsIgnoreCase("Content-Type");
    }
    if (body != null && !typed) {
      // writes carry JSON (415 otherwise); tests of other types pass their own header
      request.header("Content-Type", "application/json");
    }
    try {
      HttpResponse<String> response =
          CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
      return new Reply(response.statusCode(), response.headers().map(), response.body());
    } catch (IOException e) {
      throw new IllegalStateException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  int port() {
    return server.port();
  }

  /**
   * Sends a request as raw bytes (for targets {@link URI} refuses) and returns the status line and
   * the body.
   */
  Reply raw(String method, String target, @Nullable String body) {
    byte[] payload = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
    String head =
        method
            + " "
            + target
            + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
            + (body == null ? "" : "Content-Type: application/json\r\n")
            + "Content-Length: "
            + payload.length
            + "\r\n\r\n";
    try (java.net.Socket socket = new java.net.Socket("127.0.0.1", server.port())) {
      socket.setSoTimeout(10_000);
      socket.getOutputStream().write(head.getBytes(StandardCharsets.ISO_8859_1));
      socket.getOutputStream().write(payload);
      socket.getOutputStream().flush();
      String response = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      int status = Integer.parseInt(response.substring(9, 12));
      int split = response.indexOf("\r\n\r\n");
      return new Reply(status, Map.of(), response.substring(split + 4));
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  @Override
  public void close() {
    server.close();
  }

  /** A response. */
  record Reply(int status, Map<String, List<String>> headers, String body) {
    Optional<String> header(String name) {
      for (Map.Entry<String, List<String>> entry : headers.entrySet()) {
        if (entry.getKey().equalsIgnoreCase(name) && !entry.getValue().isEmpty()) {
          return Optional.of(entry.getValue().get(0));
        }
      }
      return Optional.empty();
    }

    @Nullable Object json() {
      return JsonText.parse(body.getBytes(StandardCharsets.UTF_8));
    }

    @SuppressWarnings("unchecked")
    Map<String, Object> map() {
      return (Map<String, Object>) json();
    }

    @SuppressWarnings("unchecked")
    List<Object> list() {
      return (List<Object>) json();
    }

    /** The error code of an error body. */
    String code() {
      return String.valueOf(map().get("code"));
    }

    /** The message of an error body. */
    String message() {
      return String.valueOf(map().get("message"));
    }

    @SuppressWarnings("unchecked")
    List<Map<String, Object>> data() {
      return (List<Map<String, Object>>) map().get("data");
    }

    @Override
    public String toString() {
      return status + " " + body;
    }
  }
}
