package dev.dynakit.rest.netty;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.rest.RestPolicy;
import dev.dynakit.rest.RestRequest;
import dev.dynakit.rest.RestResponse;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class RestServerTest {
  private static final RestPolicy SMALL = RestPolicy.builder().maxBodyBytes(1000).build();
  private final HttpClient client = HttpClient.newHttpClient();
  private RestServer server;

  @AfterEach
  void stop() {
    if (server != null) {
      server.close();
    }
  }

  private static RestResponse echo(RestRequest request) {
    if (request.path().equals("/boom")) {
      throw new IllegalStateException("secret internals");
    }
    if (request.path().equals("/empty")) {
      return RestResponse.noContent();
    }
    if (request.path().equals("/miss")) {
      return RestResponse.empty(404);
    }
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("method", request.method());
    out.put("mount", request.mount());
    out.put("path", request.path());
    out.put("query", request.query());
    out.put("bytes", request.body().length);
    out.put("header", request.header("x-test"));
    return RestResponse.json(200, out);
  }

  private URI start(String mount) {
    server = RestServer.builder(RestServerTest::echo).mount(mount).policy(SMALL).start();
    return server.uri();
  }

  private HttpResponse<String> send(HttpRequest.Builder request) throws Exception {
    return client.send(request.build(), BodyHandlers.ofString());
  }

  @Test
  void servesOnAnEphemeralPort_passingTheRawRequest() throws Exception {
    URI base = start("");
    assertThat(server.port()).isPositive();
    assertThat(base.toString()).isEqualTo("http://127.0.0.1:" + server.port() + "/");
    HttpResponse<String> response =
        send(
            HttpRequest.newBuilder(base.resolve("/Hoth%20II/-clone?eq-name=a+b&x=%2F"))
                .header("X-Test", "yes")
                .PUT(BodyPublishers.ofString("{\"a\":1}")));
    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(response.headers().firstValue("content-type"))
        .hasValue("application/json; charset=utf-8");
    assertThat(response.body())
        .isEqualTo(
            "{\"method\":\"PUT\",\"mount\":\"\",\"path\":\"/Hoth%20II/-clone\","
                + "\"query\":\"eq-name=a+b&x=%2F\",\"bytes\":7,\"header\":\"yes\"}");
  }

  @Test
  void mountedHandler_seesPathsBelowTheMount() throws Exception {
    URI base = start("/planets/");
    assertThat(base.getPath()).isEqualTo("/planets/");
    assertThat(send(HttpRequest.newBuilder(base.resolve("/planets/Hoth"))).body())
        .contains("\"mount\":\"/planets\",\"path\":\"/Hoth\"");
    assertThat(send(HttpRequest.newBuilder(base.resolve("/planets"))).body())
        .contains("\"path\":\"\"");
    HttpResponse<String> other = send(HttpRequest.newBuilder(base.resolve("/planetsX")));
    assertThat(other.statusCode()).isEqualTo(404);
    assertThat(other.body()).contains("\"code\":\"NotFound\"");
  }

  @Test
  void bodyAtTheLimit_isAccepted_beyondIt413() throws Exception {
    URI base = start("");
    assertThat(
            send(HttpRequest.newBuilder(base).POST(BodyPublishers.ofString("x".repeat(1000))))
                .body())
        .contains("\"bytes\":1000");
    HttpResponse<String> declared =
        send(HttpRequest.newBuilder(base).POST(BodyPublishers.ofString("x".repeat(1001))));
    assertThat(declared.statusCode()).isEqualTo(413);
    assertThat(declared.body())
        .isEqualTo(
            "{\"code\":\"PayloadTooLarge\",\"message\":\"the request body is larger than 1000"
                + " bytes\"}");
  }

  @Test
  void chunkedBodyBeyondTheLimit_is413() throws Exception {
    URI base = start("");
    byte[] bytes = new byte[1500];
    HttpResponse<String> chunked =
        send(
            HttpRequest.newBuilder(base)
                .POST(BodyPublishers.ofInputStream(() -> new java.io.ByteArrayInputStream(bytes))));
    assertThat(chunked.statusCode()).isEqualTo(413);
    assertThat(chunked.body()).contains("PayloadTooLarge");
  }

  @Test
  void hugeDeclaredBody_isRefusedBeforeReading() throws Exception {
    start("");
    String response =
        raw("POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5000000000\r\n\r\n{\"a\":");
    assertThat(response).startsWith("HTTP/1.1 413").contains("PayloadTooLarge");
  }

  @Test
  void head_sendsTheGetHeadersWithoutTheBody() throws Exception {
    URI base = start("");
    HttpResponse<String> get = send(HttpRequest.newBuilder(base.resolve("/x")));
    HttpResponse<String> head =
        send(HttpRequest.newBuilder(base.resolve("/x")).method("HEAD", BodyPublishers.noBody()));
    assertThat(head.statusCode()).isEqualTo(200);
    assertThat(head.body()).isEmpty();
    assertThat(head.headers().firstValue("content-type"))
        .hasValue("application/json; charset=utf-8");
    int length = get.body().replace("GET", "HEAD").getBytes(StandardCharsets.UTF_8).length;
    assertThat(head.headers().firstValue("content-length")).hasValue(Integer.toString(length));
  }

  @Test
  void responsesWithoutBody_haveNoContentType() throws Exception {
    URI base = start("");
    HttpResponse<String> empty = send(HttpRequest.newBuilder(base.resolve("/empty")));
    assertThat(empty.statusCode()).isEqualTo(204);
    assertThat(empty.body()).isEmpty();
    assertThat(empty.headers().firstValue("content-type")).isEmpty();
    HttpResponse<String> miss = send(HttpRequest.newBuilder(base.resolve("/miss")));
    assertThat(miss.statusCode()).isEqualTo(404);
    assertThat(miss.body()).isEmpty();
    assertThat(miss.headers().firstValue("content-type")).isEmpty();
  }

  @Test
  void handlerFailure_is500WithoutStackTrace() throws Exception {
    URI base = start("");
    HttpResponse<String> response = send(HttpRequest.newBuilder(base.resolve("/boom")));
    assertThat(response.statusCode()).isEqualTo(500);
    assertThat(response.body())
        .startsWith("{\"code\":\"InternalError\",\"message\":\"internal server error (error id ")
        .doesNotContain("secret")
        .doesNotContain("Exception")
        .doesNotContain("at dev.");
  }

  @Test
  void doubleSlashTarget_staysAPathOnThisServer() throws Exception {
    start("");
    String response = raw("GET //evil.example/x HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    assertThat(response).startsWith("HTTP/1.1 200").contains("\"path\":\"/evil.example/x\"");
  }

  @Test
  void targetsThatAreNotPrintableAscii_are400_neverReadAsLatin1() throws Exception {
    start("");
    byte[] head =
        "GET /Caf\u00c3\u00a9 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
            .getBytes(StandardCharsets.ISO_8859_1);
    assertThat(raw(new String(head, StandardCharsets.ISO_8859_1)))
        .startsWith("HTTP/1.1 400")
        .contains("\"code\":\"BadTarget\"");
    assertThat(raw("OPTIONS * HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")).startsWith("HTTP/1.1 400");
  }

  @Test
  void anOverlongRequestLine_is414_andTheClientCanFinishSendingAndReadIt() throws Exception {
    start("");
    try (Socket socket = new Socket("127.0.0.1", server.port())) {
      socket.setSoTimeout(10_000);
      OutputStream out = socket.getOutputStream();
      // far past the line limit, with a body behind it: the server must read on, not reset
      out.write(
          ("PUT /?q="
                  + "v".repeat(300_000)
                  + " HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                  + "Content-Length: 200000\r\n\r\n")
              .getBytes(StandardCharsets.ISO_8859_1));
      out.write(new byte[200_000]);
      out.flush();
      String answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertThat(answer).startsWith("HTTP/1.1 414").contains("\"code\":\"UriTooLong\"");
    }
  }

  private String raw(String request) throws IOException {
    try (Socket socket = new Socket("127.0.0.1", server.port())) {
      socket.setSoTimeout(5000);
      OutputStream out = socket.getOutputStream();
      out.write(request.getBytes(StandardCharsets.ISO_8859_1));
      out.flush();
      InputStream in = socket.getInputStream();
      StringBuilder text = new StringBuilder();
      byte[] buffer = new byte[4096];
      int n;
      while (!text.toString().contains("}") && (n = in.read(buffer)) > 0) {
        text.append(new String(buffer, 0, n, StandardCharsets.UTF_8));
      }
      return text.toString();
    }
  }
}
