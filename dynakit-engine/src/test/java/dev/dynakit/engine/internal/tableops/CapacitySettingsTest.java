package dev.dynakit.engine.internal.tableops;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** OnDemandThroughput and WarmThroughput: checked, kept and described, for tables and GSIs. */
class CapacitySettingsTest {
  private static final String KEYS =
      "'AttributeDefinitions':[{'AttributeName':'pk','AttributeType':'S'},"
          + "{'AttributeName':'g','AttributeType':'S'}],"
          + "'KeySchema':[{'AttributeName':'pk','KeyType':'HASH'}],'BillingMode':'PAY_PER_REQUEST'";
  private static final String GSI =
      "{'IndexName':'byG','KeySchema':[{'AttributeName':'g','KeyType':'HASH'}],"
          + "'Projection':{'ProjectionType':'ALL'}";

  private final Wire wire = new Wire();

  @AfterEach
  void close() {
    wire.close();
  }

  private Wire.Answer create(String settings, String gsiSettings) {
    return wire.call(
        "CreateTable",
        "{'TableName':'tab',"
            + KEYS
            + settings
            + ",'GlobalSecondaryIndexes':["
            + GSI
            + gsiSettings
            + "}]}");
  }

  @SuppressWarnings("unchecked")
  private Map<String, Object> gsi(Map<String, Object> table) {
    return ((List<Map<String, Object>>) table.get("GlobalSecondaryIndexes")).get(0);
  }

  @Test
  void settings_areKept_described_andUpdatedNumberByNumber() {
    create(
            ",'OnDemandThroughput':{'MaxReadRequestUnits':100,'MaxWriteRequestUnits':-1},"
                + "'WarmThroughput':{'ReadUnitsPerSecond':15000}",
            ",'OnDemandThroughput':{'MaxWriteRequestUnits':50}")
        .ok();
    Map<String, Object> table = wire.describe("tab");
    assertThat(table.get("OnDemandThroughput"))
        .isEqualTo(Map.of("MaxReadRequestUnits", 100L, "MaxWriteRequestUnits", -1L));
    assertThat(table.get("WarmThroughput"))
        .isEqualTo(Map.of("ReadUnitsPerSecond", 15000L, "Status", "ACTIVE"));
    assertThat(gsi(table).get("OnDemandThroughput")).isEqualTo(Map.of("MaxWriteRequestUnits", 50L));
    assertThat(gsi(table)).doesNotContainKey("WarmThroughput");

    wire.call(
            "UpdateTable",
            "{'TableName':'tab','OnDemandThroughput':{'MaxReadRequestUnits':200},"
                + "'GlobalSecondaryIndexUpdates':[{'Update':{'IndexName':'byG',"
                + "'WarmThroughput':{'WriteUnitsPerSecond':5000}}}]}")
        .ok();
    table = wire.describe("tab");
    assertThat(table.get("OnDemandThroughput"))
        .isEqualTo(Map.of("MaxReadRequestUnits", 200L, "MaxWriteRequestUnits", -1L));
    assertThat(gsi(table).get("WarmThroughput"))
        .isEqualTo(Map.of("WriteUnitsPerSecond", 5000L, "Status", "ACTIVE"));
  }

  @Test
  void badSettings_areRefused_andNothingIsCreatedOrChanged() {
    create(",'OnDemandThroughput':{'MaxReadRequestUnits':0}", "")
        .invalid(
            "One or more parameter values were invalid: OnDemandThroughput.MaxReadRequestUnits"
                + " must be -1 (no maximum) or at least 1, got 0");
    create(",'WarmThroughput':{}", "")
        .invalid(
            "One or more parameter values were invalid: WarmThroughput must specify"
                + " ReadUnitsPerSecond or WriteUnitsPerSecond");
    create("", ",'WarmThroughput':{'WriteUnitsPerSecond':-1}")
        .invalid(
            "One or more parameter values were invalid: index byG: WarmThroughput"
                + ".WriteUnitsPerSecond must be at least 1, got -1");
    assertThat(
            wire.call("CreateTable", "{'TableName':'tab'," + KEYS + ",'WarmThroughput':[1]}")
                .status())
        .isEqualTo(400);
    assertThat(wire.tableNames()).isEmpty();

    create("", "").ok();
    wire.call("UpdateTable", "{'TableName':'tab','OnDemandThroughput':{'MaxWriteRequestUnits':-5}}")
        .invalid(
            "One or more parameter values were invalid: OnDemandThroughput.MaxWriteRequestUnits"
                + " must be -1 (no maximum) or at least 1, got -5");
    assertThat(wire.describe("tab")).doesNotContainKeys("OnDemandThroughput", "WarmThroughput");
  }
}
