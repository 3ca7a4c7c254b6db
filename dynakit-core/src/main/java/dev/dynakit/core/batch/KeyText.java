package dev.dynakit.core.batch;

import java.util.Base64;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Short text of a key for messages: {@code {pk: "a", sk: 3}}. */
final class KeyText {
  private KeyText() {}

  static String of(Map<String, AttributeValue> key) {
    StringBuilder text = new StringBuilder("{");
    for (Map.Entry<String, AttributeValue> entry : key.entrySet()) {
      if (text.length() > 1) {
        text.append(", ");
      }
      text.append(entry.getKey()).append(": ").append(value(entry.getValue()));
    }
    return text.append('}').toString();
  }

  private static String value(AttributeValue value) {
    if (value.s() != null) {
      return '"' + value.s() + '"';
    }
    if (value.n() != null) {
      return value.n();
    }
    if (value.b() != null) {
      return "b64:" + Base64.getEncoder().encodeToString(value.b().asByteArrayUnsafe());
    }
    return value.toString();
  }
}
