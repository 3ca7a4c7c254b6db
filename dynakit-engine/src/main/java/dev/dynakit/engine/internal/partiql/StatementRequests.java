package dev.dynakit.engine.internal.partiql;

import dev.dynakit.engine.internal.protocol.Request;
import dev.dynakit.engine.internal.table.Violations;
import java.util.List;

/**
 * The members every PartiQL request shares, checked with the engine's shared {@link Violations} so
 * that their refusals read as every other request's do.
 */
final class StatementRequests {
  /** DynamoDB's limit on a statement's length, in characters. */
  static final int MAX_STATEMENT_LENGTH = 8192;

  private StatementRequests() {}

  /** The statement text of {@code request} ({@code member} names it in errors). */
  static String statement(Request request, String member) {
    String statement = request.string("Statement");
    Violations v = new Violations();
    if (v.notNull(member, statement)) {
      v.length(member, statement, 1, MAX_STATEMENT_LENGTH);
    }
    v.throwIfAny();
    return statement;
  }

  /** The {@code Parameters} of {@code request}: none, or at least one. */
  static List<Object> parameters(Request request, String member) {
    if (!request.has("Parameters")) {
      return List.of();
    }
    List<Object> parameters = request.list("Parameters");
    Violations v = new Violations();
    v.size(member, parameters, 1, Integer.MAX_VALUE);
    v.throwIfAny();
    return parameters;
  }

  /** A statement list of BatchExecuteStatement or ExecuteTransaction, 1 to {@code max} long. */
  static List<Request> statements(Request request, String member, int max) {
    String path = Violations.path(member);
    Violations v = new Violations();
    if (v.notNull(path, request.raw(member))) {
      v.size(path, request.list(member), 1, max);
    }
    v.throwIfAny();
    return request.objects(member);
  }
}
