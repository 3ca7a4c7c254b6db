package dev.dynakit.engine.internal.partiql;

import dev.dynakit.engine.internal.EngineState;
import dev.dynakit.engine.internal.protocol.Operation;
import java.util.Map;

/** Registers ExecuteStatement, BatchExecuteStatement and ExecuteTransaction. */
public final class PartiqlOperations {
  private PartiqlOperations() {}

  /**
   * Registers the PartiQL operations; they run through {@code ops}' GetItem, Query, Scan, PutItem,
   * UpdateItem, DeleteItem, TransactGetItems and TransactWriteItems, looked up when they run.
   */
  public static void register(Map<String, Operation> ops, EngineState state) {
    Planner planner = new Planner(state.catalog());
    PlanRunner runner = new PlanRunner(ops);
    ops.put("ExecuteStatement", new ExecuteStatementOperation(planner, runner));
    ops.put("BatchExecuteStatement", new BatchExecuteStatementOperation(planner, runner));
    ops.put("ExecuteTransaction", new ExecuteTransactionOperation(planner, runner));
  }
}
