package dev.dynakit.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.internal.protocol.Json;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The hot-key statistics through the engine API and the DescribeKeyStatistics operation. */
class KeyStatisticsTest {
  private static final String TARGET = "Dynakit_20261206.DescribeKeyStatistics";

  private final ManualClock clock = new ManualClock(Instant.parse("2026-12-06T12:00:00Z"));
  private final DynakitEngine engine =
      DynakitEngine.builder().clock(clock).keyStatistics(true).build();
  private final JsonCalls calls = new JsonCalls(engine);

  @AfterEach
  void close() {
    engine.close();
  }

  /**
   * Puts {@code n} items of about {@code kb} KB under partition key {@code pk}, GSI key {@code g}.
   */
  private void load(String pk, String g, int n, int kb) {
    for (int i = 0; i < n; i++) {
      calls
          .call(
              "PutItem",
              "{'TableName':'Tbl','Item':{'pk':{'S':'"
                  + pk
                  + i
                  + "'},'g':{'S':'"
                  + g
                  + "'},'pad':{'S':'"
                  + "x".repeat(kb * 1024 - 100)
                  + "'}}}")
          .ok();
    }
  }

  private Map<String, Object> describe(String json) {
    EngineResponse r =
        engine.handle(TARGET, json.replace('\'', '"').getBytes(StandardCharsets.UTF_8));
    Map<String, Object> body = Json.parseObject(r.body());
    assertThat(r.status()).as(body.toString()).isEqualTo(200);
    return body;
  }

  @Test
  @SuppressWarnings("unchecked")
  void describeKeyStatistics_namesThePlantedHotGsiKeyFirst_withItsShareOfTheCeiling() {
    calls.createTableWithIndex("Tbl");
    // 50 writes of 10 units, each on its own table key but all on GSI key "today"
    load("k", "today", 50, 10);
    clock.advance(Duration.ofSeconds(1));
    load("other", "tomorrow", 5, 1);

    Map<String, Object> body = describe("{'TableName':'Tbl'}");

    assertThat(body.get("TableName")).isEqualTo("Tbl");
    assertThat(body.get("WindowSeconds")).isEqualTo(60L);
    List<Map<String, Object>> keys = (List<Map<String, Object>>) body.get("Keys");
    assertThat(keys).hasSize(10);
    Map<String, Object> hot = keys.get(0);
    assertThat(hot.get("IndexName")).isEqualTo("byG");
    assertThat(hot.get("PartitionKey")).isEqualTo(Map.of("S", "today"));
    assertThat(((Number) hot.get("ConsumedWriteUnits")).doubleValue()).isEqualTo(500.0);
    assertThat(((Number) hot.get("PeakWriteUnitsPerSecond")).doubleValue()).isEqualTo(500.0);
    assertThat(((Number) hot.get("WriteCeilingShare")).doubleValue()).isEqualTo(0.5);
    assertThat(((Number) hot.get("ReadCeilingShare")).doubleValue()).isEqualTo(0.0);
    assertThat(hot.get("ThrottledRequests")).isEqualTo(0L);
    assertThat(hot)
        .containsOnlyKeys(
            "IndexName",
            "PartitionKey",
            "ConsumedReadUnits",
            "ConsumedWriteUnits",
            "PeakReadUnitsPerSecond",
            "PeakWriteUnitsPerSecond",
            "ThrottledRequests",
            "ReadCeilingShare",
            "WriteCeilingShare");
    // the table's own keys follow, IndexName null
    assertThat(keys.get(1).get("IndexName")).isNull();
    assertThat(keys.get(1).containsKey("IndexName")).isTrue();
  }

  @Test
  @SuppressWarnings("unchecked")
  void indexNameWindowAndLimit_narrowTheAnswer() {
    calls.createTableWithIndex("Tbl");
    load("k", "today", 3, 1);
    clock.advance(Duration.ofSeconds(30));
    load("late", "tomorrow", 2, 1);

    List<Map<String, Object>> gsiOnly =
        (List<Map<String, Object>>) describe("{'TableName':'Tbl','IndexName':'byG'}").get("Keys");
    assertThat(gsiOnly)
        .extracting(k -> k.get("PartitionKey"))
        .containsExactlyInAnyOrder(Map.of("S", "today"), Map.of("S", "tomorrow"));
    List<Map<String, Object>> recent =
        (List<Map<String, Object>>)
            describe("{'TableName':'Tbl','IndexName':'byG','WindowSeconds':10}").get("Keys");
    assertThat(recent)
        .extracting(k -> k.get("PartitionKey"))
        .containsExactly(Map.of("S", "tomorrow"));
    assertThat((List<Object>) describe("{'TableName':'Tbl','Limit':2}").get("Keys")).hasSize(2);
  }

  @Test
  void engineApi_givesTheSameFigures() {
    calls.createTableWithIndex("Tbl");
    load("k", "today", 20, 5);

    KeyStatistics stats = engine.keyStatistics("Tbl", null, Duration.ofMinutes(1), 3);

    assertThat(stats.tableName()).isEqualTo("Tbl");
    assertThat(stats.windowSeconds()).isEqualTo(60);
    assertThat(stats.keys()).hasSize(3);
    KeyStatistics.Key hot = stats.keys().get(0);
    assertThat(hot.indexName()).isEqualTo("byG");
    assertThat(hot.partitionKey()).isEqualTo(Map.of("S", "today"));
    assertThat(hot.peakWriteUnitsPerSecond()).isEqualTo(100.0);
    assertThat(hot.writeCeilingShare()).isEqualTo(0.1);
  }

  @Test
  void badRequests_areRefusedNamingTheProblem() {
    calls.createTableWithIndex("Tbl");
    assertThat(status("{}")).contains("TableName is required");
    assertThat(status("{'TableName':'Nope'}")).contains("ResourceNotFoundException");
    assertThat(status("{'TableName':'Tbl','IndexName':'nope'}"))
        .contains("no global secondary index nope");
    assertThat(status("{'TableName':'Tbl','WindowSeconds':301}"))
        .contains("WindowSeconds must be between 1 and 300, got 301");
    assertThat(status("{'TableName':'Tbl','Limit':0}"))
        .contains("Limit must be between 1 and 1000");
  }

  @Test
  void anEngineWithoutStatistics_saysHowToTurnThemOn() {
    try (DynakitEngine plain = DynakitEngine.inMemory()) {
      new JsonCalls(plain).createTableWithIndex("Tbl");
      assertThatThrownBy(() -> plain.keyStatistics("Tbl", null, Duration.ofMinutes(1), 10))
          .isInstanceOf(EngineException.class)
          .hasMessageContaining("--enforce-capacity");
    }
  }

  @Test
  void theOperationIsNotADynamoDbOperation() {
    EngineResponse r =
        engine.handle(
            "DynamoDB_20120810.DescribeKeyStatistics",
            "{\"TableName\":\"Tbl\"}".getBytes(StandardCharsets.UTF_8));
    assertThat(new String(r.body(), StandardCharsets.UTF_8)).contains("UnknownOperationException");
  }

  private String status(String json) {
    EngineResponse r =
        engine.handle(TARGET, json.replace('\'', '"').getBytes(StandardCharsets.UTF_8));
    assertThat(r.status()).isEqualTo(400);
    return new String(r.body(), StandardCharsets.UTF_8);
  }
}
