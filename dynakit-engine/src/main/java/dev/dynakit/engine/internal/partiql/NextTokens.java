package dev.dynakit.engine.internal.partiql;

import dev.dynakit.engine.internal.protocol.Json;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The NextToken of a SELECT: the page's LastEvaluatedKey and a fingerprint of the statement it
 * belongs to, so that a token handed to another statement is refused rather than misread.
 */
final class NextTokens {
  private NextTokens() {}

  static String of(String statement, Object lastEvaluatedKey) {
    Map<String, Object> token = new LinkedHashMap<>();
    token.put("s", fingerprint(statement));
    token.put("k", lastEvaluatedKey);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(Json.write(token));
  }

  /** The ExclusiveStartKey a token carries, or an error if it was not issued for this statement. */
  static Object startKey(String statement, String token) {
    Map<String, Object> fields;
    try {
      fields = Json.parseObject(Base64.getUrlDecoder().decode(token));
    } catch (RuntimeException e) {
      throw PartiqlErrors.invalidNextToken();
    }
    if (!fingerprint(statement).equals(fields.get("s")) || !(fields.get("k") instanceof Map)) {
      throw PartiqlErrors.invalidNextToken();
    }
    return fields.get("k");
  }

  private static String fingerprint(String statement) {
    byte[] bytes = statement.getBytes(StandardCharsets.UTF_8);
    long hash = 1125899906842597L;
    for (byte b : bytes) {
      hash = 31 * hash + b;
    }
    return Long.toHexString(hash);
  }
}
