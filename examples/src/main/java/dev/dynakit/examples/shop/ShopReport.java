package dev.dynakit.examples.shop;

import java.io.PrintWriter;
import java.math.BigDecimal;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import org.jspecify.annotations.Nullable;

/**
 * Prints the shop's access patterns: a numbered title, then each call as code and its result, an
 * item per line with its type first.
 *
 * <pre>
 * 2. A customer with their orders: one Query over the item collection
 *    shop.pattern("customerWithOrders", {customerId: "c42"})
 *    -&gt; 3 items:
 *         order {customerId: "c42", orderId: "o981", ...}
 * </pre>
 */
final class ShopReport {
  private static final String CALL = "   ";
  private static final String RESULT = "   -> ";
  private static final String MORE = "        ";

  private final PrintWriter out;
  private int patterns;

  ShopReport(PrintWriter out) {
    this.out = out;
  }

  void pattern(String title) {
    patterns++;
    out.println();
    out.println(patterns + ". " + title);
    out.flush();
  }

  void call(String code) {
    out.println(CALL + code);
  }

  void result(String text) {
    out.println(RESULT + text);
    out.flush();
  }

  /** Items, one per line: {@code type {field: value, ...}}. */
  void items(List<? extends Map<String, ?>> items, String typeField) {
    result(items.size() + (items.size() == 1 ? " item:" : " items:"));
    for (Map<String, ?> item : items) {
      out.println(MORE + line(item, typeField));
    }
    out.flush();
  }

  /** How many patterns were printed. */
  int patterns() {
    return patterns;
  }

  /** An item as its type and its fields in their own order, the type field left out. */
  static String line(Map<String, ?> item, String typeField) {
    StringJoiner text = new StringJoiner(", ", "{", "}");
    item.forEach(
        (name, value) -> {
          if (!name.equals(typeField)) {
            text.add(name + ": " + value(value));
          }
        });
    Object type = item.get(typeField);
    return (type == null ? "" : type + " ") + text;
  }

  /** A map in its own order, as the argument of a call: {@code {customerId: "c42"}}. */
  static String args(Map<String, ?> map) {
    StringJoiner text = new StringJoiner(", ", "{", "}");
    map.forEach((name, value) -> text.add(name + ": " + value(value)));
    return text.toString();
  }

  /** One value: strings quoted, numbers plain, lists in brackets. */
  static String value(@Nullable Object value) {
    if (value == null) {
      return "null";
    }
    if (value instanceof String) {
      return '"' + ((String) value).replace("\\", "\\\\").replace("\"", "\\\"") + '"';
    }
    if (value instanceof BigDecimal) {
      return ((BigDecimal) value).toPlainString();
    }
    if (value instanceof Collection) {
      StringJoiner text = new StringJoiner(", ", "[", "]");
      for (Object element : (Collection<?>) value) {
        text.add(value(element));
      }
      return text.toString();
    }
    if (value instanceof Map) {
      return args(mapOf((Map<?, ?>) value));
    }
    return value.toString();
  }

  private static Map<String, Object> mapOf(Map<?, ?> map) {
    Map<String, Object> out = new java.util.LinkedHashMap<>();
    map.forEach((k, v) -> out.put(String.valueOf(k), v));
    return out;
  }
}
