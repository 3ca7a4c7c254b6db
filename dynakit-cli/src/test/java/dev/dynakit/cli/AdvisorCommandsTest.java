package dev.dynakit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dynakit.embedded.DynakitClients;
import dev.dynakit.engine.DynakitEngine;
import dev.dynakit.engine.EngineServer;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** {@code lint}, {@code simulate} and {@code analyze}: output, formats and exit codes. */
class AdvisorCommandsTest {
  private static final Path SPECS = Path.of("..", "examples", "specs");

  private record Run(int exit, String out, String err) {}

  private static Run run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exit = Main.run(new PrintWriter(out, true), new PrintWriter(err, true), args);
    return new Run(exit, out.toString(), err.toString());
  }

  @Test
  void lint_exitCodeFollowsTheHighestSeverity() {
    Run shop = run("lint", SPECS.resolve("shop.json").toString());
    assertThat(shop.exit()).isZero();
    assertThat(shop.out()).contains("INFO    [constant-key] index GSI2 key GSI2PK");

    Run cars = run("lint", SPECS.resolve("cars.json").toString());
    assertThat(cars.exit()).isEqualTo(1);
    assertThat(cars.out()).contains("WARNING [lsi] index byPickup").contains("fix: ");

    Run events =
        run(
            "lint",
            SPECS.resolve("events.json").toString(),
            "--traffic",
            SPECS.resolve("traffic.json").toString());
    assertThat(events.exit()).isEqualTo(3);
    assertThat(events.out()).contains("ERROR   [pk-monotonic] partition key day");
  }

  @Test
  void lint_ignore_silencesRulesById() {
    Run run =
        run(
            "lint",
            SPECS.resolve("cars.json").toString(),
            "--ignore",
            "lsi",
            "--ignore",
            "sparse-without-predicate",
            "--ignore",
            "technical-unprefixed");
    assertThat(run.exit()).isZero();
    assertThat(run.out()).doesNotContain("[lsi]");

    Run unknown = run("lint", SPECS.resolve("cars.json").toString(), "--ignore", "no-such-rule");
    assertThat(unknown.exit()).isEqualTo(2);
    assertThat(unknown.err()).startsWith("dynakit: unknown rule 'no-such-rule'");
  }

  @Test
  void lint_json_isOneDocumentWithEveryFinding() throws Exception {
    Run run = run("lint", SPECS.resolve("cars.json").toString(), "--json");
    JsonNode root = new ObjectMapper().readTree(run.out());
    assertThat(root.get("table").asText()).isEqualTo("car-rentals");
    assertThat(root.get("findings")).hasSize(5);
    JsonNode first = root.get("findings").get(0);
    assertThat(first.fieldNames())
        .toIterable()
        .containsExactly("rule", "severity", "subject", "reason", "fix");
  }

  @Test
  void lint_missingOrInvalidDeclaration_isWrongInput(@TempDir Path dir) throws Exception {
    Run missing = run("lint", dir.resolve("none.json").toString());
    assertThat(missing.exit()).isEqualTo(2);
    assertThat(missing.err()).contains("none.json: cannot read");

    Path bad = dir.resolve("bad.json");
    Files.writeString(bad, "{\"table\": \"x\"}");
    Run invalid = run("lint", bad.toString());
    assertThat(invalid.exit()).isEqualTo(2);
    assertThat(invalid.err()).contains("bad.json: Invalid declaration");
  }

  @Test
  void simulate_writesTextAndTheHtmlPage(@TempDir Path dir) throws Exception {
    Path html = dir.resolve("report.html");
    Run run =
        run(
            "simulate",
            SPECS.resolve("events.json").toString(),
            SPECS.resolve("traffic.json").toString(),
            "--html",
            html.toString());

    assertThat(run.exit()).isEqualTo(3);
    assertThat(run.out())
        .contains("writeEvent")
        .contains("Monthly cost: on-demand $")
        .contains("HTML report: " + html);
    String page = Files.readString(html);
    assertThat(page).startsWith("<!DOCTYPE html>").contains("<svg id=\"load-vs-ceiling\"");
    // self-contained: nothing to fetch
    assertThat(page).doesNotContain("<script", "<link", "src=", "href=", "@import", "url(");
    try (var files = Files.list(dir)) {
      assertThat(files).containsExactly(html);
    }
  }

  @Test
  void simulate_shard_dividesTheHottestKey() {
    Run plain =
        run(
            "simulate",
            SPECS.resolve("events.json").toString(),
            SPECS.resolve("traffic.json").toString(),
            "--json");
    Run sharded =
        run(
            "simulate",
            SPECS.resolve("events.json").toString(),
            SPECS.resolve("traffic.json").toString(),
            "--json",
            "--shard",
            "writeEvent=25");
    assertThat(topWrite(plain.out()) / topWrite(sharded.out())).isEqualTo(25.0);
  }

  private static double topWrite(String json) {
    try {
      for (JsonNode load : new ObjectMapper().readTree(json).at("/simulation/loads")) {
        if (load.get("pattern").asText().equals("writeEvent")
            && load.get("target").asText().equals("table")) {
          return load.get("topKeyUnitsPerSecond").asDouble();
        }
      }
    } catch (Exception e) {
      throw new AssertionError(e);
    }
    throw new AssertionError("no writeEvent load in " + json);
  }

  @Test
  void analyze_readsTheTableAndTheEnginesHotKeys() {
    try (DynakitEngine engine = DynakitEngine.builder().keyStatistics(true).build();
        EngineServer server = EngineServer.start(engine, "127.0.0.1", 0);
        DynamoDbClient client = DynakitClients.inProcess(engine)) {
      Run ensured =
          run(
              "ensure-table",
              SPECS.resolve("cars.json").toString(),
              "--endpoint",
              server.endpoint().toString());
      assertThat(ensured.exit()).as(ensured.err()).isZero();
      for (int i = 0; i < 20; i++) {
        client.putItem(
            p ->
                p.tableName("car-rentals")
                    .item(
                        Map.of(
                            "state", AttributeValue.fromS("TX"),
                            "_sk", AttributeValue.fromS("TX|Dallas|" + System.nanoTime()))));
      }

      Run run =
          run(
              "analyze",
              SPECS.resolve("cars.json").toString(),
              "--endpoint",
              server.endpoint().toString(),
              "--max-rcu",
              "50");

      assertThat(run.err()).isEmpty();
      assertThat(run.out())
          .contains("Table car-rentals: 20 items")
          .contains("largest: TX  ")
          .doesNotContain("__descriptor__")
          .contains("hottest keys (engine statistics)");
      assertThat(run.exit()).isEqualTo(1); // cars.json's warnings
    }
  }

  @Test
  void analyze_withoutEndpoint_isAUsageError() {
    Run run = run("analyze", SPECS.resolve("cars.json").toString());
    assertThat(run.exit()).isEqualTo(2);
    assertThat(run.err()).contains("--endpoint");
  }
}
