package dev.dynakit.engine.internal.partiql;

import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.error.ErrorType;
import dev.dynakit.engine.internal.protocol.Operation;
import dev.dynakit.engine.internal.protocol.Request;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Runs plans through the engine's own operations, which the PartiQL operations share. */
final class PlanRunner {
  private final Map<String, Operation> operations;

  PlanRunner(Map<String, Operation> operations) {
    this.operations = operations;
  }

  /** Runs the plan; an INSERT onto an existing item is DynamoDB's DuplicateItemException. */
  @SuppressWarnings("unchecked")
  Map<String, Object> run(Plan plan) {
    return run(plan.operation(), plan.request(), plan.kind() == Plan.Kind.INSERT);
  }

  @SuppressWarnings("unchecked")
  Map<String, Object> run(String operation, Map<String, Object> request, boolean insert) {
    try {
      return (Map<String, Object>) operations.get(operation).execute(new Request(request));
    } catch (EngineException e) {
      if (insert && e.type() == ErrorType.CONDITIONAL_CHECK_FAILED) {
        throw PartiqlErrors.duplicateItem();
      }
      throw e;
    }
  }

  /** The items a plan's answer holds, as a statement's {@code Items}. */
  static List<Object> items(Plan plan, Map<String, Object> answer) {
    List<Object> items = new ArrayList<>();
    switch (plan.kind()) {
      case READ_ONE -> addIfPresent(items, answer.get("Item"));
      case READ_MANY -> items.addAll((List<?>) answer.get("Items"));
      case WRITE -> addIfPresent(items, answer.get("Attributes"));
      default -> {}
    }
    return items;
  }

  private static void addIfPresent(List<Object> items, Object item) {
    if (item != null) {
      items.add(item);
    }
  }
}
