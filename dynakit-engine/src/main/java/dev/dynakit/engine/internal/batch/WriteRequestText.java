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
  /**
   * How deep values are shown: beyond DynamoDB's 32 levels of attribute values, and shallow enough
   * that a hostile request nested a thousand levels cannot exhaust the stack.
   */
  private static final int MAX_DEPTH = 64;

  private static final String CUT = "...";

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
            ? "PutRequest(item=" + attributes(p.get("Item"), 0) + ")"
            : "null")
        + ", deleteRequest="
        + (delete instanceof Map<?, ?> d
            ? "DeleteRequest(key=" + attributes(d.get("Key"), 0) + ")"
            : "null")
        + ")";
  }

  private static String attributes(Object item, int depth) {
    if (!(item instanceof Map<?, ?> m)) {
      return scalar(item, depth);
    }
    if (depth > MAX_DEPTH) {
      return CUT;
    }
    List<String> shown = new ArrayList<>(m.size());
    for (Map.Entry<?, ?> e : m.entrySet()) {
      shown.add(e.getKey() + "=" + value(e.getValue(), depth + 1));
    }
    return "{" + String.join(", ", shown) + "}";
  }

  private static String value(Object value, int depth) {
    if (!(value instanceof Map<?, ?> typed)) {
      return scalar(value, depth);
    }
    if (depth > MAX_DEPTH) {
      return CUT;
    }
    List<String> shown = new ArrayList<>(typed.size());
    for (Map.Entry<?, ?> e : typed.entrySet()) {
      shown.add(e.getKey() + "=" + payload(e.getValue(), depth + 1));
    }
    return "AttributeValue(" + String.join(", ", shown) + ")";
  }

  private static String payload(Object payload, int depth) {
    if (payload instanceof Map<?, ?> m) {
      return attributes(m, depth);
    }
    if (payload instanceof List<?> list) {
      if (depth > MAX_DEPTH) {
        return CUT;
      }
      List<String> shown = new ArrayList<>(list.size());
      for (Object element : list) {
        shown.add(
            element instanceof Map<?, ?> ? value(element, depth + 1) : scalar(element, depth));
      }
      return "[" + String.join(", ", shown) + "]";
    }
    return String.valueOf(payload);
  }

  /** A value that is not an object: a list is shown as its elements, within the depth. */
  private static String scalar(Object value, int depth) {
    return value instanceof List<?> ? payload(value, depth + 1) : String.valueOf(value);
  }
}
