package dev.dynakit.engine.internal.tableops;

import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.error.ErrorType;
import dev.dynakit.engine.internal.EngineState;
import dev.dynakit.engine.internal.protocol.Operation;
import dev.dynakit.engine.internal.protocol.Request;
import dev.dynakit.engine.internal.table.IndexDef;
import dev.dynakit.engine.internal.table.Table;
import dev.dynakit.engine.internal.table.TableDataEraser;
import dev.dynakit.engine.internal.table.TableDef;
import dev.dynakit.engine.internal.table.TableDescriber;
import dev.dynakit.engine.internal.table.TableTransitions;
import dev.dynakit.engine.internal.table.Violations;
import java.util.Map;

/**
 * DeleteTable: refuses a protected table or one whose indexes are changing, answers with the
 * description in status DELETING, and removes the table and all its stored data: at once, or after
 * the engine's table latency ({@link TableTransitions}), the table listed as DELETING until then.
 */
final class DeleteTableOp implements Operation {
  private final EngineState state;

  DeleteTableOp(EngineState state) {
    this.state = state;
  }

  @Override
  public Object execute(Request req) {
    String name = Violations.tableName(req);
    Table table = state.catalog().require(name);
    TableTransitions transitions = state.catalog().transitions();
    Map<String, Object> description;
    synchronized (table) {
      if (transitions.enabled()) {
        TablePhases.requireActive(table);
      }
      TableDef def = table.def();
      if (def.deletionProtection()) {
        throw EngineException.validation(
            "Resource cannot be deleted as it is currently protected against deletion. Disable"
                + " deletion protection first.");
      }
      for (IndexDef g : def.globalIndexes()) {
        if (!"ACTIVE".equals(g.status())) {
          throw new EngineException(
              ErrorType.RESOURCE_IN_USE,
              "Attempt to change a resource which is still in use: Cannot delete table while"
                  + " indexes are being created, updated, or deleted.");
        }
      }
      if (transitions.enabled()) {
        TablePhases.beginDelete(
            table, state.catalog(), () -> TableDataEraser.erase(state.store(), table.storeId()));
        return Map.of(
            "TableDescription", TableDescriber.describeDeleted(table, state.clock().instant()));
      }
      if (!state.catalog().remove(name, table)) {
        // deleted by a concurrent request in the meantime
        throw EngineException.notFound(
            "Requested resource not found: Table: " + name + " not found");
      }
      table.status("DELETING");
      description = TableDescriber.describeDeleted(table, state.clock().instant());
    }
    TableDataEraser.erase(state.store(), table.storeId());
    return Map.of("TableDescription", description);
  }
}
