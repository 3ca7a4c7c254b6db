package dev.dynakit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.embedded.DynakitClients;
import dev.dynakit.engine.DynakitEngine;
import dev.dynakit.engine.EngineServer;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;

/**
 * The single-table example declaration, {@code examples/specs/shop.json}, through the command line
 * as written: {@code ensure-table} provisions it and {@code rest} serves its entities and access
 * patterns; {@code demo shop} runs the example on it and serves it.
 */
class ShopCommandsTest {
  private static final Pattern SERVING =
      Pattern.compile("Dynakit REST API for table \\S+ on (http://\\S+)");
  private static final Pattern CURL = Pattern.compile("^  curl (.*)'(http://\\S+)'$");
  private static final String SPEC = Path.of("..", "examples", "specs", "shop.json").toString();

  private final HttpClient http = HttpClient.newHttpClient();

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
  void ensureTable_provisionsTheShop_withItsOverloadedAndSparseIndices() {
    try (DynakitEngine engine = DynakitEngine.inMemory();
        EngineServer server = EngineServer.start(engine, "127.0.0.1", 0)) {
      String endpoint = server.endpoint().toString();
      StringWriter out = new StringWriter();
      StringWriter err = new StringWriter();

      int exit =
          Main.run(
              new PrintWriter(out, true),
              new PrintWriter(err, true),
              "ensure-table",
              SPEC,
              "--endpoint",
              endpoint);

      assertThat(err.toString()).isEmpty();
      assertThat(exit).isZero();
      assertThat(out.toString()).contains("Table shop on DynamoDB at " + endpoint + ".");
      try (DynamoDbClient dynamo = DynakitClients.inProcess(engine)) {
        TableDescription table = dynamo.describeTable(b -> b.tableName("shop")).table();
        assertThat(table.keySchema())
            .extracting(k -> k.attributeName() + " " + k.keyTypeAsString())
            .containsExactly("PK HASH", "SK RANGE");
        assertThat(table.globalSecondaryIndexes())
            .extracting(
                gsi ->
                    gsi.indexName()
                        + " "
                        + gsi.keySchema().get(0).attributeName()
                        + " "
                        + gsi.keySchema().get(1).attributeName()
                        + " "
                        + gsi.projection().projectionTypeAsString())
            .containsExactlyInAnyOrder("GSI1 GSI1PK GSI1SK ALL", "GSI2 GSI2PK GSI2SK KEYS_ONLY");
      }
      StringWriter again = new StringWriter();
      assertThat(
              Main.run(
                  new PrintWriter(again, true),
                  new PrintWriter(err, true),
                  "ensure-table",
                  SPEC,
                  "--endpoint",
                  endpoint))
          .isZero();
      assertThat(again.toString()).contains("Table shop matches its declaration: nothing to do.");
    }
  }

  @Test
  void rest_servesTheShop_entitiesAndAccessPatterns() throws Exception {
    try (CliRun rest = new CliRun("rest", SPEC, "--port", "0")) {
      URI base = rest.endpoint(SERVING);
      assertThat(rest.out()).contains("Table shop on the embedded in-memory engine");

      HttpResponse<String> created =
          send(
              "POST",
              URI.create(base + "order/"),
              "{\"customerId\":\"c42\",\"orderId\":\"o981\",\"orderDate\":\"2026-03-01\","
                  + "\"status\":\"SHIPPED\",\"total\":12.5,\"needsReview\":true}");
      assertThat(created.statusCode()).as(created.body()).isEqualTo(204);
      assertThat(
              send(
                      "POST",
                      URI.create(base + "customer/"),
                      "{\"customerId\":\"c42\",\"name\":\"Grace Hopper\"}")
                  .statusCode())
          .isEqualTo(204);

      HttpResponse<String> one = send("GET", URI.create(base + "order/c42:2026-03-01:o981"), null);
      assertThat(one.statusCode()).as(one.body()).isEqualTo(200);
      assertThat(one.body()).contains("\"orderId\":\"o981\"", "\"_type\":\"order\"");

      HttpResponse<String> both =
          send("GET", URI.create(base + "-patterns/customerWithOrders?customerId=c42"), null);
      assertThat(both.statusCode()).as(both.body()).isEqualTo(200);
      assertThat(both.body())
          .startsWith("{\"data\":[")
          .contains("\"_type\":\"order\"", "\"_type\":\"customer\"", "\"cursor\":null");

      HttpResponse<String> queue = send("GET", URI.create(base + "-patterns/reviewQueue"), null);
      assertThat(queue.body()).contains("\"orderId\":\"o981\"");

      HttpResponse<String> missing =
          send("GET", URI.create(base + "-patterns/customerWithOrders"), null);
      assertThat(missing.statusCode()).isEqualTo(400);
      assertThat(missing.body()).contains("MissingParameter", "customerId");

      assertThat(rest.stop()).isZero();
      assertThat(rest.err()).isEmpty();
    }
  }

  @Test
  void demoShop_noServe_runsEveryStepAndExits() {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();

    int exit =
        Main.run(
            new PrintWriter(out, true), new PrintWriter(err, true), "demo", "shop", "--no-serve");

    assertThat(err.toString()).isEmpty();
    assertThat(exit).isZero();
    assertThat(out.toString())
        .contains(
            "Provisioning shop from its declaration:",
            "   shop.pattern(\"customerWithOrders\", {customerId: \"c42\"})",
            "Done: 10 steps, every access pattern of specs/shop.json in one request each")
        .doesNotContain("car-rentals", "listening on", "curl");
  }

  @Test
  void demo_unknownExample_isAUsageError() {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();

    int exit = Main.run(new PrintWriter(out, true), new PrintWriter(err, true), "demo", "garage");

    assertThat(exit).isEqualTo(2);
    assertThat(err.toString()).contains("unknown example 'garage'; the examples are rentals, shop");
    assertThat(out.toString()).isEmpty();
  }

  @Test
  void demoShop_thenServesTheShop_andItsCurlExamplesWork() throws Exception {
    try (CliRun demo = new CliRun("demo", "shop", "--port", "0")) {
      URI base = demo.endpoint();
      List<Matcher> curls =
          demo.out()
              .lines()
              .map(CURL::matcher)
              .filter(Matcher::matches)
              .collect(Collectors.toList());
      assertThat(curls).hasSize(5);
      for (Matcher curl : curls.subList(0, 4)) {
        assertThat(curl.group(1)).isEmpty();
        HttpResponse<String> reply = send("GET", URI.create(curl.group(2)), null);
        assertThat(reply.statusCode()).as(curl.group(2) + " " + reply.body()).isEqualTo(200);
      }
      assertThat(send("GET", base, null).body()).contains("\"patterns\"", "\"orderItem\"");
      assertThat(send("GET", URI.create(curls.get(1).group(2)), null).body())
          .contains("\"orderId\":\"o1002\"", "\"_type\":\"order\"");
      assertThat(send("GET", URI.create(curls.get(2).group(2)), null).body())
          .contains("\"_type\":\"order\"", "\"cursor\":\"");
      assertThat(send("GET", URI.create(curls.get(3).group(2)), null).body())
          .isEqualTo("{\"count\":57}");
      assertThat(curls.get(4).group(1))
          .isEqualTo("-X PATCH -H 'Content-Type: application/json' -d '{\"needsReview\": true}' ");
      assertThat(
              send("PATCH", URI.create(curls.get(4).group(2)), "{\"needsReview\": true}")
                  .statusCode())
          .isEqualTo(204);
      assertThat(send("GET", URI.create(base + "-patterns/reviewQueue"), null).body())
          .contains("\"orderId\":\"o1002\"");
      assertThat(demo.stop()).isZero();
      assertThat(demo.err()).isEmpty();
    }
  }
}
