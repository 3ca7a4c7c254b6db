package dev.dynakit.engine.internal.table;

import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.internal.protocol.Json;
import dev.dynakit.engine.internal.protocol.Request;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Collects DynamoDB's shape-constraint errors for one request and reports them together, the way
 * DynamoDB does: "2 validation errors detected: Value 'a;' at 'tableName' failed to satisfy
 * constraint: ...; Value ...". Paths use DynamoDB's camel-case member names, with list elements as
 * {@code keySchema.1.member}.
 */
public final class Violations {
  /** DynamoDB lists at most this many constraint errors in one message. */
  private static final int MAX_REPORTED = 10;

  /** The pattern of table and index names, as DynamoDB's messages quote it. */
  public static final String NAME_PATTERN = "[a-zA-Z0-9_.-]+";

  private final List<String> messages = new ArrayList<>();

  public Violations() {}

  /** The TableName member of a request that names one table, checked alone. */
  public static String tableName(Request req) {
    Violations v = new Violations();
    String name = req.string("TableName");
    v.notNull("tableName", name);
    v.name("tableName", name);
    v.throwIfAny();
    return name;
  }

  /** The camel-case path DynamoDB reports for a top-level member. */
  public static String path(String member) {
    return Character.toLowerCase(member.charAt(0)) + member.substring(1);
  }

  /** The path of a nested member: {@code parent.member} with the member in camel case. */
  public static String path(String parent, String member) {
    return parent + "." + path(member);
  }

  /** The path of the {@code index}-th (zero-based) element of the list at {@code listPath}. */
  public static String element(String listPath, int index) {
    return listPath + "." + (index + 1) + ".member";
  }

  public void add(String path, Object value, String constraint) {
    if (messages.size() < MAX_REPORTED) {
      messages.add(
          "Value "
              + render(value)
              + " at '"
              + path
              + "' failed to satisfy constraint: "
              + constraint);
    }
  }

  /** Records a null value; returns whether the value was present. */
  public boolean notNull(String path, Object value) {
    if (value == null) {
      add(path, null, "Member must not be null");
      return false;
    }
    return true;
  }

  /** A table or index name: 3 to 255 characters of {@code [a-zA-Z0-9_.-]}. */
  public void name(String path, String value) {
    if (value == null) {
      return;
    }
    if (!isNameText(value)) {
      add(path, value, "Member must satisfy regular expression pattern: " + NAME_PATTERN);
    }
    length(path, value, 3, 255);
  }

  /**
   * Whether {@code value} matches {@link #NAME_PATTERN}: one or more of {@code a-z A-Z 0-9 _ . -}
   * (a loop, not a regular expression: every item request checks its table name).
   */
  public static boolean isNameText(String value) {
    int n = value.length();
    for (int i = 0; i < n; i++) {
      char c = value.charAt(i);
      boolean ok =
          (c >= 'a' && c <= 'z')
              || (c >= 'A' && c <= 'Z')
              || (c >= '0' && c <= '9')
              || c == '_'
              || c == '.'
              || c == '-';
      if (!ok) {
        return false;
      }
    }
    return n > 0;
  }

  /** A string whose length (in characters) must lie in [min, max]. */
  public void length(String path, String value, int min, int max) {
    if (value == null) {
      return;
    }
    int length = value.codePointCount(0, value.length());
    if (length < min) {
      add(path, value, "Member must have length greater than or equal to " + min);
    }
    if (length > max) {
      add(path, value, "Member must have length less than or equal to " + max);
    }
  }

  /** A string whose UTF-8 length in bytes must lie in [min, max] (attribute names). */
  public void byteLength(String path, String value, int min, int max) {
    if (value == null) {
      return;
    }
    int length = value.getBytes(StandardCharsets.UTF_8).length;
    if (length < min) {
      add(path, value, "Member must have length greater than or equal to " + min);
    }
    if (length > max) {
      add(path, value, "Member must have length less than or equal to " + max);
    }
  }

  /** A list whose size must lie in [min, max]. */
  public void size(String path, List<?> value, int min, int max) {
    if (value == null) {
      return;
    }
    if (value.size() < min) {
      add(path, value, "Member must have length greater than or equal to " + min);
    }
    if (value.size() > max) {
      add(path, value, "Member must have length less than or equal to " + max);
    }
  }

  public void oneOf(String path, String value, List<String> allowed) {
    if (value != null && !allowed.contains(value)) {
      add(path, value, "Member must satisfy enum value set: [" + String.join(", ", allowed) + "]");
    }
  }

  public void atLeast(String path, Long value, long min) {
    if (value != null && value < min) {
      add(path, value, "Member must have value greater than or equal to " + min);
    }
  }

  public void atMost(String path, Long value, long max) {
    if (value != null && value > max) {
      add(path, value, "Member must have value less than or equal to " + max);
    }
  }

  /**
   * Records a message that is not about one member's value, which DynamoDB reports in the same list
   * (for example Query's refusal of a Select value that does not fit the request).
   */
  public void message(String text) {
    if (messages.size() < MAX_REPORTED) {
      messages.add(text);
    }
  }

  public boolean isEmpty() {
    return messages.isEmpty();
  }

  /** Throws the combined ValidationException if anything was recorded. */
  public void throwIfAny() {
    if (messages.isEmpty()) {
      return;
    }
    int n = messages.size();
    throw EngineException.validation(
        n
            + " validation error"
            + (n == 1 ? "" : "s")
            + " detected: "
            + String.join("; ", messages));
  }

  private static String render(Object value) {
    if (value == null) {
      return "null";
    }
    return "'" + text(value) + "'";
  }

  private static String text(Object value) {
    if (value instanceof List<?> list) {
      List<String> parts = new ArrayList<>(list.size());
      for (Object o : list) {
        parts.add(o == null ? "null" : text(o));
      }
      return "[" + String.join(", ", parts) + "]";
    }
    if (value instanceof Map<?, ?>) {
      return new String(Json.write(value), StandardCharsets.UTF_8);
    }
    return String.valueOf(value);
  }
}
