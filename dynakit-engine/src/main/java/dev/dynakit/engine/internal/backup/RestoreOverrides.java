package dev.dynakit.engine.internal.backup;

import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.internal.protocol.Request;
import dev.dynakit.engine.internal.table.Violations;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The overrides of RestoreTableFromBackup (and RestoreTableToPointInTime) applied to a backup's
 * definition, giving the CreateTable request of the new table: BillingModeOverride,
 * ProvisionedThroughputOverride, GlobalSecondaryIndexOverride and LocalSecondaryIndexOverride
 * (which keep some or all of the backup's indices, each named as in the backup, possibly with new
 * settings) and SSESpecificationOverride. CreateTable then checks the result with its own rules.
 */
final class RestoreOverrides {
  private static final List<String> BILLING_MODES = List.of("PROVISIONED", "PAY_PER_REQUEST");
  private static final String GSIS = "GlobalSecondaryIndexes";
  private static final String LSIS = "LocalSecondaryIndexes";

  private RestoreOverrides() {}

  static Map<String, Object> apply(
      Map<String, Object> definition, Request req, String targetTableName) {
    Violations v = new Violations();
    String billing = req.string("BillingModeOverride");
    v.oneOf("billingModeOverride", billing, BILLING_MODES);
    v.throwIfAny();
    Map<String, Object> create = new LinkedHashMap<>(definition);
    create.put("TableName", targetTableName);
    indexes(create, req, "GlobalSecondaryIndexOverride", GSIS);
    indexes(create, req, "LocalSecondaryIndexOverride", LSIS);
    if (billing != null) {
      create.put("BillingMode", billing);
      if ("PAY_PER_REQUEST".equals(billing)) {
        onDemand(create);
      }
    }
    if (req.has("ProvisionedThroughputOverride")) {
      create.put("ProvisionedThroughput", req.raw("ProvisionedThroughputOverride"));
    }
    if (req.has("SSESpecificationOverride")) {
      create.put("SSESpecification", req.raw("SSESpecificationOverride"));
    }
    pruneAttributeDefinitions(create);
    return create;
  }

  /** Replaces the indices with the override's, each of which the backup must have had. */
  private static void indexes(
      Map<String, Object> create, Request req, String override, String member) {
    if (!req.has(override)) {
      return;
    }
    Set<String> known = new HashSet<>();
    for (Map<String, Object> i : maps(create.get(member))) {
      known.add((String) i.get("IndexName"));
    }
    List<Object> chosen = new ArrayList<>();
    for (Request i : req.objects(override)) {
      String name = i.string("IndexName");
      if (!known.contains(name)) {
        throw EngineException.validation(
            "One or more parameter values were invalid: "
                + override
                + " names the index "
                + name
                + ", which the backup's table does not have; an override keeps or changes the"
                + " backup's indices, it cannot add one");
      }
      chosen.add(i.fields());
    }
    if (chosen.isEmpty()) {
      create.remove(member);
    } else {
      create.put(member, chosen);
    }
  }

  /** On-demand billing: no provisioned throughput on the table or its global indices. */
  private static void onDemand(Map<String, Object> create) {
    create.remove("ProvisionedThroughput");
    if (!create.containsKey(GSIS)) {
      return;
    }
    List<Object> gsis = new ArrayList<>();
    for (Map<String, Object> g : maps(create.get(GSIS))) {
      Map<String, Object> copy = new LinkedHashMap<>(g);
      copy.remove("ProvisionedThroughput");
      gsis.add(copy);
    }
    create.put(GSIS, gsis);
  }

  /**
   * Keeps only the attribute definitions the key and the remaining indices use: CreateTable refuses
   * a definition nothing uses, and an override may have left indices out.
   */
  private static void pruneAttributeDefinitions(Map<String, Object> create) {
    Set<String> used = new HashSet<>();
    keyNames(create.get("KeySchema"), used);
    for (String member : List.of(GSIS, LSIS)) {
      for (Map<String, Object> i : maps(create.get(member))) {
        keyNames(i.get("KeySchema"), used);
      }
    }
    List<Object> kept = new ArrayList<>();
    for (Map<String, Object> a : maps(create.get("AttributeDefinitions"))) {
      if (used.contains((String) a.get("AttributeName"))) {
        kept.add(a);
      }
    }
    create.put("AttributeDefinitions", kept);
  }

  private static void keyNames(Object keySchema, Set<String> out) {
    for (Map<String, Object> k : maps(keySchema)) {
      out.add((String) k.get("AttributeName"));
    }
  }

  private static List<Map<String, Object>> maps(Object list) {
    List<Map<String, Object>> out = new ArrayList<>();
    if (list != null) {
      for (Object o : (List<?>) list) {
        out.add(SourceTables.asMap(o));
      }
    }
    return out;
  }
}
