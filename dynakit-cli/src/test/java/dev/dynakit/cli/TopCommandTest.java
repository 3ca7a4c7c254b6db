package dev.dynakit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dynakit.embedded.DynakitClients;
import dev.dynakit.engine.DynakitEngine;
import dev.dynakit.engine.EngineServer;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

class TopCommandTest {
  // a clock that stands still: every request of the test falls into one second
  private final DynakitEngine engine =
      DynakitEngine.builder()
          .clock(Clock.fixed(Instant.parse("2026-12-06T12:00:00Z"), ZoneOffset.UTC))
          .enforceCapacity(true)
          .build();
  private final EngineServer server = EngineServer.start(engine, "127.0.0.1", 0);
  private final URI endpoint = server.endpoint();

  @AfterEach
  void close() {
    server.close();
    engine.close();
  }

  /**
   * Table {@code name} keyed by pk and sk, with {@code puts} puts of 10 KB under pk {@code hot}.
   */
  private void plant(String name, String hot, int puts) {
    try (DynamoDbClient dynamo = DynakitClients.http(endpoint)) {
      dynamo.createTable(
          b ->
              b.tableName(name)
                  .billingMode(BillingMode.PAY_PER_REQUEST)
                  .attributeDefinitions(
                      a -> a.attributeName("pk").attributeType(ScalarAttributeType.S),
                      a -> a.attributeName("sk").attributeType(ScalarAttributeType.S))
                  .keySchema(
                      k -> k.attributeName("pk").keyType(KeyType.HASH),
                      k -> k.attributeName("sk").keyType(KeyType.RANGE)));
      String pad = "x".repeat(10 * 1024 - 100);
      for (int i = 0; i < puts; i++) {
        int n = i;
        dynamo.putItem(
            b ->
                b.tableName(name)
                    .item(
                        Map.of(
                            "pk", AttributeValue.fromS(hot),
                            "sk", AttributeValue.fromS("s" + n),
                            "pad", AttributeValue.fromS(pad))));
      }
      dynamo.putItem(
          b ->
              b.tableName(name)
                  .item(
                      Map.of("pk", AttributeValue.fromS("cold"), "sk", AttributeValue.fromS("s"))));
    }
  }

  private record Run(int exit, String out, String err) {}

  private static Run top(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exit = Main.run(new PrintWriter(out, true), new PrintWriter(err, true), args);
    return new Run(exit, out.toString(), err.toString());
  }

  @Test
  void onceJson_namesThePlantedHotKeyWithItsShareOfThePerKeyCeiling() throws Exception {
    plant("Orders", "2026-12-06", 30);

    Run run = top("top", "--endpoint", endpoint.toString(), "--once", "--json");

    assertThat(run.exit()).as(run.err()).isZero();
    JsonNode tables = new ObjectMapper().readTree(run.out()).get("Tables");
    assertThat(tables).hasSize(1);
    JsonNode hot = tables.get(0).get("Keys").get(0);
    assertThat(tables.get(0).get("TableName").asText()).isEqualTo("Orders");
    assertThat(hot.get("PartitionKey").get("S").asText()).isEqualTo("2026-12-06");
    // 30 puts of 10 units in one second: 30 % of the 1,000 a key may take
    assertThat(hot.get("WriteCeilingShare").asDouble()).isEqualTo(0.3);
    assertThat(hot.get("PeakWriteUnitsPerSecond").asDouble()).isEqualTo(300.0);
    assertThat(hot.get("IndexName").isNull()).isTrue();
    assertThat(tables.get(0).get("Keys").get(1).get("PartitionKey").get("S").asText())
        .isEqualTo("cold");
  }

  @Test
  void onceJson_countsThrottledRequests() throws Exception {
    plant("Orders", "today", 0);
    try (DynamoDbClient dynamo = DynakitClients.http(endpoint)) {
      String pad = "x".repeat(300 * 1024);
      int refused = 0;
      for (int i = 0; i < 5; i++) {
        int n = i;
        try {
          dynamo.putItem(
              b ->
                  b.tableName("Orders")
                      .item(
                          Map.of(
                              "pk", AttributeValue.fromS("today"),
                              "sk", AttributeValue.fromS("s" + n),
                              "pad", AttributeValue.fromS(pad))));
        } catch (
            software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException
                e) {
          refused++;
        }
      }
      assertThat(refused).isEqualTo(2);
    }

    JsonNode hot =
        new ObjectMapper()
            .readTree(
                top(
                        "top",
                        "--endpoint",
                        endpoint.toString(),
                        "--table",
                        "Orders",
                        "--once",
                        "--json")
                    .out())
            .get("Tables")
            .get(0)
            .get("Keys")
            .get(0);
    // the SDK retried each refused put: every attempt counts
    assertThat(hot.get("ThrottledRequests").asLong()).isGreaterThanOrEqualTo(2);
    assertThat(hot.get("WriteCeilingShare").asDouble()).isEqualTo(0.903);
  }

  @Test
  void onceView_isATableOfHotKeysWithTheirShares() {
    plant("Orders", "2026-12-06", 30);

    Run run = top("top", "--endpoint", endpoint.toString(), "--once");

    assertThat(run.exit()).as(run.err()).isZero();
    assertThat(run.out()).contains("PARTITION KEY").contains("OF 1000").contains("THROTTLED");
    assertThat(run.out())
        .containsPattern("Orders +- +2026-12-06 +300\\.0 +30\\.0% +0\\.0 +0\\.0% +0");
  }

  @Test
  void anUnknownTable_failsNamingIt() {
    Run run = top("top", "--endpoint", endpoint.toString(), "--table", "Nope", "--once");

    assertThat(run.exit()).isEqualTo(1);
    assertThat(run.err()).contains("ResourceNotFoundException").contains("Nope");
  }

  @Test
  void anEngineWithoutStatistics_saysHowToStartOne() {
    try (DynakitEngine plain = DynakitEngine.inMemory();
        EngineServer plainServer = EngineServer.start(plain, "127.0.0.1", 0)) {
      try (DynamoDbClient dynamo = DynakitClients.http(plainServer.endpoint())) {
        dynamo.createTable(
            b ->
                b.tableName("Orders")
                    .billingMode(BillingMode.PAY_PER_REQUEST)
                    .attributeDefinitions(
                        a -> a.attributeName("pk").attributeType(ScalarAttributeType.S))
                    .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH)));
      }
      Run run = top("top", "--endpoint", plainServer.endpoint().toString(), "--once");

      assertThat(run.exit()).isEqualTo(1);
      assertThat(run.err()).contains("--enforce-capacity");
    }
  }

  @Test
  void aBadEndpoint_isAUsageError() {
    assertThat(top("top", "--endpoint", "nowhere", "--once").exit()).isEqualTo(2);
  }
}
