package dev.dynakit.core.expr;

import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Builds one expression's text while recording the placeholders it uses. */
final class ExpressionWriter {
  private final Placeholders placeholders;
  private final StringBuilder text = new StringBuilder();
  private final Map<String, String> names = new LinkedHashMap<>();
  private final Map<String, AttributeValue> values = new LinkedHashMap<>();

  ExpressionWriter(Placeholders placeholders) {
    this.placeholders = placeholders;
  }

  Placeholders placeholders() {
    return placeholders;
  }

  ExpressionWriter text(String part) {
    text.append(part);
    return this;
  }

  ExpressionWriter name(String attribute) {
    String placeholder = placeholders.name(attribute);
    names.put(placeholder, attribute);
    text.append(placeholder);
    return this;
  }

  ExpressionWriter path(FieldPath path) {
    boolean first = true;
    for (Object segment : path.segments()) {
      if (segment instanceof Integer) {
        text.append('[').append(segment).append(']');
      } else {
        if (!first) {
          text.append('.');
        }
        name((String) segment);
      }
      first = false;
    }
    return this;
  }

  /** A value; {@code field} names the top-level attribute whose codec applies, or is null. */
  ExpressionWriter value(@Nullable String field, @Nullable Object value) {
    String placeholder =
        field == null ? placeholders.value(value) : placeholders.value(field, value);
    values.put(placeholder, placeholders.valueOf(placeholder));
    text.append(placeholder);
    return this;
  }

  int length() {
    return text.length();
  }

  Expression done() {
    return new Expression(text.toString(), names, values);
  }
}
