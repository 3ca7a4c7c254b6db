package dev.dynakit.engine.internal.expr;

import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.internal.value.AttrValue;
import dev.dynakit.engine.internal.value.Utf8;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * The ExpressionAttributeNames and ExpressionAttributeValues of one request, shared by all of its
 * expressions, tracking which placeholders they use. Parse every expression of the request with it,
 * then call {@link #checkAllUsed()}.
 */
public final class ExpressionContext {
  /** The longest placeholder DynamoDB takes, in UTF-8 bytes. */
  private static final int MAX_KEY_BYTES = 255;

  private static final Pattern NAME_KEY = Pattern.compile("#[0-9a-zA-Z_]+");
  private static final Pattern VALUE_KEY = Pattern.compile(":[0-9a-zA-Z_]+");

  private final @Nullable Map<String, String> names;
  private final @Nullable Map<String, AttrValue> values;
  private final Set<String> usedNames = new HashSet<>();
  private final Set<String> usedValues = new HashSet<>();
  private boolean anyExpression;
  private boolean anyValueExpression;

  private ExpressionContext(
      @Nullable Map<String, String> names, @Nullable Map<String, AttrValue> values) {
    this.names = names;
    this.values = values;
  }

  /** The context of a request's name and value maps (null when the request has none). */
  public static ExpressionContext of(
      @Nullable Map<String, String> names, @Nullable Map<String, AttrValue> values) {
    return new ExpressionContext(names, values);
  }

  /**
   * Refuses what DynamoDB refuses once all of a request's expressions are parsed: names or values
   * given without any expression to use them, and names or values that no expression used.
   */
  public void checkAllUsed() {
    checkAllUsed(List.of());
  }

  /**
   * As {@link #checkAllUsed()}, naming in the error the operation's expression parameters that take
   * values when values come without any of them, as DynamoDB does ("ExpressionAttributeValues can
   * only be specified when using expressions: UpdateExpression and ConditionExpression are null").
   *
   * @param valueParameters the operation's value-taking expression parameters, in DynamoDB's order
   *     (for example {@code List.of("UpdateExpression", "ConditionExpression")})
   */
  /**
   * As {@link #checkAllUsed(List)}, for a transaction's action: DynamoDB lets one carry names or
   * values without any expression to use them, and checks only that the expressions it has use them
   * all.
   */
  public void checkAllUsedIfAnyExpression(List<String> valueParameters) {
    if (anyExpression) {
      checkAllUsed(valueParameters);
    }
  }

  public void checkAllUsed(List<String> valueParameters) {
    if (names != null && !anyExpression) {
      throw EngineException.validation(
          "ExpressionAttributeNames can only be specified when using expressions");
    }
    if (values != null && !anyValueExpression && (!anyExpression || !valueParameters.isEmpty())) {
      String message = "ExpressionAttributeValues can only be specified when using expressions";
      if (!valueParameters.isEmpty()) {
        message +=
            ": "
                + String.join(" and ", valueParameters)
                + (valueParameters.size() > 1 ? " are null" : " is null");
      }
      throw EngineException.validation(message);
    }
    if (names != null) {
      List<String> unused = unused(names.keySet(), usedNames);
      if (!unused.isEmpty()) {
        throw EngineException.validation(
            "Value provided in ExpressionAttributeNames unused in expressions: keys: {"
                + String.join(", ", unused)
                + "}");
      }
    }
    if (values != null) {
      List<String> unused = unused(values.keySet(), usedValues);
      if (!unused.isEmpty()) {
        throw EngineException.validation(
            "Value provided in ExpressionAttributeValues unused in expressions: keys: {"
                + String.join(", ", unused)
                + "}");
      }
    }
  }

  private static List<String> unused(Set<String> given, Set<String> used) {
    List<String> out = new ArrayList<>();
    for (String k : given) {
      if (!used.contains(k)) {
        out.add(k);
      }
    }
    return out;
  }

  /**
   * Marks the start of parsing one expression; the first one checks the maps' keys.
   *
   * @param takesValues whether the expression kind can use values (all but projections)
   */
  void begin(boolean takesValues) {
    if (!anyExpression) {
      checkKeys();
    }
    anyExpression = true;
    anyValueExpression |= takesValues;
  }

  private void checkKeys() {
    if (names != null) {
      if (names.isEmpty()) {
        throw EngineException.validation("ExpressionAttributeNames must not be empty");
      }
      for (Map.Entry<String, String> e : names.entrySet()) {
        String key = e.getKey();
        int size = Utf8.length(key);
        if (size > MAX_KEY_BYTES) {
          throw EngineException.validation(
              "ExpressionAttributeNames contains invalid key: The expression attribute map"
                  + " contains a key that is too long; size of key: "
                  + size);
        }
        if (!NAME_KEY.matcher(key).matches()) {
          throw EngineException.validation(
              "ExpressionAttributeNames contains invalid key: Syntax error; key: \"" + key + "\"");
        }
        if (e.getValue().isEmpty()) {
          throw EngineException.validation(
              "ExpressionAttributeNames contains invalid value: Empty attribute name for key "
                  + key);
        }
      }
    }
    if (values != null) {
      if (values.isEmpty()) {
        throw EngineException.validation("ExpressionAttributeValues must not be empty");
      }
      for (String key : values.keySet()) {
        if (Utf8.length(key) > MAX_KEY_BYTES) {
          // DynamoDB names the size for a name's key only
          throw EngineException.validation(
              "ExpressionAttributeValues contains invalid key: The expression attribute map"
                  + " contains a key that is too long;");
        }
        if (!VALUE_KEY.matcher(key).matches()) {
          throw EngineException.validation(
              "ExpressionAttributeValues contains invalid key: Syntax error; key: \"" + key + "\"");
        }
      }
    }
  }

  /** The attribute name behind a {@code #placeholder}, marking it used; null if undefined. */
  @Nullable String name(String placeholder) {
    String name = names == null ? null : names.get(placeholder);
    if (name != null) {
      usedNames.add(placeholder);
    }
    return name;
  }

  /** The value behind a {@code :placeholder}, marking it used; null if undefined. */
  @Nullable AttrValue value(String placeholder) {
    AttrValue value = values == null ? null : values.get(placeholder);
    if (value != null) {
      usedValues.add(placeholder);
    }
    return value;
  }
}
