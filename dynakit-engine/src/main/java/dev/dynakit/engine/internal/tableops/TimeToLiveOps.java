package dev.dynakit.engine.internal.tableops;

import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.internal.EngineState;
import dev.dynakit.engine.internal.protocol.Request;
import dev.dynakit.engine.internal.table.Table;
import dev.dynakit.engine.internal.table.Violations;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * UpdateTimeToLive and DescribeTimeToLive. The setting lives on {@link Table#ttl}; the engine
 * switches it at once (DynamoDB passes through ENABLING and DISABLING), and, as DynamoDB, refuses
 * another switch of the same table within the engine's TTL change interval (an hour by default).
 */
final class TimeToLiveOps {
  private final EngineState state;

  TimeToLiveOps(EngineState state) {
    this.state = state;
  }

  Object update(Request req) {
    Violations v = new Violations();
    String name = req.string("TableName");
    v.notNull("tableName", name);
    v.name("tableName", name);
    Request spec = req.object("TimeToLiveSpecification");
    Boolean enabled = null;
    String attribute = null;
    if (v.notNull("timeToLiveSpecification", spec)) {
      attribute = spec.string("AttributeName");
      enabled = spec.bool("Enabled");
      v.notNull("timeToLiveSpecification.attributeName", attribute);
      v.byteLength("timeToLiveSpecification.attributeName", attribute, 1, 255);
      v.notNull("timeToLiveSpecification.enabled", enabled);
    }
    v.throwIfAny();
    Table table = state.catalog().require(name);
    synchronized (table) {
      String current = table.ttlAttribute();
      if (enabled && table.ttlEnabled()) {
        if (!attribute.equals(current)) {
          throw differentAttribute(current);
        }
        throw EngineException.validation("TimeToLive is already enabled");
      }
      if (!enabled) {
        if (!table.ttlEnabled()) {
          throw EngineException.validation("TimeToLive is already disabled");
        }
        if (!attribute.equals(current)) {
          throw differentAttribute(current);
        }
      }
      Instant now = state.clock().instant();
      Instant last = table.ttlChangedAt();
      if (last != null && now.isBefore(last.plus(state.ttlChangeInterval()))) {
        throw EngineException.validation(
            "Time to live has been modified multiple times within a fixed interval");
      }
      table.ttl(attribute, enabled, now);
    }
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("Enabled", enabled);
    out.put("AttributeName", attribute);
    return Map.of("TimeToLiveSpecification", out);
  }

  Object describe(Request req) {
    Table table = state.catalog().require(Violations.tableName(req));
    Map<String, Object> d = new LinkedHashMap<>();
    if (table.ttlEnabled()) {
      d.put("TimeToLiveStatus", "ENABLED");
      d.put("AttributeName", table.ttlAttribute());
    } else {
      d.put("TimeToLiveStatus", "DISABLED");
    }
    return Map.of("TimeToLiveDescription", d);
  }

  private static EngineException differentAttribute(String current) {
    return EngineException.validation(
        "TimeToLive is active on a different AttributeName: current AttributeName is " + current);
  }
}
