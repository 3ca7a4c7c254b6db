package dev.dynakit.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynakit.engine.RawHttpConnection.Response;
import java.io.IOException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The engine server accepts any signature, so it serves this machine only unless told otherwise:
 * web pages of other origins may not read or write it (issue 23, defect 6), and a request whose
 * {@code Host} is a foreign name (DNS rebinding: a hostile domain re-pointed at 127.0.0.1) is
 * refused.
 */
class CrossSiteAccessTest {
  private static final String ACCESS_DENIED = "com.amazon.coral.service#AccessDeniedException";
  private static final String CREATE_TABLE =
      "{\"TableName\":\"t\",\"BillingMode\":\"PAY_PER_REQUEST\","
          + "\"AttributeDefinitions\":[{\"AttributeName\":\"pk\",\"AttributeType\":\"S\"}],"
          + "\"KeySchema\":[{\"AttributeName\":\"pk\",\"KeyType\":\"HASH\"}]}";

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
  void preflight_fromAForeignOrigin_isRefusedWithoutCorsHeaders() throws IOException {
    Response response = exchange(preflight("http://evil.example", "localhost"));
    assertThat(response.status()).isEqualTo(403);
    assertThat(response.header("access-control-allow-origin")).isNull();
    assertThat(response.text()).contains(ACCESS_DENIED, "http://evil.example", "--cors-origin");
  }

  @Test
  void write_fromAForeignOrigin_isRefusedAndNotRun() throws IOException {
    Response response =
        exchange(
            RawHttpConnection.post(
                "DynamoDB_20120810.CreateTable", CREATE_TABLE, "Origin: http://evil.example"));
    assertThat(response.status()).isEqualTo(403);
    assertThat(response.header("access-control-allow-origin")).isNull();
    assertThat(tableNames()).doesNotContain("\"t\"");
  }

  @Test
  void requests_fromLoopbackOrigins_mayReadTheAnswerAndDynamoHeaders() throws IOException {
    for (String origin :
        new String[] {"http://localhost:5173", "http://127.0.0.1:8080", "http://[::1]:3000"}) {
      Response response =
          exchange(
              RawHttpConnection.post("DynamoDB_20120810.ListTables", "{}", "Origin: " + origin));
      assertThat(response.status()).as(origin).isEqualTo(200);
      assertThat(response.header("access-control-allow-origin")).isEqualTo(origin);
      assertThat(response.header("access-control-expose-headers"))
          .isEqualTo("x-amzn-RequestId, x-amz-crc32");
    }
  }

  @Test
  void anOriginAllowedByName_isServed() throws IOException {
    server.close();
    server = EngineServer.builder(engine).corsOrigin("https://App.Test:8443/").start();
    Response preflight = exchange(preflight("https://app.test:8443", "localhost"));
    assertThat(preflight.status()).isEqualTo(200);
    assertThat(preflight.header("access-control-allow-origin")).isEqualTo("https://app.test:8443");
    assertThat(exchange(preflight("https://app.test:9999", "localhost")).status()).isEqualTo(403);
  }

  @Test
  void wildcardOrigin_isRefusedWithTheReason() {
    assertThatThrownBy(() -> EngineServer.builder(engine).corsOrigin("*"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("wildcard")
        .hasMessageContaining("accepts any signature");
    assertThatThrownBy(() -> EngineServer.builder(engine).corsOrigin("not an origin"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("scheme://host[:port]");
  }

  @Test
  void foreignHost_isRefusedAndDescribeEndpointsDoesNotEchoIt() throws IOException {
    String request =
        RawHttpConnection.post("DynamoDB_20120810.DescribeEndpoints", "{}")
            .replace("Host: localhost", "Host: attacker.example");
    Response response = exchange(request);
    assertThat(response.status()).isEqualTo(403);
    assertThat(response.text())
        .contains(ACCESS_DENIED, "Host 'attacker.example'", "--allow-host")
        .doesNotContain("Endpoints");
  }

  @Test
  void rebindingNamesThatLookLocal_areRefused() throws IOException {
    for (String host :
        new String[] {"127.0.0.1.nip.io", "localhost.attacker.example", "127.0.0.1:80:80", ""}) {
      Response response = exchange(withHost(host));
      assertThat(response.status()).as(host).isEqualTo(403);
    }
  }

  @Test
  void loopbackHosts_andTheBoundAddress_areServed() throws IOException {
    for (String host :
        new String[] {
          "localhost",
          "LOCALHOST:" + server.port(),
          "127.0.0.1:" + server.port(),
          "[::1]:8000",
          "app.localhost:3000",
          "127.1.2.3"
        }) {
      Response response = exchange(withHost(host));
      assertThat(response.status()).as(host).isEqualTo(200);
    }
  }

  @Test
  void aHostAllowedByName_isServedAndNamedByDescribeEndpoints() throws IOException {
    server.close();
    server = EngineServer.builder(engine).allowHost("Dynakit").start();
    String request =
        RawHttpConnection.post("DynamoDB_20120810.DescribeEndpoints", "{}")
            .replace("Host: localhost", "Host: dynakit:8000");
    Response response = exchange(request);
    assertThat(response.status()).isEqualTo(200);
    assertThat(response.text()).contains("\"Address\":\"dynakit:8000\"");
    assertThat(exchange(withHost("other")).status()).isEqualTo(403);
  }

  @Test
  void http10WithoutHost_isServed() throws IOException {
    try (RawHttpConnection c = new RawHttpConnection(server.port())) {
      c.send("GET / HTTP/1.0\r\n\r\n");
      assertThat(c.read().status()).isEqualTo(200);
    }
  }

  private static String withHost(String host) {
    return RawHttpConnection.post("DynamoDB_20120810.ListTables", "{}")
        .replace("Host: localhost", "Host: " + host);
  }

  private static String preflight(String origin, String host) {
    return "OPTIONS / HTTP/1.1\r\nHost: "
        + host
        + "\r\nOrigin: "
        + origin
        + "\r\nAccess-Control-Request-Method: POST\r\n\r\n";
  }

  private String tableNames() {
    return engine.handle("DynamoDB_20120810.ListTables", new byte[0]).bodyText();
  }

  private Response exchange(String request) throws IOException {
    try (RawHttpConnection c = new RawHttpConnection(server.port())) {
      c.send(request);
      return c.read();
    }
  }
}
