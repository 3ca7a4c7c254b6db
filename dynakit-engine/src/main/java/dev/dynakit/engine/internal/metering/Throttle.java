package dev.dynakit.engine.internal.metering;

import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.error.ErrorType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Why a request was throttled: DynamoDB's ThrottlingReasons, each a reason ({@code
 * TableWriteKeyRangeThroughputExceeded}: resource type, operation type, limit type) and the ARN of
 * the table or index that hit it.
 */
public record Throttle(List<Reason> reasons) {
  /** One ThrottlingReason. */
  public record Reason(String reason, String resource) {}

  public Throttle {
    reasons = List.copyOf(reasons);
  }

  /**
   * Whether every reason is an on-demand maximum, which DynamoDB answers as ThrottlingException.
   */
  public boolean onDemandMaximum() {
    for (Reason r : reasons) {
      if (!r.reason().endsWith("MaxOnDemandThroughputExceeded")) {
        return false;
      }
    }
    return true;
  }

  /** The ThrottlingReasons member: a list of {@code {"reason", "resource"}} objects. */
  public List<Map<String, Object>> wireReasons() {
    List<Map<String, Object>> out = new ArrayList<>(reasons.size());
    for (Reason r : reasons) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("reason", r.reason());
      m.put("resource", r.resource());
      out.add(m);
    }
    return out;
  }

  /**
   * The error a throttled single request answers: ThrottlingException for an on-demand maximum,
   * else ProvisionedThroughputExceededException, with the reasons.
   */
  public EngineException exception() {
    boolean keyRange = false;
    for (Reason r : reasons) {
      keyRange |= r.reason().endsWith("KeyRangeThroughputExceeded");
    }
    Map<String, Object> extra = Map.of("ThrottlingReasons", wireReasons());
    if (onDemandMaximum()) {
      return new EngineException(
          ErrorType.THROTTLING,
          "Throughput exceeds the maximum throughput configured for the table or index.",
          extra);
    }
    return new EngineException(
        ErrorType.PROVISIONED_THROUGHPUT_EXCEEDED,
        keyRange
            ? "Throughput exceeds the current capacity for one or more partition keys of your"
                + " table or index: a partition-key value serves at most 1000 write units and 3000"
                + " read units per second. Spread the load over more keys."
            : "The level of configured provisioned throughput for the table was exceeded. Consider"
                + " increasing your provisioning level with the UpdateTable API.",
        extra);
  }
}
