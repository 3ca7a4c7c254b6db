package dev.dynakit.engine.internal.txn;

import dev.dynakit.engine.internal.protocol.Json;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * A TransactItems list as a size refusal echoes it: {@code []} when empty, as DynamoDB shows it.
 * DynamoDB renders a non-empty list in its service model's own words, with object identities no
 * client can predict; the engine shows the JSON that was sent instead.
 */
final class ListText {
  private ListText() {}

  static String of(List<Object> list) {
    return list.isEmpty() ? "[]" : new String(Json.write(list), StandardCharsets.UTF_8);
  }
}
