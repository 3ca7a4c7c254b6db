package dev.dynakit.engine.internal.tableops;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.engine.DynakitEngine;
import dev.dynakit.engine.internal.protocol.Json;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ServiceInfoTest {
  @Test
  void describeLimits_answersDynamoDbDefaults() {
    try (Wire wire = new Wire()) {
      assertThat(wire.call("DescribeLimits", "{}").ok().body())
          .isEqualTo(
              Map.of(
                  "AccountMaxReadCapacityUnits", 80000L,
                  "AccountMaxWriteCapacityUnits", 80000L,
                  "TableMaxReadCapacityUnits", 40000L,
                  "TableMaxWriteCapacityUnits", 40000L));
    }
  }

  @Test
  void describeEndpoints_namesTheRegionalEndpoint() {
    try (DynakitEngine engine = DynakitEngine.builder().region("eu-west-3").build()) {
      byte[] body = engine.handle("DynamoDB_20120810.DescribeEndpoints", new byte[0]).body();
      assertThat(Json.parseObject(body))
          .isEqualTo(
              Map.of(
                  "Endpoints",
                  List.of(
                      Map.of(
                          "Address",
                          "dynamodb.eu-west-3.amazonaws.com",
                          "CachePeriodInMinutes",
                          1440L))));
      assertThat(new String(body, StandardCharsets.UTF_8)).startsWith("{\"Endpoints\":[");
    }
  }
}
