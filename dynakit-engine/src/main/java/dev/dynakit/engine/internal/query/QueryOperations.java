package dev.dynakit.engine.internal.query;

import dev.dynakit.engine.internal.EngineState;
import dev.dynakit.engine.internal.protocol.Operation;
import java.util.Map;

/** Registers the range reads: Query and Scan, on tables and their secondary indices. */
public final class QueryOperations {
  private QueryOperations() {}

  public static void register(Map<String, Operation> ops, EngineState state) {
    PageReader reader = new PageReader(state.store());
    ops.put("Query", new QueryOperation(state.catalog(), reader, state.items()));
    ops.put("Scan", new ScanOperation(state.catalog(), reader));
  }
}
