package dev.dynakit.engine.internal.query;

import dev.dynakit.engine.internal.EngineState;
import dev.dynakit.engine.internal.index.GsiLag;
import dev.dynakit.engine.internal.index.LaggedIndexes;
import dev.dynakit.engine.internal.protocol.Operation;
import dev.dynakit.engine.internal.table.Table;
import java.util.List;
import java.util.Map;

/**
 * Query and Scan over lagging GSIs ({@link LaggedIndexes}): before reading an index they apply the
 * table's GSI changes whose time has come, so that what an index shows follows the engine's clock.
 */
public final class LaggedReads {
  private LaggedReads() {}

  /**
   * Makes the engine's GSIs lag: its write path defers their changes, and its Query and Scan
   * operations (by bare name in {@code ops}) first apply the changes of the table that are due.
   */
  public static void install(Map<String, Operation> ops, EngineState state, GsiLag lag) {
    LaggedIndexes lagged =
        LaggedIndexes.attach(state.items().indexes(), lag, state.clock(), state.store());
    for (String read : List.of("Query", "Scan")) {
      Operation op = ops.get(read);
      ops.put(
          read,
          req -> {
            if (req.raw("IndexName") != null && req.raw("TableName") instanceof String name) {
              Table table = state.catalog().find(name);
              if (table != null) {
                lagged.applyDue(table);
              }
            }
            return op.execute(req);
          });
    }
  }
}
