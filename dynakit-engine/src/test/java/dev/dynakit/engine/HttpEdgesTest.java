package dev.dynakit.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.engine.RawHttpConnection.Response;
import java.io.IOException;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The HTTP edges of issue 31 (point 5): Date, paths, overlong lines and headers. */
class HttpEdgesTest {
  private DynakitEngine engine;
  private EngineServer server;

  @BeforeEach
  void start() {
    engine = DynakitEngine.inMemory();
    server = EngineServer.start(engine, "127.0.0.1", 0);
  }

  @AfterEach
  void stop() {
    server.close();
    engine.close();
  }

  @Test
  void everyAnswer_carriesADateHeader() throws IOException {
    List<String> requests =
        List.of(
            "GET / HTTP/1.1\r\nHost: localhost\r\n\r\n",
            RawHttpConnection.post("DynamoDB_20120810.ListTables", "{}"),
            RawHttpConnection.post("DynamoDB_20120810.Nope", "{}"),
            "PUT / HTTP/1.1\r\nHost: localhost\r\nContent-Length: 0\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: attacker.example\r\n\r\n");
    for (String request : requests) {
      Response response = exchange(request);
      String date = response.header("date");
      assertThat(date).as(request).isNotNull();
      ZonedDateTime sent = ZonedDateTime.parse(date, DateTimeFormatter.RFC_1123_DATE_TIME);
      assertThat(Duration.between(sent, ZonedDateTime.now()).abs())
          .isLessThan(Duration.ofMinutes(1));
    }
  }

  @Test
  void aPathOtherThanRoot_isRefusedAsUnknown() throws IOException {
    for (String path : List.of("/tables", "/index.html", "//", "/./")) {
      String request =
          RawHttpConnection.post("DynamoDB_20120810.ListTables", "{}")
              .replace("POST / ", "POST " + path + " ");
      Response response = exchange(request);
      assertThat(response.status()).as(path).isEqualTo(404);
      assertThat(response.text()).isEqualTo("<UnknownOperationException/>\n");
    }
    assertThat(exchange("GET /health HTTP/1.1\r\nHost: localhost\r\n\r\n").status()).isEqualTo(404);
  }

  @Test
  void rootWithAQuery_isServed() throws IOException {
    String request =
        RawHttpConnection.post("DynamoDB_20120810.ListTables", "{}")
            .replace("POST / ", "POST /?x=1 ");
    assertThat(exchange(request).status()).isEqualTo(200);
  }

  @Test
  void anOverlongRequestLine_isRefusedWith414AndClosed() throws IOException {
    try (RawHttpConnection c = new RawHttpConnection(server.port())) {
      c.send("GET /?" + "a".repeat(10_000) + " HTTP/1.1\r\nHost: localhost\r\n\r\n");
      assertThat(c.read().status()).isEqualTo(414);
      assertThat(c.closedByServerOrReset()).isTrue();
    }
  }

  @Test
  void overlongHeaders_areRefusedWith431AndClosed() throws IOException {
    try (RawHttpConnection c = new RawHttpConnection(server.port())) {
      c.send("GET / HTTP/1.1\r\nHost: localhost\r\nX-Padding: " + "a".repeat(20_000) + "\r\n\r\n");
      assertThat(c.read().status()).isEqualTo(431);
      assertThat(c.closedByServerOrReset()).isTrue();
    }
  }

  private Response exchange(String request) throws IOException {
    try (RawHttpConnection c = new RawHttpConnection(server.port())) {
      c.send(request);
      return c.read();
    }
  }
}
