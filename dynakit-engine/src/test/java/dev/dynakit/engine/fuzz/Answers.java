package dev.dynakit.engine.fuzz;

import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.error.ErrorType;
import dev.dynakit.engine.internal.protocol.Json;
import java.nio.charset.StandardCharsets;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/** What the fuzzer accepts as an answer: a 200, or a 4xx whose body names a DynamoDB error type. */
final class Answers {
  private static final Set<String> CLIENT_ERRORS =
      EnumSet.complementOf(EnumSet.of(ErrorType.INTERNAL_SERVER_ERROR)).stream()
          .map(ErrorType::wireName)
          .collect(Collectors.toSet());

  private Answers() {}

  /** Why the answer is not acceptable, or null when it is. */
  static String problem(int status, byte[] body) {
    if (status == 200) {
      return null;
    }
    if (status < 400 || status >= 500) {
      return "status " + status;
    }
    try {
      Map<String, Object> error = Json.parseObject(body);
      Object type = error.get("__type");
      return CLIENT_ERRORS.contains(type) ? null : "no DynamoDB error type: " + type;
    } catch (EngineException e) {
      return "error body is not JSON: " + new String(body, StandardCharsets.UTF_8);
    }
  }

  /** A request body fit to print: at most {@code max} characters, non-ASCII bytes escaped. */
  static String show(byte[] body, int max) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < body.length && out.length() < max; i++) {
      int b = body[i] & 0xFF;
      if (b >= 0x20 && b < 0x7F) {
        out.append((char) b);
      } else {
        out.append(String.format("\\x%02x", b));
      }
    }
    if (out.length() >= max) {
      out.append("... (").append(body.length).append(" bytes)");
    }
    return out.toString();
  }
}
