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
    List<Request> statements = StatementRequests.statements(request, "Statements", MAX_STATEMENTS);
    // a statement that does not parse answers in its place; the others decide the batch's kind
    List<Object> parsed = new ArrayList<>();
    for (int i = 0; i < statements.size(); i++) {
      try {
        parsed.add(Parser.parse(StatementRequests.statement(statements.get(i), member(i))));
      } catch (EngineException e) {
        parsed.add(e);
      }
    }
    long reads = parsed.stream().filter(p -> p instanceof Statement.Select).count();
    long writes = parsed.stream().filter(p -> p instanceof Statement).count() - reads;
    if (reads > 0 && writes > 0) {
      throw EngineException.validation(
          "Only read or only write statements are allowed in a batch, not both");
    }
    List<Object> responses = new ArrayList<>();
    for (int i = 0; i < statements.size(); i++) {
      Object p = parsed.get(i);
      responses.add(
          p instanceof Statement statement
              ? run(statement, statements.get(i), member(i))
              : error(null, (EngineException) p));
    }
    Map<String, Object> response = new LinkedHashMap<>();
    response.put("Responses", responses);
    return response;
  }

  private static String member(int index) {
    return "statements." + (index + 1) + ".member.statement";
  }

  private Map<String, Object> run(Statement statement, Request request, String member) {
    Plan plan;
    try {
      plan = planner.plan(statement, StatementRequests.parameters(request, member), true);
    } catch (EngineException e) {
      return error(statement.table(), e);
    }
    if (plan.isRead() && request.has("ConsistentRead")) {
      plan.request().put("ConsistentRead", request.raw("ConsistentRead"));
    }
    return run(plan);
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
