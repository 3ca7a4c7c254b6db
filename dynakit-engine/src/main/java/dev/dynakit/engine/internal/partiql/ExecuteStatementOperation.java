package dev.dynakit.engine.internal.partiql;

import dev.dynakit.engine.internal.protocol.Operation;
import dev.dynakit.engine.internal.protocol.Request;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** ExecuteStatement: one PartiQL statement, run as the operation that does its work. */
final class ExecuteStatementOperation implements Operation {
  private final Planner planner;
  private final PlanRunner runner;

  ExecuteStatementOperation(Planner planner, PlanRunner runner) {
    this.planner = planner;
    this.runner = runner;
  }

  @Override
  public Object execute(Request request) {
    String text = StatementRequests.statement(request, "statement");
    List<Object> parameters = StatementRequests.parameters(request, "parameters");
    Plan plan = planner.plan(Parser.parse(text), parameters, false);
    Map<String, Object> call = plan.request();
    if (plan.isRead()) {
      copy(request, call, "ConsistentRead");
    }
    if (plan.kind() == Plan.Kind.READ_MANY) {
      copy(request, call, "Limit");
      String token = request.string("NextToken");
      if (token != null) {
        call.put("ExclusiveStartKey", NextTokens.startKey(text, token));
      }
    }
    copy(request, call, "ReturnConsumedCapacity");
    if (!plan.isRead()) {
      copy(request, call, "ReturnValuesOnConditionCheckFailure");
    }
    Map<String, Object> answer = runner.run(plan);
    Map<String, Object> response = new LinkedHashMap<>();
    response.put("Items", PlanRunner.items(plan, answer));
    Object lastKey = answer.get("LastEvaluatedKey");
    if (lastKey != null) {
      response.put("NextToken", NextTokens.of(text, lastKey));
      response.put("LastEvaluatedKey", lastKey);
    }
    if (answer.get("ConsumedCapacity") != null) {
      response.put("ConsumedCapacity", answer.get("ConsumedCapacity"));
    }
    return response;
  }

  private static void copy(Request from, Map<String, Object> to, String member) {
    if (from.has(member)) {
      to.put(member, from.raw(member));
    }
  }
}
