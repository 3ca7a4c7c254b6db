package dev.dynakit.cli;

import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Writes items the way a person reads them: {@code {make: "Toyota", price: 21000, tags: ["a"]}}
 * rather than the SDK's {@code AttributeValue(S=Toyota)}. Strings are quoted, numbers bare,
 * binaries in base64, sets as {@code <<...>>} so they differ from lists.
 */
final class ItemText {
  private ItemText() {}

  static String of(Map<String, AttributeValue> item) {
    return item.entrySet().stream()
        .map(e -> e.getKey() + ": " + of(e.getValue()))
        .collect(Collectors.joining(", ", "{", "}"));
  }

  static String of(AttributeValue value) {
    return switch (value.type()) {
      case S -> quoted(value.s());
      case N -> value.n();
      case B -> base64(value.b());
      case BOOL -> value.bool().toString();
      case NUL -> "null";
      case SS -> set(value.ss().stream().map(ItemText::quoted).toList());
      case NS -> set(value.ns());
      case BS -> set(value.bs().stream().map(ItemText::base64).toList());
      case L -> value.l().stream().map(ItemText::of).collect(Collectors.joining(", ", "[", "]"));
      case M -> of(value.m());
      case UNKNOWN_TO_SDK_VERSION -> "?";
    };
  }

  private static String quoted(String s) {
    return '"' + s.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
  }

  private static String base64(SdkBytes bytes) {
    return "b64:" + Base64.getEncoder().encodeToString(bytes.asByteArrayUnsafe());
  }

  private static String set(List<String> members) {
    return String.join(", ", members).transform(s -> "<<" + s + ">>");
  }
}
