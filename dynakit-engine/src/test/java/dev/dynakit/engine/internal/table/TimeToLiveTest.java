package dev.dynakit.engine.internal.table;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class TimeToLiveTest {
  private final Wire wire = new Wire();

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
