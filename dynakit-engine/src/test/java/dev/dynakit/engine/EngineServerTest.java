package dev.dynakit.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynakit.engine.RawHttpConnection.Response;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class EngineServerTest {
  private static final String UNKNOWN_OPERATION =
      "{\"__type\":\"com.amazon.coral.service#UnknownOperationException\"}";

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
  void start_portZero_picksAFreePortAndReportsTheEndpoint() {
    assertThat(server.port()).isPositive();
    assertThat(server.host()).isEqualTo("127.0.0.1");
    assertThat(server.endpoint()).isEqualTo(URI.create("http://127.0.0.1:" + server.port()));
  }

  @Test
  void get_answersDynamoDbHealthText() throws Exception {
    HttpResponse<byte[]> response =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(server.endpoint()).GET().build(),
                BodyHandlers.ofByteArray());

    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(new String(response.body(), StandardCharsets.UTF_8))
        .isEqualTo("healthy: dynamodb.us-east-1.amazonaws.com ");
    assertDynamoHeaders(response.headers().map(), response.body());
  }

  @Test
  void post_unknownTarget_isUnknownOperationWithDynamoHeaders() throws Exception {
    HttpResponse<byte[]> response = post("DynamoDB_20120810.NoSuchThing", "{}");

    assertThat(response.statusCode()).isEqualTo(400);
    assertThat(new String(response.body(), StandardCharsets.UTF_8)).isEqualTo(UNKNOWN_OPERATION);
    assertThat(response.headers().firstValue("content-type"))
        .hasValue("application/x-amz-json-1.0");
    assertDynamoHeaders(response.headers().map(), response.body());
  }

  @Test
  void describeEndpoints_namesTheAddressTheRequestCameTo() throws Exception {
    // an SDK that discovers endpoints sends its next requests to this address, not to AWS
    HttpResponse<byte[]> response = post("DynamoDB_20120810.DescribeEndpoints", "{}");
    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(new String(response.body(), StandardCharsets.UTF_8))
        .isEqualTo(
            "{\"Endpoints\":[{\"Address\":\"127.0.0.1:"
                + server.port()
                + "\",\"CachePeriodInMinutes\":1440}]}");
    assertDynamoHeaders(response.headers().map(), response.body());
  }

  @Test
  void post_missingTarget_isUnknownOperation() throws Exception {
    HttpResponse<byte[]> response = post(null, "{}");

    assertThat(response.statusCode()).isEqualTo(400);
    assertThat(new String(response.body(), StandardCharsets.UTF_8)).isEqualTo(UNKNOWN_OPERATION);
  }

  @Test
  void post_anyAuthorization_isAccepted() throws Exception {
    try (RawHttpConnection c = new RawHttpConnection(server.port())) {
      c.send(
          RawHttpConnection.post(
              "DynamoDB_20120810.Nope",
              "{}",
              "Authorization: AWS4-HMAC-SHA256 Credential=whoever/20240101/us-east-1/dynamodb/"
                  + "aws4_request, SignedHeaders=host, Signature=deadbeef"));
      assertThat(c.read().text()).isEqualTo(UNKNOWN_OPERATION);
    }
  }

  @Test
  void post_plainJsonContentType_isAnsweredAsPlainJson() throws Exception {
    try (RawHttpConnection c = new RawHttpConnection(server.port())) {
      c.send(
          "POST / HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json; charset=utf-8\r\n"
              + "Content-Length: 2\r\n\r\n{}");
      Response response = c.read();
      assertThat(response.status()).isEqualTo(400);
      assertThat(response.header("content-type")).isEqualTo("application/json");
    }
  }

  @Test
  void post_bodyThatIsNotJson_is404LikeDynamoDb() throws Exception {
    try (RawHttpConnection c = new RawHttpConnection(server.port())) {
      c.send(
          "POST / HTTP/1.1\r\nHost: localhost\r\nContent-Type: text/plain\r\nContent-Length: 2\r\n\r\nhi");
      Response response = c.read();
      assertThat(response.status()).isEqualTo(404);
      assertThat(response.text()).isEqualTo("<UnknownOperationException/>\n");
      assertThat(response.header("x-amz-crc32")).isEqualTo("3552371480");
    }
  }

  @Test
  void put_is404() throws Exception {
    try (RawHttpConnection c = new RawHttpConnection(server.port())) {
      c.send("PUT / HTTP/1.1\r\nHost: localhost\r\nContent-Length: 0\r\n\r\n");
      assertThat(c.read().status()).isEqualTo(404);
    }
  }

  @Test
  void keepAlive_servesSeveralRequestsOnOneConnection() throws Exception {
    try (RawHttpConnection c = new RawHttpConnection(server.port())) {
      for (int i = 0; i < 3; i++) {
        c.send(RawHttpConnection.post("DynamoDB_20120810.Nope", "{}"));
        Response response = c.read();
        assertThat(response.status()).isEqualTo(400);
        assertThat(response.header("connection")).isNull();
      }
    }
  }

  @Test
  void pipelinedRequests_areAnsweredInOrder() throws Exception {
    try (RawHttpConnection c = new RawHttpConnection(server.port())) {
      c.send(
          "GET / HTTP/1.1\r\nHost: localhost\r\n\r\n"
              + RawHttpConnection.post("DynamoDB_20120810.Nope", "{}")
              + "GET / HTTP/1.1\r\nHost: localhost\r\n\r\n");
      assertThat(c.read().status()).isEqualTo(200);
      assertThat(c.read().status()).isEqualTo(400);
      assertThat(c.read().status()).isEqualTo(200);
    }
  }

  @Test
  void connectionClose_isHonoured() throws Exception {
    try (RawHttpConnection c = new RawHttpConnection(server.port())) {
      c.send(RawHttpConnection.post("DynamoDB_20120810.Nope", "{}", "Connection: close"));
      Response response = c.read();
      assertThat(response.status()).isEqualTo(400);
      assertThat(response.header("connection")).isEqualTo("close");
      assertThat(c.closedByServer()).isTrue();
    }
  }

  @Test
  void http10_withoutKeepAlive_isClosedAfterTheAnswer() throws Exception {
    try (RawHttpConnection c = new RawHttpConnection(server.port())) {
      c.send("GET / HTTP/1.0\r\n\r\n");
      assertThat(c.read().status()).isEqualTo(200);
      assertThat(c.closedByServer()).isTrue();
    }
  }

  @Test
  void chunkedBody_isReadToTheEnd() throws Exception {
    try (RawHttpConnection c = new RawHttpConnection(server.port())) {
      c.send(
          "POST / HTTP/1.1\r\nHost: localhost\r\nX-Amz-Target: DynamoDB_20120810.Nope\r\n"
              + "Content-Type: application/x-amz-json-1.0\r\nTransfer-Encoding: chunked\r\n\r\n"
              + "1\r\n{\r\n1\r\n}\r\n0\r\n\r\n");
      assertThat(c.read().text()).isEqualTo(UNKNOWN_OPERATION);
      c.send("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n");
      assertThat(c.read().status()).isEqualTo(200);
    }
  }

  @Test
  void expectContinue_isAnsweredBeforeTheBody() throws Exception {
    try (RawHttpConnection c = new RawHttpConnection(server.port())) {
      c.send(
          "POST / HTTP/1.1\r\nHost: localhost\r\nX-Amz-Target: DynamoDB_20120810.Nope\r\n"
              + "Content-Type: application/x-amz-json-1.0\r\nExpect: 100-continue\r\n"
              + "Content-Length: 2\r\n\r\n");
      assertThat(c.read().status()).isEqualTo(100);
      c.send("{}");
      assertThat(c.read().text()).isEqualTo(UNKNOWN_OPERATION);
    }
  }

  @Test
  void bodyOverTheLimit_announcedWithExpect_is413AndClosed() throws Exception {
    try (RawHttpConnection c = new RawHttpConnection(server.port())) {
      c.send(
          "POST / HTTP/1.1\r\nHost: localhost\r\nExpect: 100-continue\r\nContent-Length: 999999999\r\n\r\n");
      assertThat(c.read().status()).isEqualTo(413);
      assertThat(c.closedByServer()).isTrue();
    }
  }

  @Test
  void bodyOverTheLimit_is413AndTheConnectionStaysUsable() throws Exception {
    byte[] big = new byte[17 * 1024 * 1024 + 1];
    try (RawHttpConnection c = new RawHttpConnection(server.port())) {
      c.send(
          "POST / HTTP/1.1\r\nHost: localhost\r\nX-Amz-Target: DynamoDB_20120810.ListTables\r\n"
              + "Content-Type: application/x-amz-json-1.0\r\nContent-Length: "
              + big.length
              + "\r\n\r\n");
      c.send(big);
      Response response = c.read();
      assertThat(response.status()).isEqualTo(413);
      assertThat(response.header("x-amzn-requestid")).hasSize(52);
      c.send("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n");
      assertThat(c.read().status()).isEqualTo(200);
    }
  }

  @Test
  void chunkedBodyOverTheLimit_is413() throws Exception {
    byte[] chunk = new byte[1024 * 1024];
    try (RawHttpConnection c = new RawHttpConnection(server.port())) {
      c.send(
          "POST / HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-amz-json-1.0\r\n"
              + "Transfer-Encoding: chunked\r\n\r\n");
      for (int i = 0; i < 18; i++) {
        c.send(Integer.toHexString(chunk.length) + "\r\n");
        c.send(chunk);
        c.send("\r\n");
      }
      c.send("0\r\n\r\n");
      assertThat(c.read().status()).isEqualTo(413);
    }
  }

  @Test
  void garbage_isABadRequestAndClosed() throws Exception {
    try (RawHttpConnection c = new RawHttpConnection(server.port())) {
      c.send("POST / HTTP/1.1\r\nContent-Length: nope\r\n\r\n");
      assertThat(c.read().status()).isEqualTo(400);
      assertThat(c.closedByServer()).isTrue();
    }
  }

  @Test
  void corsPreflight_fromALoopbackPage_isAllowedForThatOrigin() throws Exception {
    try (RawHttpConnection c = new RawHttpConnection(server.port())) {
      c.send(
          "OPTIONS / HTTP/1.1\r\nHost: localhost\r\nOrigin: http://localhost:3000\r\n"
              + "Access-Control-Request-Method: POST\r\n"
              + "Access-Control-Request-Headers: x-amz-target, content-type\r\n\r\n");
      Response response = c.read();
      assertThat(response.status()).isEqualTo(200);
      assertThat(response.header("access-control-allow-origin")).isEqualTo("http://localhost:3000");
      assertThat(response.header("vary")).isEqualTo("origin");
      assertThat(response.header("access-control-allow-methods")).isEqualTo("POST");
      assertThat(response.header("access-control-allow-headers"))
          .isEqualTo("x-amz-target, content-type");
    }
  }

  @Test
  void close_releasesThePort() {
    int port = server.port();
    server.close();
    server.close(); // a second close does nothing
    server = EngineServer.start(engine, "127.0.0.1", port);
    assertThat(server.port()).isEqualTo(port);
  }

  @Test
  void start_onAPortInUse_failsWithTheAddress() {
    assertThatThrownBy(() -> EngineServer.start(engine, "127.0.0.1", server.port()))
        .isInstanceOf(UncheckedIOException.class)
        .hasMessageStartingWith("Cannot listen on 127.0.0.1:" + server.port());
  }

  @Test
  void endpoint_bracketsAnIpv6Literal() {
    EngineServer v6;
    try {
      v6 = EngineServer.start(engine, "::1", 0);
    } catch (UncheckedIOException noIpv6) {
      return; // a machine without IPv6 loopback has nothing to show here
    }
    try (v6) {
      assertThat(v6.endpoint().toString()).isEqualTo("http://[::1]:" + v6.port());
    }
  }

  private HttpResponse<byte[]> post(String target, String body) throws Exception {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(server.endpoint())
            .header("Content-Type", "application/x-amz-json-1.0")
            .POST(BodyPublishers.ofString(body));
    if (target != null) {
      request.header("X-Amz-Target", target);
    }
    return HttpClient.newHttpClient().send(request.build(), BodyHandlers.ofByteArray());
  }

  private static void assertDynamoHeaders(
      java.util.Map<String, java.util.List<String>> headers, byte[] body) {
    CRC32 crc = new CRC32();
    crc.update(body);
    assertThat(headers.get("x-amz-crc32")).containsExactly(Long.toString(crc.getValue()));
    assertThat(headers.get("content-length")).containsExactly(Integer.toString(body.length));
    assertThat(headers.get("x-amzn-requestid")).singleElement().asString().matches("[0-9A-Z]{52}");
  }
}
