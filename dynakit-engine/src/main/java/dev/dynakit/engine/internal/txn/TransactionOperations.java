package dev.dynakit.engine.internal.txn;

import dev.dynakit.engine.internal.EngineState;
import dev.dynakit.engine.internal.protocol.Operation;
import java.util.Map;

/** Registers the transaction operations: TransactWriteItems and TransactGetItems. */
public final class TransactionOperations {
  private TransactionOperations() {}

  public static void register(Map<String, Operation> ops, EngineState state) {
    ops.put(
        "TransactWriteItems",
        new TransactWriteItemsOperation(
            state.catalog(), state.items(), new ClientTokens(state.clock(), state.store())));
    ops.put("TransactGetItems", new TransactGetItemsOperation(state.catalog(), state.items()));
  }
}
