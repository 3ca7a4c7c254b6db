package dev.dynakit.engine.internal.partiql;

import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.internal.protocol.Operation;
import dev.dynakit.engine.internal.protocol.Request;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * BatchExecuteStatement: up to 25 statements, all reads of one item each or all writes, each run on
 * its own (not atomically); a statement that fails answers with its error in its place.
 */
final class BatchExecuteStatementOperation implements Operation {
  static final int MAX_STATEMENTS = 25;

  private final Planner planner;
  private final PlanRunner runner;

  BatchExecuteStatementOperation(Planner planner, PlanRunner runner) {
    this.planner = planner;
    this.runner = runner;
  }

  @Override
  public Object execute(Request request) {
    List<Request> statements = PartiqlLists.statements(request, "Statements", MAX_STATEMENTS);
    List<Object> planned = new ArrayList<>();
    Boolean reads = null;
    for (int i = 0; i < statements.size(); i++) {
      Request s = statements.get(i);
      String member = "statements." + (i + 1) + ".member.statement";
      try {
        Statement parsed = Parser.parse(StatementRequests.statement(s, member));
        boolean read = parsed instanceof Statement.Select;
        if (reads != null && reads != read) {
          throw EngineException.validation(
              "Only read or only write statements are allowed in a batch, not both");
        }
        reads = read;
        Plan plan = planner.plan(parsed, StatementRequests.parameters(s, member), true);
        if (read && s.has("ConsistentRead")) {
          plan.request().put("ConsistentRead", s.raw("ConsistentRead"));
        }
        planned.add(plan);
      } catch (EngineException e) {
        if (e.getMessage() != null && e.getMessage().startsWith("Only read or only write")) {
          throw e;
        }
        planned.add(e);
      }
    }
    List<Object> responses = new ArrayList<>();
    for (Object p : planned) {
      responses.add(p instanceof Plan plan ? run(plan) : error(null, (EngineException) p));
    }
    Map<String, Object> response = new LinkedHashMap<>();
    response.put("Responses", responses);
    return response;
  }

  private Map<String, Object> run(Plan plan) {
    try {
      Map<String, Object> answer = runner.run(plan);
      Map<String, Object> response = new LinkedHashMap<>();
      response.put("TableName", plan.table());
      if (answer.get("Item") != null) {
        response.put("Item", answer.get("Item"));
      }
      return response;
    } catch (EngineException e) {
      return error(plan.table(), e);
    }
  }

  private static Map<String, Object> error(String table, EngineException e) {
    Map<String, Object> error = new LinkedHashMap<>();
    error.put("Code", BatchErrorCodes.of(e.type()));
    if (e.getMessage() != null) {
      error.put("Message", e.getMessage());
    }
    Map<String, Object> response = new LinkedHashMap<>();
    if (table != null) {
      response.put("TableName", table);
    }
    response.put("Error", error);
    return response;
  }
}
