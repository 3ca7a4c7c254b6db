package dev.dynakit.advisor.internal;

import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** A key value as the reports print it: the string, number or base64 bytes; lists joined by |. */
final class AttributeText {
  private AttributeText() {}

  /** A value of the SDK's model. */
  static String of(AttributeValue v) {
    if (v.s() != null) {
      return v.s();
    }
    if (v.n() != null) {
      return v.n();
    }
    if (v.b() != null) {
      return Base64.getEncoder().encodeToString(v.b().asByteArray());
    }
    return v.toString();
  }

  /** A value in the wire protocol's typed JSON ({@code {"S": "x"}}). */
  static String of(Object typedJson) {
    Map<String, Object> value = Json.map(typedJson);
    if (value.get("L") instanceof List<?> parts) {
      List<String> texts = new ArrayList<>();
      parts.forEach(p -> texts.add(of((Object) p)));
      return String.join(" | ", texts);
    }
    for (String type : List.of("S", "N", "B")) {
      if (value.get(type) != null) {
        return String.valueOf(value.get(type));
      }
    }
    return String.valueOf(typedJson);
  }
}
