package dev.dynakit.engine.internal.batch;

import dev.dynakit.engine.internal.EngineState;
import dev.dynakit.engine.internal.protocol.Operation;
import java.util.Map;

/** Registers the batch operations: BatchGetItem and BatchWriteItem. */
public final class BatchOperations {
  private BatchOperations() {}

  public static void register(Map<String, Operation> ops, EngineState state) {
    ops.put("BatchGetItem", new BatchGetItemOperation(state.catalog(), state.items()));
    ops.put("BatchWriteItem", new BatchWriteItemOperation(state.catalog(), state.items()));
  }
}
