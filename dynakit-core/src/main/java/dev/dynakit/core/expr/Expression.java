package dev.dynakit.core.expr;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A rendered expression: its text and exactly the name and value placeholders the text uses, ready
 * to put on a request.
 *
 * <pre>{@code
 * Placeholders p = Placeholders.create();
 * Expression update = UpdateBuilder.create().set("name", "Ann").build(p);
 * Expression condition = Cond.exists("pk").render(p);
 * UpdateItemRequest.builder()
 *     .updateExpression(update.text())
 *     .conditionExpression(condition.text())
 *     .expressionAttributeNames(Expression.mergedNames(update, condition))
 *     .expressionAttributeValues(Expression.mergedValues(update, condition));
 * }</pre>
 *
 * @param text the expression text
 * @param names placeholder to attribute name
 * @param values placeholder to value
 */
public record Expression(
    String text, Map<String, String> names, Map<String, AttributeValue> values) {

  public Expression {
    Objects.requireNonNull(text, "text");
    names = Collections.unmodifiableMap(new LinkedHashMap<>(names));
    values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
  }

  /**
   * The expressions joined with {@code AND}, each parenthesised; nulls are skipped. The expressions
   * must come from one {@link Placeholders} (or otherwise agree on their placeholders).
   *
   * @throws IllegalArgumentException when no expression is given
   * @throws IllegalStateException when two expressions give one placeholder two meanings
   */
  public static Expression and(@Nullable Expression... parts) {
    return join(" AND ", Arrays.asList(parts));
  }

  /** The expressions joined with {@code OR}, each parenthesised; nulls are skipped. */
  public static Expression or(@Nullable Expression... parts) {
    return join(" OR ", Arrays.asList(parts));
  }

  /** The expressions joined with {@code AND}, each parenthesised; nulls are skipped. */
  public static Expression and(List<@Nullable Expression> parts) {
    return join(" AND ", parts);
  }

  private static Expression join(String operator, List<@Nullable Expression> parts) {
    List<Expression> present = new ArrayList<>();
    for (Expression part : parts) {
      if (part != null) {
        present.add(part);
      }
    }
    if (present.isEmpty()) {
      throw new IllegalArgumentException("nothing to join");
    }
    if (present.size() == 1) {
      return present.get(0);
    }
    StringBuilder text = new StringBuilder();
    for (Expression part : present) {
      if (text.length() > 0) {
        text.append(operator);
      }
      text.append('(').append(part.text()).append(')');
    }
    return new Expression(text.toString(), mergedNames(present), mergedValues(present));
  }

  /** The union of the expressions' names, for a request carrying them all; nulls are skipped. */
  public static Map<String, String> mergedNames(@Nullable Expression... expressions) {
    return mergedNames(Arrays.asList(expressions));
  }

  /** The union of the expressions' values, for a request carrying them all; nulls are skipped. */
  public static Map<String, AttributeValue> mergedValues(@Nullable Expression... expressions) {
    return mergedValues(Arrays.asList(expressions));
  }

  /** The union of the expressions' names; nulls are skipped. */
  public static Map<String, String> mergedNames(List<@Nullable Expression> expressions) {
    Map<String, String> merged = new LinkedHashMap<>();
    for (Expression expression : expressions) {
      if (expression != null) {
        expression.names().forEach((key, name) -> merge(merged, key, name));
      }
    }
    return merged;
  }

  /** The union of the expressions' values; nulls are skipped. */
  public static Map<String, AttributeValue> mergedValues(List<@Nullable Expression> expressions) {
    Map<String, AttributeValue> merged = new LinkedHashMap<>();
    for (Expression expression : expressions) {
      if (expression != null) {
        expression.values().forEach((key, value) -> merge(merged, key, value));
      }
    }
    return merged;
  }

  private static <V> void merge(Map<String, V> merged, String placeholder, V meaning) {
    V earlier = merged.putIfAbsent(placeholder, meaning);
    if (earlier != null && !earlier.equals(meaning)) {
      throw new IllegalStateException(
          "placeholder "
              + placeholder
              + " means both "
              + earlier
              + " and "
              + meaning
              + "; render every expression of a request against one Placeholders");
    }
  }
}
