package dev.dynakit.engine.internal.table;

import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.internal.protocol.Operation;
import dev.dynakit.engine.internal.protocol.Request;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Puts an engine's operations behind its control-plane latency ({@link TableTransitions}): every
 * request first completes the table changes that are due, and a data-plane request naming a table
 * that is CREATING or DELETING is refused as DynamoDB refuses it, with a ResourceNotFoundException
 * ("Requested resource not found"): such a table is not there to read or write yet, or any more. An
 * UPDATING table stays readable and writable, as in DynamoDB.
 *
 * <p>Installed only when the latency is on, so that an engine without it runs its operations
 * unwrapped.
 */
public final class TableStateGate {
  private static final Set<String> DATA_PLANE =
      Set.of(
          "GetItem",
          "PutItem",
          "UpdateItem",
          "DeleteItem",
          "Query",
          "Scan",
          "BatchGetItem",
          "BatchWriteItem",
          "TransactGetItems",
          "TransactWriteItems");

  private static final List<String> TRANSACT_MEMBERS =
      List.of("Get", "Put", "Update", "Delete", "ConditionCheck");

  private TableStateGate() {}

  /** Wraps every operation of {@code ops} (by bare name) if the catalog's latency is on. */
  public static void install(Map<String, Operation> ops, Catalog catalog) {
    TableTransitions transitions = catalog.transitions();
    if (!transitions.enabled()) {
      return;
    }
    for (Map.Entry<String, Operation> e : ops.entrySet()) {
      Operation op = e.getValue();
      boolean dataPlane = DATA_PLANE.contains(e.getKey());
      e.setValue(
          req -> {
            transitions.settle();
            if (dataPlane) {
              requireAvailable(catalog, req);
            }
            return op.execute(req);
          });
    }
  }

  /** Refuses the request if a table it names exists but cannot serve items yet (or any more). */
  private static void requireAvailable(Catalog catalog, Request req) {
    for (String name : tableNames(req)) {
      Table table = catalog.find(name);
      if (table != null && !servesItems(table.status())) {
        throw EngineException.notFound("Requested resource not found");
      }
    }
  }

  private static boolean servesItems(String status) {
    return "ACTIVE".equals(status) || "UPDATING".equals(status);
  }

  /**
   * The tables a data-plane request names; members of the wrong shape are skipped, for the
   * operation's own validation to refuse.
   */
  static List<String> tableNames(Request req) {
    List<String> names = new ArrayList<>(1);
    if (req.raw("TableName") instanceof String name) {
      names.add(name);
    }
    if (req.raw("RequestItems") instanceof Map<?, ?> items) {
      for (Object key : items.keySet()) {
        names.add((String) key);
      }
    }
    if (req.raw("TransactItems") instanceof List<?> actions) {
      for (Object action : actions) {
        if (action instanceof Map<?, ?> members) {
          for (String member : TRANSACT_MEMBERS) {
            if (members.get(member) instanceof Map<?, ?> body
                && body.get("TableName") instanceof String name) {
              names.add(name);
            }
          }
        }
      }
    }
    return names;
  }
}
