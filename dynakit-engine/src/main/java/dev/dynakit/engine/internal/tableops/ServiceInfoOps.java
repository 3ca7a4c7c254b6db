package dev.dynakit.engine.internal.tableops;

import dev.dynakit.engine.internal.EngineState;
import dev.dynakit.engine.internal.protocol.Request;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** DescribeLimits and DescribeEndpoints: fixed answers with DynamoDB's default values. */
final class ServiceInfoOps {
  /** How long clients may cache the endpoint list: DynamoDB answers one day. */
  static final long ENDPOINT_CACHE_MINUTES = 1440;

  private final EngineState state;

  ServiceInfoOps(EngineState state) {
    this.state = state;
  }

  Object describeLimits(Request req) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("AccountMaxReadCapacityUnits", ThroughputSpecs.ACCOUNT_MAX_UNITS);
    out.put("AccountMaxWriteCapacityUnits", ThroughputSpecs.ACCOUNT_MAX_UNITS);
    out.put("TableMaxReadCapacityUnits", ThroughputSpecs.TABLE_MAX_UNITS);
    out.put("TableMaxWriteCapacityUnits", ThroughputSpecs.TABLE_MAX_UNITS);
    return out;
  }

  Object describeEndpoints(Request req) {
    Map<String, Object> endpoint = new LinkedHashMap<>();
    endpoint.put("Address", "dynamodb." + state.region() + ".amazonaws.com");
    endpoint.put("CachePeriodInMinutes", ENDPOINT_CACHE_MINUTES);
    return Map.of("Endpoints", List.of(endpoint));
  }
}
