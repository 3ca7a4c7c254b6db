package dev.dynakit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.embedded.DynakitClients;
import dev.dynakit.engine.DynakitEngine;
import dev.dynakit.engine.EngineServer;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** {@code dynakit rest SPEC.json}: ensures the declared table, then serves its REST API. */
class RestCommandTest {
  private static final Pattern SERVING =
      Pattern.compile("Dynakit REST API for table \\S+ on (http://\\S+)");
  private static final String SPEC = Path.of("..", "examples", "specs", "cars.json").toString();

  private final HttpClient http = HttpClient.newHttpClient();
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private HttpResponse<String> send(String method, URI uri, String body) throws Exception {
    HttpRequest.Builder b = HttpRequest.newBuilder(uri).header("Content-Type", "application/json");
    b.method(
        method,
        body == null
            ? HttpRequest.BodyPublishers.noBody()
            : HttpRequest.BodyPublishers.ofString(body));
    return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  @Test
  void rest_embedded_servesTheRoutePackForTheDeclaredTable() throws Exception {
    try (CliRun rest = new CliRun("rest", SPEC, "--port", "0")) {
      URI base = rest.endpoint(SERVING);
      assertThat(rest.out()).contains("Table car-rentals on the embedded in-memory engine");

      HttpResponse<String> created =
          send(
              "POST",
              base,
              "{\"state\":\"TX\",\"city\":\"Dallas\",\"rental\":\"r1\",\"make\":\"Toyota\","
                  + "\"status\":\"free\"}");
      assertThat(created.statusCode()).as(created.body()).isBetween(200, 299);

      HttpResponse<String> one = send("GET", URI.create(base + "TX:Dallas:r1"), null);
      assertThat(one.statusCode()).isEqualTo(200);
      assertThat(one.body()).contains("\"make\":\"Toyota\"");
      assertThat(one.headers().firstValue("ETag")).isPresent();

      HttpResponse<String> list = send("GET", URI.create(base + "?limit=5"), null);
      assertThat(list.statusCode()).isEqualTo(200);
      assertThat(list.body()).contains("\"rental\":\"r1\"");

      HttpResponse<String> bad = send("GET", URI.create(base + "?like-nothere=x"), null);
      assertThat(bad.statusCode()).isEqualTo(400);

      assertThat(rest.stop()).isZero();
    }
  }

  @Test
  void rest_withEndpoint_createsTheTableThere() throws Exception {
    try (DynakitEngine engine = DynakitEngine.inMemory();
        EngineServer server = EngineServer.start(engine, "127.0.0.1", 0);
        CliRun rest =
            new CliRun("rest", SPEC, "--port", "0", "--endpoint", server.endpoint().toString())) {
      URI base = rest.endpoint(SERVING);
      try (DynamoDbClient dynamo = DynakitClients.inProcess(engine)) {
        assertThat(
                dynamo.describeTable(b -> b.tableName("car-rentals")).table().tableStatusAsString())
            .isEqualTo("ACTIVE");
      }
      assertThat(send("GET", base, null).statusCode()).isEqualTo(200);
      assertThat(rest.stop()).isZero();
    }
  }

  /** A raw GET with the given Host header; returns the status line. */
  private static String getWithHost(URI base, String host) throws Exception {
    try (java.net.Socket socket = new java.net.Socket(base.getHost(), base.getPort())) {
      socket.setSoTimeout(10_000);
      socket
          .getOutputStream()
          .write(
              ("GET /?limit=1 HTTP/1.1\r\nHost: " + host + "\r\nConnection: close\r\n\r\n")
                  .getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
      String answer =
          new String(
              socket.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
      return answer.substring(0, answer.indexOf('\r'));
    }
  }

  @Test
  void rest_answersLoopbackHostsAndAllowedOnes_andWritesNeedJson() throws Exception {
    try (CliRun rest =
        new CliRun(
            "rest",
            SPEC,
            "--port",
            "0",
            "--allow-host",
            "api.dev.example",
            "--cors-origin",
            "https://app.example")) {
      URI base = rest.endpoint(SERVING);
      assertThat(getWithHost(base, "attacker.example")).isEqualTo("HTTP/1.1 403 Forbidden");
      assertThat(getWithHost(base, "api.dev.example:8080")).isEqualTo("HTTP/1.1 200 OK");
      assertThat(getWithHost(base, "localhost")).isEqualTo("HTTP/1.1 200 OK");
      HttpResponse<String> plain =
          http.send(
              HttpRequest.newBuilder(base)
                  .header("Content-Type", "text/plain")
                  .POST(HttpRequest.BodyPublishers.ofString("{\"state\":\"TX\"}"))
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      assertThat(plain.statusCode()).isEqualTo(415);
      HttpResponse<String> preflight =
          http.send(
              HttpRequest.newBuilder(base)
                  .header("Origin", "https://app.example")
                  .header("Access-Control-Request-Method", "POST")
                  .method("OPTIONS", HttpRequest.BodyPublishers.noBody())
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      assertThat(preflight.statusCode()).isEqualTo(204);
      assertThat(preflight.headers().firstValue("Access-Control-Allow-Origin"))
          .hasValue("https://app.example");
      assertThat(rest.stop()).isZero();
    }
  }

  @Test
  void rest_wildcardCorsOrigin_isAUsageError() {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exit =
        Main.run(
            new PrintWriter(out, true),
            new PrintWriter(err, true),
            "rest",
            SPEC,
            "--port",
            "0",
            "--cors-origin",
            "*");
    assertThat(exit).isEqualTo(2);
    assertThat(err.toString()).contains("wildcard");
    assertThat(out.toString()).doesNotContain("Table car-rentals");
  }

  @Test
  void rest_missingSpec_andMalformedSpec_exitWithTheSameCode(@TempDir Path dir) throws Exception {
    Path malformed = dir.resolve("cars.json");
    Files.writeString(malformed, "{\"table\": \"cars\", ");

    assertThat(run("rest", dir.resolve("nothere.json").toString())).isEqualTo(2);
    assertThat(err.toString()).contains("no such declaration file");
    err.getBuffer().setLength(0);
    assertThat(run("rest", malformed.toString())).isEqualTo(2);
    assertThat(err.toString()).contains("Invalid declaration (1 problem)");
  }

  @Test
  void rest_portInUse_isRefusedBeforeTheTableIsProvisioned() throws Exception {
    try (DynakitEngine engine = DynakitEngine.inMemory();
        EngineServer dynamo = EngineServer.start(engine, "127.0.0.1", 0);
        ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      int port = taken.getLocalPort();

      int exit =
          run(
              "rest",
              SPEC,
              "--port",
              Integer.toString(port),
              "--endpoint",
              dynamo.endpoint().toString());

      assertThat(exit).isEqualTo(1);
      assertThat(err.toString())
          .isEqualTo(
              "dynakit: Cannot listen on 127.0.0.1:"
                  + port
                  + ": the port is in use (choose another with --port N, or --port 0 for a free"
                  + " one)"
                  + System.lineSeparator());
      assertThat(out.toString()).isEmpty();
      try (DynamoDbClient client = DynakitClients.inProcess(engine)) {
        assertThat(client.listTables().tableNames()).isEmpty();
      }
    }
  }

  private int run(String... args) {
    return Main.run(new PrintWriter(out, true), new PrintWriter(err, true), args);
  }
}
