package dev.dynakit.engine.internal.tableops;

import dev.dynakit.engine.internal.EngineState;
import dev.dynakit.engine.internal.protocol.Operation;
import dev.dynakit.engine.internal.protocol.Request;
import dev.dynakit.engine.internal.table.Violations;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * ListTables: table names in name order, at most {@code Limit} (1 to 100, default 100) after {@code
 * ExclusiveStartTableName}; LastEvaluatedTableName only when more names remain.
 */
final class ListTablesOp implements Operation {
  static final int MAX_LIMIT = 100;

  private final EngineState state;

  ListTablesOp(EngineState state) {
    this.state = state;
  }

  @Override
  public Object execute(Request req) {
    Violations v = new Violations();
    String start = req.string("ExclusiveStartTableName");
    v.name("exclusiveStartTableName", start);
    Long limit = req.integer("Limit");
    v.atLeast("limit", limit, 1);
    v.atMost("limit", limit, MAX_LIMIT);
    v.throwIfAny();
    int n = limit == null ? MAX_LIMIT : limit.intValue();
    // one name more than asked tells whether another page exists
    List<String> names = state.catalog().names(start, n + 1);
    Map<String, Object> out = new LinkedHashMap<>();
    if (names.size() > n) {
      names = names.subList(0, n);
      out.put("LastEvaluatedTableName", names.get(n - 1));
    }
    out.put("TableNames", new ArrayList<Object>(names));
    return out;
  }
}
