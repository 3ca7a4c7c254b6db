package dev.dynakit.engine.internal.partiql;

import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.internal.protocol.Request;
import java.util.List;

/** The members every PartiQL request shares: a statement and its parameters. */
final class StatementRequests {
  /** DynamoDB's limit on a statement's length, in characters. */
  static final int MAX_STATEMENT_LENGTH = 8192;

  private StatementRequests() {}

  /** The statement text of {@code request}, checked for presence and length. */
  static String statement(Request request, String member) {
    String statement = request.string("Statement");
    if (statement == null) {
      throw EngineException.validation(
          "1 validation error detected: Value null at '"
              + member
              + "' failed to satisfy constraint: Member must not be null");
    }
    if (statement.isEmpty() || statement.length() > MAX_STATEMENT_LENGTH) {
      throw EngineException.validation(
          "1 validation error detected: Value at '"
              + member
              + "' failed to satisfy constraint: Member must have length less than or equal to "
              + MAX_STATEMENT_LENGTH
              + ", Member must have length greater than or equal to 1");
    }
    return statement;
  }

  /** The {@code Parameters} of {@code request}: none, or at least one. */
  static List<Object> parameters(Request request, String member) {
    if (!request.has("Parameters")) {
      return List.of();
    }
    List<Object> parameters = request.list("Parameters");
    if (parameters.isEmpty()) {
      throw EngineException.validation(
          "1 validation error detected: Value '[]' at '"
              + member
              + "' failed to satisfy constraint: Member must have length greater than or equal to"
              + " 1");
    }
    return parameters;
  }
}
