package dev.dynakit.engine.internal.tableops;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynakit.engine.DynakitEngine;
import dev.dynakit.engine.JsonCalls;
import dev.dynakit.engine.ManualClock;
import dev.dynakit.engine.internal.table.Table;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class TimeToLiveTest {
  private final ManualClock clock = new ManualClock(Wire.NOW);
  private final Wire wire = new Wire(clock);

  @AfterEach
  void close() {
    wire.close();
  }

  private Wire.Answer update(String spec) {
    return wire.call(
        "UpdateTimeToLive", "{'TableName':'tab1','TimeToLiveSpecification':" + spec + "}");
  }

  private Object describe() {
    return wire.call("DescribeTimeToLive", "{'TableName':'tab1'}").ok().body();
  }

  @Test
  void timeToLive_enableDescribeDisable() {
    wire.createSimple("tab1");
    assertThat(describe())
        .isEqualTo(Map.of("TimeToLiveDescription", Map.of("TimeToLiveStatus", "DISABLED")));
    assertThat(update("{'Enabled':true,'AttributeName':'expires'}").ok().body())
        .isEqualTo(
            Map.of("TimeToLiveSpecification", Map.of("Enabled", true, "AttributeName", "expires")));
    assertThat(describe())
        .isEqualTo(
            Map.of(
                "TimeToLiveDescription",
                Map.of("TimeToLiveStatus", "ENABLED", "AttributeName", "expires")));
    Table table = wire.state().catalog().require("tab1");
    assertThat(table.ttlEnabled()).isTrue();
    assertThat(table.ttlAttribute()).isEqualTo("expires");
    clock.advance(Duration.ofHours(1));
    update("{'Enabled':false,'AttributeName':'expires'}").ok();
    assertThat(table.ttlEnabled()).isFalse();
    assertThat(describe())
        .isEqualTo(Map.of("TimeToLiveDescription", Map.of("TimeToLiveStatus", "DISABLED")));
  }

  @Test
  void timeToLive_stateRules() {
    wire.createSimple("tab1");
    update("{'Enabled':false,'AttributeName':'expires'}").invalid("TimeToLive is already disabled");
    update("{'Enabled':true,'AttributeName':'expires'}").ok();
    update("{'Enabled':true,'AttributeName':'expires'}").invalid("TimeToLive is already enabled");
    update("{'Enabled':true,'AttributeName':'other'}")
        .invalid(
            "TimeToLive is active on a different AttributeName: current AttributeName is expires");
    update("{'Enabled':false,'AttributeName':'other'}")
        .invalid(
            "TimeToLive is active on a different AttributeName: current AttributeName is expires");
    assertThat(wire.state().catalog().require("tab1").ttlAttribute()).isEqualTo("expires");
  }

  @Test
  void timeToLive_isFixedForAnHourAfterEachSwitch_asDynamoDbDocuments() {
    wire.createSimple("tab1");
    update("{'Enabled':true,'AttributeName':'expires'}").ok();
    clock.advance(Duration.ofMinutes(59).plusSeconds(59));
    update("{'Enabled':false,'AttributeName':'expires'}")
        .invalid("Time to live has been modified multiple times within a fixed interval");
    assertThat(wire.state().catalog().require("tab1").ttlEnabled()).isTrue();
    // the state rules come first: they say what is wrong with the request itself
    update("{'Enabled':true,'AttributeName':'expires'}").invalid("TimeToLive is already enabled");
    clock.advance(Duration.ofSeconds(1));
    update("{'Enabled':false,'AttributeName':'expires'}").ok();
    update("{'Enabled':true,'AttributeName':'other'}")
        .invalid("Time to live has been modified multiple times within a fixed interval");
    clock.advance(Duration.ofHours(1));
    update("{'Enabled':true,'AttributeName':'other'}").ok();
    // another table has its own interval
    wire.createSimple("tab2");
    wire.call(
            "UpdateTimeToLive",
            "{'TableName':'tab2','TimeToLiveSpecification':{'Enabled':true,'AttributeName':'e'}}")
        .ok();
  }

  @Test
  void timeToLive_changeInterval_isTheEngines() {
    try (DynakitEngine free = DynakitEngine.builder().ttlChangeInterval(Duration.ZERO).build()) {
      JsonCalls calls = new JsonCalls(free);
      calls
          .call(
              "CreateTable",
              "{'TableName':'tab1','AttributeDefinitions':[{'AttributeName':'pk',"
                  + "'AttributeType':'S'}],'KeySchema':[{'AttributeName':'pk','KeyType':'HASH'}],"
                  + "'BillingMode':'PAY_PER_REQUEST'}")
          .ok();
      for (boolean enabled : new boolean[] {true, false, true}) {
        calls
            .call(
                "UpdateTimeToLive",
                "{'TableName':'tab1','TimeToLiveSpecification':{'Enabled':"
                    + enabled
                    + ",'AttributeName':'e'}}")
            .ok();
      }
    }
    assertThatThrownBy(() -> DynakitEngine.builder().ttlChangeInterval(Duration.ofSeconds(-1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("ttlChangeInterval must not be negative");
  }

  @Test
  void timeToLive_validation() {
    wire.call("UpdateTimeToLive", "{'TableName':'tab1'}")
        .invalid(
            "1 validation error detected: Value null at 'timeToLiveSpecification' failed to"
                + " satisfy constraint: Member must not be null");
    update("{'AttributeName':''}")
        .invalid(
            "2 validation errors detected: Value '' at 'timeToLiveSpecification.attributeName'"
                + " failed to satisfy constraint: Member must have length greater than or equal to"
                + " 1; Value null at 'timeToLiveSpecification.enabled' failed to satisfy"
                + " constraint: Member must not be null");
    update("{'Enabled':true,'AttributeName':'expires'}")
        .refused(Wire.NOT_FOUND, "Requested resource not found: Table: tab1 not found");
    wire.call("DescribeTimeToLive", "{'TableName':'tab1'}")
        .refused(Wire.NOT_FOUND, "Requested resource not found: Table: tab1 not found");
  }
}
