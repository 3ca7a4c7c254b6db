package dev.dynakit.advisor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.dynakit.embedded.DynakitClients;
import dev.dynakit.engine.DynakitEngine;
import dev.dynakit.engine.EngineServer;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * {@code analyze} on a generated table with a planted oversized item collection and a planted hot
 * partition, on the engine with its key statistics (asked over HTTP, as the command does): both are
 * named, with figures within 5 % of the true ones.
 */
class AnalyzeTest {
  private static final String SPEC =
      """
      {"table": "orders", "keyFields": ["customerId", "orderId"], "structuralKey": "_sk",
       "technicalPrefix": "_",
       "indices": {"byStatus": {"type": "gsi", "pk": "status", "sk": "orderId",
                                "projection": "keys-only"}}}
      """;
  private static final int CUSTOMERS = 300;
  private static final int ORDERS_EACH = 3;
  private static final int BIG_ORDERS = 400;
  private static final int HOT_READS = 600;

  private DynakitEngine engine;
  private EngineServer server;
  private DynamoDbClient client;
  private long totalBytes;
  private long bigBytes;

  @BeforeEach
  void generate() {
    // a fixed clock: the engine's statistics window holds every read of the test
    Clock clock = Clock.fixed(Instant.parse("2026-12-06T12:00:00Z"), ZoneOffset.UTC);
    engine = DynakitEngine.builder().clock(clock).keyStatistics(true).build();
    server = EngineServer.start(engine, "127.0.0.1", 0);
    client = DynakitClients.inProcess(engine);
    createTable();
    for (int c = 0; c < CUSTOMERS; c++) {
      for (int o = 0; o < ORDERS_EACH; o++) {
        totalBytes += put(String.format("c%03d", c), String.format("o%02d", o), 100);
      }
    }
    for (int o = 0; o < BIG_ORDERS; o++) {
      bigBytes += put("c-big", String.format("o%04d", o), 2000);
    }
    totalBytes += bigBytes;
    for (int i = 0; i < HOT_READS; i++) {
      client.getItem(
          g ->
              g.tableName("orders")
                  .key(
                      Map.of(
                          "customerId", AttributeValue.fromS("c007"),
                          "_sk", AttributeValue.fromS("o01"))));
    }
  }

  @AfterEach
  void stop() {
    client.close();
    server.close();
    engine.close();
  }

  @Test
  void analyze_namesTheOversizedCollectionAndTheHotPartition() {
    Report report = Advisor.of(SPEC, "orders.json").analyze(client, server.endpoint(), 1e6);
    Analysis analysis = report.analysis().orElseThrow();

    long items = (long) CUSTOMERS * ORDERS_EACH + BIG_ORDERS;
    assertThat(analysis.items()).isEqualTo(items);
    assertThat(analysis.bytes()).isCloseTo(totalBytes, within(totalBytes / 20));
    Analysis.KeySpread table = analysis.keys().get(0);
    assertThat(table.target()).isEqualTo("table");
    assertThat(table.keys()).isEqualTo(CUSTOMERS + 1);
    assertThat(table.itemsP50()).isEqualTo(ORDERS_EACH);
    assertThat(table.itemsMax()).isEqualTo(BIG_ORDERS);
    Analysis.Collection largest = table.largest().get(0);
    assertThat(largest.key()).isEqualTo("c-big");
    assertThat(largest.items()).isEqualTo(BIG_ORDERS);
    assertThat(largest.bytes()).isCloseTo(bigBytes, within(bigBytes / 20));
    double share = (double) bigBytes / totalBytes;
    assertThat(largest.share()).isCloseTo(share, within(share * 0.05));

    Analysis.KeySpread byStatus = analysis.keys().get(1);
    assertThat(byStatus.target()).isEqualTo("byStatus");
    assertThat(byStatus.keys()).isEqualTo(2);
    assertThat(byStatus.items()).isEqualTo(items);

    // the planted hot partition: 600 eventually consistent reads of a small item, 0.5 unit each
    assertThat(analysis.hotKeysUnavailable()).isNull();
    // (the oversized collection is the hottest by writes; the planted reads make c007 the
    // hottest by reads)
    Analysis.HotKey hot =
        analysis.hotKeys().stream()
            .max(java.util.Comparator.comparingDouble(Analysis.HotKey::consumedReadUnits))
            .orElseThrow();
    assertThat(hot.index()).isEqualTo("table");
    assertThat(hot.key()).isEqualTo("c007");
    double trueUnits = HOT_READS * 0.5;
    assertThat(hot.consumedReadUnits()).isCloseTo(trueUnits, within(trueUnits * 0.05));
    assertThat(hot.readCeilingShare()).isCloseTo(hot.peakReadUnitsPerSecond() / 3000, within(1e-9));

    String text = report.text();
    assertThat(text).contains("c-big").contains("c007");
  }

  @Test
  void analyze_onAnEngineWithoutStatistics_saysTheyAreUnavailable() {
    try (DynakitEngine plain = DynakitEngine.inMemory();
        EngineServer plainServer = EngineServer.start(plain, "127.0.0.1", 0);
        DynamoDbClient plainClient = DynakitClients.inProcess(plain)) {
      DynamoDbClient saved = client;
      client = plainClient;
      createTable();
      put("c1", "o1", 10);
      client = saved;

      Analysis analysis =
          Advisor.of(SPEC, "orders.json")
              .analyze(plainClient, plainServer.endpoint(), 100)
              .analysis()
              .orElseThrow();

      assertThat(analysis.items()).isEqualTo(1);
      assertThat(analysis.hotKeys()).isEmpty();
      assertThat(analysis.hotKeysUnavailable()).startsWith("hot-key statistics unavailable: ");
    }
  }

  private void createTable() {
    client.createTable(
        t ->
            t.tableName("orders")
                .billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(
                    attribute("customerId"),
                    attribute("_sk"),
                    attribute("status"),
                    attribute("orderId"))
                .keySchema(key("customerId", KeyType.HASH), key("_sk", KeyType.RANGE))
                .globalSecondaryIndexes(
                    GlobalSecondaryIndex.builder()
                        .indexName("byStatus")
                        .keySchema(key("status", KeyType.HASH), key("orderId", KeyType.RANGE))
                        .projection(
                            Projection.builder().projectionType(ProjectionType.KEYS_ONLY).build())
                        .build()));
  }

  /** Puts an order and returns its size by DynamoDB's rules, counted here by hand. */
  private long put(String customer, String order, int payload) {
    String status = order.hashCode() % 2 == 0 ? "open" : "closed";
    Map<String, AttributeValue> item = new HashMap<>();
    item.put("customerId", AttributeValue.fromS(customer));
    item.put("_sk", AttributeValue.fromS(order));
    item.put("orderId", AttributeValue.fromS(order));
    item.put("status", AttributeValue.fromS(status));
    item.put("payload", AttributeValue.fromS("x".repeat(payload)));
    client.putItem(p -> p.tableName("orders").item(item));
    return List.of(
                "customerId", customer, "_sk", order, "orderId", order, "status", status, "payload")
            .stream()
            .mapToLong(String::length)
            .sum()
        + payload;
  }

  private static AttributeDefinition attribute(String name) {
    return AttributeDefinition.builder()
        .attributeName(name)
        .attributeType(ScalarAttributeType.S)
        .build();
  }

  private static KeySchemaElement key(String name, KeyType type) {
    return KeySchemaElement.builder().attributeName(name).keyType(type).build();
  }
}
