package dev.dynakit.engine.internal.partiql;

import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.internal.protocol.Request;
import java.util.List;

/** The statement lists of BatchExecuteStatement and ExecuteTransaction, checked for size. */
final class PartiqlLists {
  private PartiqlLists() {}

  static List<Request> statements(Request request, String member, int max) {
    String wireName = Character.toLowerCase(member.charAt(0)) + member.substring(1);
    if (!request.has(member)) {
      throw EngineException.validation(
          "1 validation error detected: Value null at '"
              + wireName
              + "' failed to satisfy constraint: Member must not be null");
    }
    List<Request> statements = request.objects(member);
    if (statements.isEmpty() || statements.size() > max) {
      throw EngineException.validation(
          "1 validation error detected: Value at '"
              + wireName
              + "' failed to satisfy constraint: Member must have length less than or equal to "
              + max
              + ", Member must have length greater than or equal to 1");
    }
    return statements;
  }
}
