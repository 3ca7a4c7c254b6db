package dev.dynakit.engine.internal.batch;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * BatchWriteItem's RequestItems as DynamoDB echoes them in a refusal: its service model's own
 * rendering ({@code {table=[WriteRequest(putRequest=PutRequest(item={pk=AttributeValue(S=x)}),
 * deleteRequest=null)]}}), not the JSON that was sent.
 */
final class WriteRequestText {
  private WriteRequestText() {}

  static String of(Map<String, Object> requestItems) {
    List<String> tables = new ArrayList<>(requestItems.size());
    requestItems.forEach(
        (table, writes) -> {
          List<String> shown = new ArrayList<>();
          if (writes instanceof List<?> list) {
            for (Object write : list) {
              shown.add(writeRequest(write));
            }
          }
          tables.add(table + "=[" + String.join(", ", shown) + "]");
        });
    return "{" + String.join(", ", tables) + "}";
  }

  private static String writeRequest(Object write) {
    if (!(write instanceof Map<?, ?> w)) {
      return String.valueOf(write);
    }
    Object put = w.get("PutRequest");
    Object delete = w.get("DeleteRequest");
    return "WriteRequest(putRequest="
        + (put instanceof Map<?, ?> p
            ? "PutRequest(item=" + attributes(p.get("Item")) + ")"
            : "null")
        + ", deleteRequest="
        + (delete instanceof Map<?, ?> d
            ? "DeleteRequest(key=" + attributes(d.get("Key")) + ")"
            : "null")
        + ")";
  }

  private static String attributes(Object item) {
    if (!(item instanceof Map<?, ?> m)) {
      return String.valueOf(item);
    }
    List<String> shown = new ArrayList<>(m.size());
    m.forEach((name, value) -> shown.add(name + "=" + value(value)));
    return "{" + String.join(", ", shown) + "}";
  }

  private static String value(Object value) {
    if (!(value instanceof Map<?, ?> typed)) {
      return String.valueOf(value);
    }
    List<String> shown = new ArrayList<>(typed.size());
    typed.forEach((type, payload) -> shown.add(type + "=" + payload(payload)));
    return "AttributeValue(" + String.join(", ", shown) + ")";
  }

  private static String payload(Object payload) {
    if (payload instanceof Map<?, ?> m) {
      return attributes(m);
    }
    if (payload instanceof List<?> list) {
      List<String> shown = new ArrayList<>(list.size());
      for (Object element : list) {
        shown.add(element instanceof Map<?, ?> ? value(element) : String.valueOf(element));
      }
      return "[" + String.join(", ", shown) + "]";
    }
    return String.valueOf(payload);
  }
}
