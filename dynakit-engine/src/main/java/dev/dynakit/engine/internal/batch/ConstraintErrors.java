package dev.dynakit.engine.internal.batch;

import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.internal.protocol.Json;
import dev.dynakit.engine.internal.table.Violations;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * Collects DynamoDB's member-constraint errors of one request and reports them together ("2
 * validation errors detected: Value 'X' at 'returnConsumedCapacity' failed to satisfy constraint:
 * ...; ..."), as DynamoDB checks every member's constraints before reading the request further.
 */
public final class ConstraintErrors {
  private static final int MAX_REPORTED = 10;

  private final List<String> messages = new ArrayList<>();

  /** A value that must be one of {@code allowed} (listed in DynamoDB's order), if present. */
  public void oneOf(String path, @Nullable String value, List<String> allowed) {
    if (value != null && !allowed.contains(value)) {
      add(
          "Value '"
              + value
              + "' at '"
              + path
              + "' failed to satisfy constraint: Member must satisfy enum value set: ["
              + String.join(", ", allowed)
              + "]");
    }
  }

  /** The ReturnConsumedCapacity member. */
  public void returnConsumedCapacity(@Nullable String value) {
    oneOf("returnConsumedCapacity", value, List.of("INDEXES", "TOTAL", "NONE"));
  }

  /** The ReturnItemCollectionMetrics member. */
  public void returnItemCollectionMetrics(@Nullable String value) {
    oneOf("returnItemCollectionMetrics", value, List.of("SIZE", "NONE"));
  }

  /**
   * The keys of a map of table names (RequestItems): each 3 to 255 characters of {@code
   * [a-zA-Z0-9_.-]}. DynamoDB echoes the whole map in the message, as JSON (BatchGetItem).
   */
  public void tableNames(String path, Map<String, Object> map) {
    tableNames(path, map, () -> new String(Json.write(map), StandardCharsets.UTF_8));
  }

  /**
   * As {@link #tableNames(String, Map)}, echoing the map as {@code shown} renders it (only for a
   * refusal: rendering a batch costs more than checking it).
   */
  public void tableNames(String path, Map<String, Object> map, Supplier<String> shown) {
    for (String name : map.keySet()) {
      if (!validTableName(name)) {
        add(
            "Value '"
                + shown.get()
                + "' at '"
                + path
                + "' failed to satisfy constraint: Map keys must satisfy constraint: [Member"
                + " must have length less than or equal to 255, Member must have length greater"
                + " than or equal to 3, Member must satisfy regular expression pattern:"
                + " [a-zA-Z0-9_.-]+]");
        return;
      }
    }
  }

  /** A table name: 3 to 255 characters of {@code [a-zA-Z0-9_.-]}. */
  public void tableName(String path, String name) {
    if (!Violations.isNameText(name)) {
      add(
          "Value '"
              + name
              + "' at '"
              + path
              + "' failed to satisfy constraint: Member must satisfy regular expression pattern: "
              + Violations.NAME_PATTERN);
    }
    length(path, name, 3, 255);
  }

  /** A list whose size must lie in [min, max]; DynamoDB names the member without its value. */
  public void size(String path, int size, int min, int max) {
    if (size < min) {
      add(
          "Value at '"
              + path
              + "' failed to satisfy constraint: Member must have length greater than or equal to "
              + min);
    } else if (size > max) {
      add(
          "Value at '"
              + path
              + "' failed to satisfy constraint: Member must have length less than or equal to "
              + max);
    }
  }

  /**
   * A list whose size must lie in [min, max], echoed in the message as {@code shown} renders it
   * (only for a refusal), the way DynamoDB reports TransactItems ("Value '[]' at 'transactItems'
   * ...").
   */
  public void size(String path, int size, int min, int max, Supplier<String> shown) {
    if (size < min || size > max) {
      add(
          "Value '"
              + shown.get()
              + "' at '"
              + path
              + "' failed to satisfy constraint: Member must have length "
              + (size < min ? "greater than or equal to " + min : "less than or equal to " + max));
    }
  }

  /**
   * A map whose every value is a list of 1 to {@code max} members (BatchWriteItem's RequestItems),
   * the whole map echoed as {@code shown} renders it.
   */
  public void mapValueSizes(String path, int max, Supplier<String> shown) {
    add(
        "Value '"
            + shown.get()
            + "' at '"
            + path
            + "' failed to satisfy constraint: Map value must satisfy constraint: [Member must have"
            + " length less than or equal to "
            + max
            + ", Member must have length greater than or equal to 1]");
  }

  /** A string whose length must lie in [min, max], echoed in the message. */
  public void length(String path, @Nullable String value, int min, int max) {
    if (value == null) {
      return;
    }
    if (value.length() < min) {
      add(
          "Value '"
              + value
              + "' at '"
              + path
              + "' failed to satisfy constraint: Member must have length greater than or equal to "
              + min);
    } else if (value.length() > max) {
      add(
          "Value '"
              + value
              + "' at '"
              + path
              + "' failed to satisfy constraint: Member must have length less than or equal to "
              + max);
    }
  }

  /** A required member; returns whether it is present. */
  public boolean notNull(String path, @Nullable Object value) {
    if (value == null) {
      add("Value null at '" + path + "' failed to satisfy constraint: Member must not be null");
      return false;
    }
    return true;
  }

  /** Records a message of DynamoDB's own wording. */
  void add(String message) {
    if (messages.size() < MAX_REPORTED) {
      messages.add(message);
    }
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

  static boolean validTableName(String name) {
    return name.length() >= 3 && name.length() <= 255 && Violations.isNameText(name);
  }
}
