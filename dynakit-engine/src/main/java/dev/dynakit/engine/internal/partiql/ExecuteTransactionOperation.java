package dev.dynakit.engine.internal.partiql;

import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.internal.protocol.Operation;
import dev.dynakit.engine.internal.protocol.Request;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * ExecuteTransaction: up to 100 statements, all reads of one item each (run as TransactGetItems) or
 * all writes (run as TransactWriteItems, with the client request token), all or nothing.
 */
final class ExecuteTransactionOperation implements Operation {
  static final int MAX_STATEMENTS = 100;

  private final Planner planner;
  private final PlanRunner runner;

  ExecuteTransactionOperation(Planner planner, PlanRunner runner) {
    this.planner = planner;
    this.runner = runner;
  }

  @Override
  public Object execute(Request request) {
    List<Request> statements =
        StatementRequests.statements(request, "TransactStatements", MAX_STATEMENTS);
    List<Plan> plans = new ArrayList<>();
    for (int i = 0; i < statements.size(); i++) {
      Request s = statements.get(i);
      String member = "transactStatements." + (i + 1) + ".member.statement";
      Statement parsed = Parser.parse(StatementRequests.statement(s, member));
      if (parsed instanceof Statement.Update u && u.returnValues() != null
          || parsed instanceof Statement.Delete d && d.returnValues() != null) {
        throw PartiqlErrors.unsupported("RETURNING in a transaction");
      }
      plans.add(planner.plan(parsed, StatementRequests.parameters(s, member), true));
    }
    boolean reads = plans.get(0).isRead();
    if (plans.stream().anyMatch(p -> p.isRead() != reads)) {
      throw EngineException.validation(
          "Only read or only write statements are allowed in a transaction, not both");
    }
    List<Object> items = new ArrayList<>();
    for (Plan plan : plans) {
      Map<String, Object> item = new LinkedHashMap<>(plan.request());
      item.remove("ReturnValues");
      items.add(Map.of(actionOf(plan), item));
    }
    Map<String, Object> call = new LinkedHashMap<>();
    call.put("TransactItems", items);
    if (request.has("ReturnConsumedCapacity")) {
      call.put("ReturnConsumedCapacity", request.raw("ReturnConsumedCapacity"));
    }
    if (reads) {
      return runner.run("TransactGetItems", call, false);
    }
    if (request.has("ClientRequestToken")) {
      call.put("ClientRequestToken", request.raw("ClientRequestToken"));
    }
    Map<String, Object> answer = runner.run("TransactWriteItems", call, false);
    Map<String, Object> response = new LinkedHashMap<>();
    if (answer.get("ConsumedCapacity") != null) {
      response.put("ConsumedCapacity", answer.get("ConsumedCapacity"));
    }
    return response;
  }

  private static String actionOf(Plan plan) {
    return switch (plan.operation()) {
      case "GetItem" -> "Get";
      case "PutItem" -> "Put";
      case "UpdateItem" -> "Update";
      default -> "Delete";
    };
  }
}
