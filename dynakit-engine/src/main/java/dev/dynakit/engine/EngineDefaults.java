package dev.dynakit.engine;

import dev.dynakit.engine.internal.EngineState;
import dev.dynakit.engine.internal.item.IndexBuilder;
import dev.dynakit.engine.internal.protocol.Operation;
import dev.dynakit.engine.internal.storage.memory.MemoryStore;
import dev.dynakit.engine.internal.tableops.ControlPlane;
import dev.dynakit.engine.storage.OrderedStore;
import java.util.Map;

/** Wires the default parts of an engine: the store and the operations each package provides. */
final class EngineDefaults {
  private EngineDefaults() {}

  static OrderedStore memoryStore() {
    return new MemoryStore();
  }

  static void registerOperations(Map<String, Operation> ops, EngineState state) {
    dev.dynakit.engine.internal.itemops.ItemOperations.register(ops, state);
    ControlPlane.register(ops, state, new IndexBuilder(state.store(), state.items()));
    dev.dynakit.engine.internal.query.QueryOperations.register(ops, state);
    dev.dynakit.engine.internal.batch.BatchOperations.register(ops, state);
    dev.dynakit.engine.internal.txn.TransactionOperations.register(ops, state);
    dev.dynakit.engine.internal.partiql.PartiqlOperations.register(ops, state);
    dev.dynakit.engine.internal.backup.BackupOperations.register(ops, state);
  }
}
