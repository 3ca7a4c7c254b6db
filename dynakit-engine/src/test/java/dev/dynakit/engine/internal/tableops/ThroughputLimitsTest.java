package dev.dynakit.engine.internal.tableops;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.engine.ManualClock;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * DynamoDB's limits on provisioned-throughput decreases (four a UTC day, then one an hour) and on
 * switches to on demand (four in 24 hours), and the history DescribeTable reports.
 */
class ThroughputLimitsTest {
  // early in a UTC day, so that the hours the test moves through stay in it
  private final ManualClock clock = new ManualClock(Instant.parse("2026-03-04T01:00:00Z"));
  private final Wire wire = new Wire(clock);

  @AfterEach
  void close() {
    wire.close();
  }

  private void createProvisioned() {
    wire.create(
        "{'TableName':'tab','AttributeDefinitions':[{'AttributeName':'pk','AttributeType':'S'},"
            + "{'AttributeName':'g','AttributeType':'S'}],"
            + "'KeySchema':[{'AttributeName':'pk','KeyType':'HASH'}],"
            + "'ProvisionedThroughput':{'ReadCapacityUnits':20,'WriteCapacityUnits':20},"
            + "'GlobalSecondaryIndexes':[{'IndexName':'byG','KeySchema':[{'AttributeName':'g',"
            + "'KeyType':'HASH'}],'Projection':{'ProjectionType':'ALL'},"
            + "'ProvisionedThroughput':{'ReadCapacityUnits':20,'WriteCapacityUnits':20}}]}");
  }

  private Wire.Answer tableTo(int read, int write) {
    return wire.call(
        "UpdateTable",
        "{'TableName':'tab','ProvisionedThroughput':{'ReadCapacityUnits':"
            + read
            + ",'WriteCapacityUnits':"
            + write
            + "}}");
  }

  private Wire.Answer indexTo(int read) {
    return wire.call(
        "UpdateTable",
        "{'TableName':'tab','GlobalSecondaryIndexUpdates':[{'Update':{'IndexName':'byG',"
            + "'ProvisionedThroughput':{'ReadCapacityUnits':"
            + read
            + ",'WriteCapacityUnits':20}}}]}");
  }

  @SuppressWarnings("unchecked")
  private Map<String, Object> tableThroughput() {
    return (Map<String, Object>) wire.describe("tab").get("ProvisionedThroughput");
  }

  @SuppressWarnings("unchecked")
  private Map<String, Object> indexThroughput() {
    List<Map<String, Object>> gsis =
        (List<Map<String, Object>>) wire.describe("tab").get("GlobalSecondaryIndexes");
    return (Map<String, Object>) gsis.get(0).get("ProvisionedThroughput");
  }

  private static BigDecimal at(Instant instant) {
    return BigDecimal.valueOf(instant.toEpochMilli(), 3);
  }

  @Test
  void decreases_fourADay_thenOneAnHour_andTheHistoryIsDescribed() {
    createProvisioned();
    assertThat(tableThroughput()).containsEntry("NumberOfDecreasesToday", 0L);
    assertThat(tableThroughput())
        .doesNotContainKeys("LastIncreaseDateTime", "LastDecreaseDateTime");
    for (int units = 19; units >= 16; units--) {
      tableTo(units, 20).ok();
    }
    Instant fourth = clock.instant();
    assertThat(tableThroughput())
        .containsEntry("NumberOfDecreasesToday", 4L)
        .containsEntry("LastDecreaseDateTime", at(fourth))
        .containsEntry("ReadCapacityUnits", 16L);

    clock.advance(Duration.ofMinutes(59));
    // a decrease of either number counts, also with the other increased
    Wire.Answer refused = tableTo(30, 15);
    assertThat(refused.status()).isEqualTo(400);
    assertThat(refused.type()).isEqualTo(Wire.LIMIT);
    assertThat(refused.message())
        .startsWith("Subscriber limit exceeded: Provisioned throughput decreases are limited")
        .contains("Number of decreases today: 4");
    assertThat(tableThroughput()).containsEntry("ReadCapacityUnits", 16L);
    // increases are not limited
    tableTo(30, 20).ok();
    assertThat(tableThroughput()).containsEntry("LastIncreaseDateTime", at(clock.instant()));

    clock.advance(Duration.ofMinutes(1));
    tableTo(29, 20).ok();
    assertThat(tableThroughput()).containsEntry("NumberOfDecreasesToday", 5L);
    assertThat(tableTo(28, 20).type()).isEqualTo(Wire.LIMIT);

    // a new UTC day starts the count again
    clock.set(Instant.parse("2026-03-05T00:00:00Z"));
    assertThat(tableThroughput()).containsEntry("NumberOfDecreasesToday", 0L);
    tableTo(28, 20).ok();
    assertThat(tableThroughput()).containsEntry("NumberOfDecreasesToday", 1L);
  }

  @Test
  void indexDecreases_areCountedForTheIndex() {
    createProvisioned();
    for (int units = 19; units >= 16; units--) {
      indexTo(units).ok();
    }
    assertThat(indexThroughput()).containsEntry("NumberOfDecreasesToday", 4L);
    assertThat(indexTo(15).type()).isEqualTo(Wire.LIMIT);
    // the table's own decreases are counted apart
    assertThat(tableThroughput()).containsEntry("NumberOfDecreasesToday", 0L);
    tableTo(19, 20).ok();
  }

  @Test
  void switchesToOnDemand_fourIn24Hours() {
    createProvisioned();
    String provisioned =
        "{'TableName':'tab','BillingMode':'PROVISIONED',"
            + "'ProvisionedThroughput':{'ReadCapacityUnits':5,'WriteCapacityUnits':5},"
            + "'GlobalSecondaryIndexUpdates':[{'Update':{'IndexName':'byG',"
            + "'ProvisionedThroughput':{'ReadCapacityUnits':5,'WriteCapacityUnits':5}}}]}";
    String onDemand = "{'TableName':'tab','BillingMode':'PAY_PER_REQUEST'}";
    Instant first = clock.instant();
    for (int i = 0; i < 4; i++) {
      wire.call("UpdateTable", onDemand).ok();
      clock.advance(Duration.ofMinutes(10));
      wire.call("UpdateTable", provisioned).ok();
    }
    Wire.Answer refused = wire.call("UpdateTable", onDemand);
    assertThat(refused.type()).isEqualTo(Wire.LIMIT);
    assertThat(refused.message())
        .startsWith(
            "Subscriber limit exceeded: Update to PayPerRequest mode are limited to 4 times in 1"
                + " day(s)");
    // switching back to provisioned is never limited, and a day after the first switch
    // another one is allowed
    clock.set(first.plus(Duration.ofDays(1)));
    wire.call("UpdateTable", onDemand).ok();
  }
}
