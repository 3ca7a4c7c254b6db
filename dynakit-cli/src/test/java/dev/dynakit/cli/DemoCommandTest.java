package dev.dynakit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.engine.DynakitEngine;
import dev.dynakit.test.DynakitClients;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The demo needs the engine's table and item operations. While some are still missing it must stop
 * at the first one with one line naming it; once all exist it must run every step.
 */
class DemoCommandTest {
  private static final List<String> DEMO_OPERATIONS =
      List.of("CreateTable", "PutItem", "GetItem", "UpdateItem", "DeleteItem");

  @Test
  void demo_noServe_runsEveryStepOrNamesTheMissingOperation() {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();

    int exit =
        Main.run(new PrintWriter(out, true), new PrintWriter(err, true), "demo", "--no-serve");

    String missing = firstMissingOperation();
    if (missing != null) {
      assertThat(exit).isEqualTo(1);
      assertThat(err.toString())
          .matches("dynakit: step \\d+: this engine does not implement " + missing + " yet\\R");
      return;
    }
    assertThat(err.toString()).isEmpty();
    assertThat(exit).isZero();
    assertThat(out.toString())
        .contains(
            "1. CreateTable: demo-cars",
            "   -> ACTIVE",
            "2. PutItem: write 3 cars",
            "   -> {make: \"Toyota\", model: \"Corolla\", year: 2021, price: 21000}",
            "3. GetItem: read {make: \"Toyota\", model: \"Corolla\"}",
            "4. UpdateItem:",
            "5. PutItem:",
            "   -> refused, as it should be: The conditional request failed",
            "6. DeleteItem: delete {make: \"Honda\", model: \"Civic\"}",
            "7. GetItem: read {make: \"Honda\", model: \"Civic\"} again",
            "   -> no item",
            "Done: 7 steps");
    assertThat(out.toString()).containsPattern("price: 19500");
  }

  @Test
  void demo_thenServesTheSameEngineOverHttp() throws Exception {
    if (firstMissingOperation() != null) {
      // the serving half is reached only after every step ran; the test above covers the rest
      try (CliRun demo = new CliRun("demo")) {
        assertThat(demo.awaitExit()).isEqualTo(1);
      }
      return;
    }
    try (CliRun demo = new CliRun("demo", "--port", "0")) {
      URI endpoint = demo.endpoint();
      try (DynamoDbClient dynamo = DynakitClients.http(endpoint)) {
        Map<String, AttributeValue> prius =
            dynamo
                .getItem(
                    b ->
                        b.tableName("demo-cars")
                            .key(
                                Map.of(
                                    "make", AttributeValue.fromS("Toyota"),
                                    "model", AttributeValue.fromS("Prius"))))
                .item();
        assertThat(prius).containsEntry("year", AttributeValue.fromN("2023"));
      }
      assertThat(demo.stop()).isZero();
      assertThat(demo.out()).contains("Try: AWS_ACCESS_KEY_ID=dynakit");
    }
  }

  /** The first operation the demo needs that the engine does not implement yet, or null. */
  private static String firstMissingOperation() {
    try (DynakitEngine engine = DynakitEngine.inMemory()) {
      for (String operation : DEMO_OPERATIONS) {
        byte[] answer =
            engine
                .handle(
                    DynakitEngine.TARGET_PREFIX + operation, "{}".getBytes(StandardCharsets.UTF_8))
                .body();
        if (new String(answer, StandardCharsets.UTF_8).contains("UnknownOperationException")) {
          return operation;
        }
      }
      return null;
    }
  }
}
