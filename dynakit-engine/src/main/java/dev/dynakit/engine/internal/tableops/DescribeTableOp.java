package dev.dynakit.engine.internal.tableops;

import dev.dynakit.engine.internal.EngineState;
import dev.dynakit.engine.internal.protocol.Operation;
import dev.dynakit.engine.internal.protocol.Request;
import dev.dynakit.engine.internal.table.Table;
import dev.dynakit.engine.internal.table.TableDescriber;
import dev.dynakit.engine.internal.table.Violations;
import java.util.Map;

/** DescribeTable: the full TableDescription of one table. */
final class DescribeTableOp implements Operation {
  private final EngineState state;

  DescribeTableOp(EngineState state) {
    this.state = state;
  }

  @Override
  public Object execute(Request req) {
    Table table = state.catalog().require(Violations.tableName(req));
    return Map.of("Table", TableDescriber.describe(table, state.clock().instant()));
  }
}
