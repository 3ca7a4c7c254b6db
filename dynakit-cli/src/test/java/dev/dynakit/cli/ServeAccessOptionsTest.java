package dev.dynakit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** {@code serve --cors-origin} and {@code --allow-host}: who may use the engine beyond loopback. */
class ServeAccessOptionsTest {

  @Test
  void wildcardCorsOrigin_isAUsageErrorWithTheReason() {
    StringWriter err = new StringWriter();
    int code =
        Main.run(
            new PrintWriter(new StringWriter(), true),
            new PrintWriter(err, true),
            "serve",
            "--port",
            "0",
            "--cors-origin",
            "*");
    assertThat(code).isEqualTo(2);
    assertThat(err.toString())
        .startsWith("dynakit: --cors-origin: A wildcard CORS origin is refused")
        .contains("accepts any signature");
  }

  @Test
  void namedOriginsAndHosts_areServedAndOthersRefused() throws Exception {
    try (CliRun serve =
        new CliRun(
            "serve",
            "--port",
            "0",
            "--cors-origin",
            "http://app.test:3000",
            "--allow-host",
            "dynakit",
            "--allow-host",
            "other.test")) {
      URI endpoint = serve.endpoint();
      assertThat(status(endpoint, "localhost", "http://app.test:3000")).isEqualTo(200);
      assertThat(status(endpoint, "dynakit:" + endpoint.getPort(), null)).isEqualTo(200);
      assertThat(status(endpoint, "other.test", null)).isEqualTo(200);
      assertThat(status(endpoint, "localhost", "http://evil.test")).isEqualTo(403);
      assertThat(status(endpoint, "evil.test", null)).isEqualTo(403);
      assertThat(serve.stop()).isZero();
    }
  }

  /** The status of a CORS preflight (with an origin) or a health check (without). */
  private static int status(URI endpoint, String host, String origin) throws Exception {
    try (Socket socket = new Socket(endpoint.getHost(), endpoint.getPort())) {
      socket.setSoTimeout(10_000);
      String request =
          origin == null
              ? "GET / HTTP/1.1\r\nHost: " + host + "\r\nConnection: close\r\n\r\n"
              : "OPTIONS / HTTP/1.1\r\nHost: "
                  + host
                  + "\r\nOrigin: "
                  + origin
                  + "\r\nAccess-Control-Request-Method: POST\r\nConnection: close\r\n\r\n";
      OutputStream out = socket.getOutputStream();
      out.write(request.getBytes(StandardCharsets.US_ASCII));
      out.flush();
      String statusLine =
          new BufferedReader(
                  new InputStreamReader(socket.getInputStream(), StandardCharsets.US_ASCII))
              .readLine();
      return Integer.parseInt(statusLine.split(" ")[1]);
    }
  }
}
