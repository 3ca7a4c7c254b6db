package dev.dynakit.engine;

import dev.dynakit.engine.internal.EngineState;
import dev.dynakit.engine.internal.item.IndexBuilder;
import dev.dynakit.engine.internal.protocol.Operation;
import dev.dynakit.engine.internal.storage.memory.MemoryStore;
import dev.dynakit.engine.internal.table.IndexLifecycle;
import dev.dynakit.engine.internal.table.JournaledIndexLifecycle;
import dev.dynakit.engine.internal.tableops.ControlPlane;
import dev.dynakit.engine.storage.OrderedStore;
import java.util.Map;

/** Wires the default parts of an engine: the store and the operations each package provides. */
final class EngineDefaults {
  private EngineDefaults() {}

  static OrderedStore memoryStore() {
    return new MemoryStore();
  }

  /**
   * Registers every operation; returns the index maintenance the control plane was given, which
   * saves the catalog before it changes an index's entries.
   */
  static IndexLifecycle registerOperations(Map<String, Operation> ops, EngineState state) {
    dev.dynakit.engine.internal.itemops.ItemOperations.register(ops, state);
    IndexLifecycle indexes =
        new JournaledIndexLifecycle(
            state.catalog(), new IndexBuilder(state.store(), state.items()));
    ControlPlane.register(ops, state, indexes);
    dev.dynakit.engine.internal.query.QueryOperations.register(ops, state);
    dev.dynakit.engine.internal.batch.BatchOperations.register(ops, state);
    dev.dynakit.engine.internal.txn.TransactionOperations.register(ops, state);
    dev.dynakit.engine.internal.partiql.PartiqlOperations.register(ops, state);
    dev.dynakit.engine.internal.backup.BackupOperations.register(ops, state);
    return indexes;
  }

  /** The operations after which the catalog is saved, before their answer. */
  static final java.util.Set<String> CATALOG_CHANGES =
      java.util.Set.of(
          "CreateTable",
          "UpdateTable",
          "DeleteTable",
          "TagResource",
          "UntagResource",
          "UpdateTimeToLive",
          "RestoreTableFromBackup");

  /** Wraps the operations that change the catalog so that they save it before they answer. */
  static void saveCatalogAfterChanges(Map<String, Operation> ops, EngineState state) {
    for (String name : CATALOG_CHANGES) {
      Operation op = ops.get(name);
      if (op != null) {
        ops.put(
            name,
            request -> {
              Object result = op.execute(request);
              state.catalog().persist();
              return result;
            });
      }
    }
  }
}
