package dev.dynakit.rest.netty;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynakit.rest.RestResponse;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Local by default (issue 23, defect 6): only loopback {@code Host} names and the bound address are
 * answered (DNS rebinding), CORS is granted to loopback origins only, and an untrusted origin can
 * neither preflight nor write; both widen only by name.
 */
class LocalAccessTest {
  private final AtomicInteger handled = new AtomicInteger();
  private RestServer server;

  @AfterEach
  void stop() {
    if (server != null) {
      server.close();
    }
  }

  private void start(RestServer.Builder builder) {
    server = builder.start();
  }

  private RestServer.Builder builder() {
    return RestServer.builder(
        request -> {
          handled.incrementAndGet();
          return RestResponse.json(200, Map.of("method", request.method()));
        });
  }

  /** Sends one request (with Connection: close) and returns the whole answer. */
  private String send(String method, String... headers) throws IOException {
    StringBuilder head = new StringBuilder(method + " /x HTTP/1.1\r\nConnection: close\r\n");
    for (int i = 0; i < headers.length; i += 2) {
      head.append(headers[i]).append(": ").append(headers[i + 1]).append("\r\n");
    }
    head.append("\r\n");
    try (Socket socket = new Socket("127.0.0.1", server.port())) {
      socket.setSoTimeout(10_000);
      socket.getOutputStream().write(head.toString().getBytes(StandardCharsets.ISO_8859_1));
      InputStream in = socket.getInputStream();
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  @Test
  void foreignHostNames_are403_loopbackAndTheBoundAddressAreAnswered() throws Exception {
    start(builder());
    assertThat(send("GET", "Host", "attacker.example"))
        .startsWith("HTTP/1.1 403")
        .contains("\"code\":\"HostNotAllowed\"")
        .contains("--allow-host");
    assertThat(send("GET", "Host", "attacker.example:" + server.port())).startsWith("HTTP/1.1 403");
    assertThat(send("GET", "Host", "127.0.0.1.attacker.example")).startsWith("HTTP/1.1 403");
    assertThat(send("GET", "Host", "localhost:1@evil")).startsWith("HTTP/1.1 403");
    assertThat(handled).hasValue(0);
    for (String host :
        new String[] {"localhost", "LOCALHOST:8080", "127.0.0.1:1", "127.1.2.3", "[::1]:80"}) {
      assertThat(send("GET", "Host", host)).as(host).startsWith("HTTP/1.1 200");
    }
  }

  @Test
  void anAllowedHost_isAnswered() throws Exception {
    start(builder().allowHost("api.dev.example"));
    assertThat(send("GET", "Host", "api.dev.example:8080")).startsWith("HTTP/1.1 200");
    assertThat(send("GET", "Host", "other.example")).startsWith("HTTP/1.1 403");
  }

  @Test
  void loopbackOrigins_getCors_othersDoNot() throws Exception {
    start(builder());
    String local = send("GET", "Host", "localhost", "Origin", "http://localhost:3000");
    assertThat(local)
        .startsWith("HTTP/1.1 200")
        .containsIgnoringCase("access-control-allow-origin: http://localhost:3000")
        .containsIgnoringCase("vary: Origin");
    String foreign = send("GET", "Host", "localhost", "Origin", "https://evil.example");
    assertThat(foreign).startsWith("HTTP/1.1 200").doesNotContainIgnoringCase("access-control");
    assertThat(send("GET", "Host", "localhost", "Origin", "null"))
        .doesNotContainIgnoringCase("access-control");
  }

  @Test
  void untrustedOrigins_canNeitherPreflightNorWrite() throws Exception {
    start(builder());
    String preflight =
        send(
            "OPTIONS",
            "Host",
            "localhost",
            "Origin",
            "https://evil.example",
            "Access-Control-Request-Method",
            "PUT",
            "Access-Control-Request-Headers",
            "content-type");
    assertThat(preflight)
        .startsWith("HTTP/1.1 403")
        .contains("\"code\":\"OriginNotAllowed\"")
        .contains("--cors-origin")
        .doesNotContainIgnoringCase("access-control-allow");
    for (String method : new String[] {"POST", "PUT", "PATCH", "DELETE"}) {
      assertThat(send(method, "Host", "localhost", "Origin", "https://evil.example"))
          .as(method)
          .startsWith("HTTP/1.1 403");
    }
    assertThat(handled).hasValue(0);
    String allowed =
        send(
            "OPTIONS",
            "Host",
            "localhost",
            "Origin",
            "http://127.0.0.1:5173",
            "Access-Control-Request-Method",
            "PUT");
    assertThat(allowed)
        .startsWith("HTTP/1.1 204")
        .containsIgnoringCase("access-control-allow-origin: http://127.0.0.1:5173")
        .containsIgnoringCase("access-control-allow-methods: " + Gate.CORS_METHODS)
        .containsIgnoringCase("access-control-allow-headers: " + Gate.CORS_HEADERS);
    assertThat(handled).hasValue(0);
  }

  @Test
  void anAllowedOrigin_getsCors_byExactName() throws Exception {
    start(builder().corsOrigin("https://app.example"));
    assertThat(
            send(
                "OPTIONS",
                "Host",
                "localhost",
                "Origin",
                "https://app.example",
                "Access-Control-Request-Method",
                "POST"))
        .startsWith("HTTP/1.1 204")
        .containsIgnoringCase("access-control-allow-origin: https://app.example");
    assertThat(send("POST", "Host", "localhost", "Origin", "https://app.example:444"))
        .startsWith("HTTP/1.1 403");
    assertThat(send("POST", "Host", "localhost", "Origin", "http://app.example"))
        .startsWith("HTTP/1.1 403");
  }

  @Test
  void wildcardsAndMalformedNames_areRefusedByTheBuilder() {
    assertThatThrownBy(() -> RestServer.builder(r -> RestResponse.noContent()).corsOrigin("*"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("wildcard");
    assertThatThrownBy(
            () -> RestServer.builder(r -> RestResponse.noContent()).corsOrigin("https://*.example"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(
            () -> RestServer.builder(r -> RestResponse.noContent()).corsOrigin("app.example"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> RestServer.builder(r -> RestResponse.noContent()).allowHost("*"))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
