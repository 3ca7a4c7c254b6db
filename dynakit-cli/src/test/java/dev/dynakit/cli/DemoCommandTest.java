package dev.dynakit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.test.DynakitClients;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The demo runs every step on the embedded engine, then serves that engine over HTTP. */
class DemoCommandTest {
  @Test
  void demo_noServe_runsEveryStep() {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();

    int exit =
        Main.run(new PrintWriter(out, true), new PrintWriter(err, true), "demo", "--no-serve");

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
}
