package dev.dynakit.it.engine;

import java.util.LinkedHashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Short builders for attribute values and items in tests. */
final class Items {
  private Items() {}

  static AttributeValue s(String v) {
    return AttributeValue.fromS(v);
  }

  static AttributeValue n(String v) {
    return AttributeValue.fromN(v);
  }

  static Map<String, AttributeValue> item(Object... kv) {
    Map<String, AttributeValue> m = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      Object v = kv[i + 1];
      m.put(
          (String) kv[i],
          v instanceof AttributeValue a
              ? a
              : v instanceof Number num ? n(num.toString()) : s(v.toString()));
    }
    return m;
  }

  static Map<String, AttributeValue> key(String pk) {
    return item("pk", pk);
  }
}
