package dev.dynakit.engine.internal.table;

import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.internal.protocol.Request;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The OnDemandThroughput and WarmThroughput of a table or of a global secondary index, as
 * CreateTable and UpdateTable set them and DescribeTable reports them. The engine does not throttle
 * by them; it checks them as DynamoDB does and keeps them, so that what a deployment tool writes it
 * reads back.
 */
public final class CapacitySettings {
  static final String ON_DEMAND = "OnDemandThroughput";
  static final String WARM = "WarmThroughput";
  private static final List<String> ON_DEMAND_MEMBERS =
      List.of("MaxReadRequestUnits", "MaxWriteRequestUnits");
  private static final List<String> WARM_MEMBERS =
      List.of("ReadUnitsPerSecond", "WriteUnitsPerSecond");

  private CapacitySettings() {}

  /**
   * The settings a request object (a table's, or a GSI's Create or Update) gives, member by member
   * ({@code OnDemandThroughput} → its numbers): empty when it gives none.
   *
   * @param where the request object, for messages ("" for the table, "index NAME: " for a GSI)
   * @throws EngineException ValidationException for a setting DynamoDB refuses
   */
  public static Map<String, Map<String, Object>> read(Request request, String where) {
    Map<String, Map<String, Object>> out = new LinkedHashMap<>();
    Request onDemand = request.object(ON_DEMAND);
    if (onDemand != null) {
      out.put(ON_DEMAND, numbers(onDemand, ON_DEMAND, ON_DEMAND_MEMBERS, where, true));
    }
    Request warm = request.object(WARM);
    if (warm != null) {
      out.put(WARM, numbers(warm, WARM, WARM_MEMBERS, where, false));
    }
    return out;
  }

  private static Map<String, Object> numbers(
      Request setting, String name, List<String> members, String where, boolean minusOneAllowed) {
    Map<String, Object> out = new LinkedHashMap<>();
    for (String member : members) {
      Long value = setting.integer(member);
      if (value == null) {
        continue;
      }
      if (value < 1 && !(minusOneAllowed && value == -1)) {
        throw EngineException.validation(
            "One or more parameter values were invalid: "
                + where
                + name
                + "."
                + member
                + " must be "
                + (minusOneAllowed ? "-1 (no maximum) or " : "")
                + "at least 1, got "
                + value);
      }
      out.put(member, value);
    }
    if (out.isEmpty()) {
      throw EngineException.validation(
          "One or more parameter values were invalid: "
              + where
              + name
              + " must specify "
              + String.join(", ", members.subList(0, members.size() - 1))
              + " or "
              + members.get(members.size() - 1));
    }
    return out;
  }

  /**
   * Adds {@code changes} to {@code current}: a number given replaces the one kept. Each setting is
   * replaced whole, so that a description made meanwhile sees it before or after.
   */
  public static void merge(
      Map<String, Map<String, Object>> current, Map<String, Map<String, Object>> changes) {
    changes.forEach(
        (setting, numbers) -> {
          Map<String, Object> merged = new LinkedHashMap<>(current.getOrDefault(setting, Map.of()));
          merged.putAll(numbers);
          current.put(setting, Collections.unmodifiableMap(merged));
        });
  }

  /** Puts the kept settings into a table's or an index's description. */
  static void describe(Map<String, Map<String, Object>> settings, Map<String, Object> description) {
    Map<String, Object> onDemand = settings.get(ON_DEMAND);
    if (onDemand != null) {
      description.put(ON_DEMAND, new LinkedHashMap<>(onDemand));
    }
    Map<String, Object> warm = settings.get(WARM);
    if (warm != null) {
      Map<String, Object> d = new LinkedHashMap<>(warm);
      d.put("Status", "ACTIVE");
      description.put(WARM, d);
    }
  }
}
