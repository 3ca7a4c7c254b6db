package dev.dynakit.examples.rentals;

import dev.dynakit.core.schema.KeyField;
import dev.dynakit.core.schema.TableSpec;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.StringJoiner;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;

/**
 * Writes items as a person reads them, in a stable order: key fields first (in the declaration's
 * order), then the other fields alphabetically, then the technical ones ({@code _v}). Strings are
 * quoted, numbers bare.
 */
final class ItemText {
  private final TableSpec spec;

  ItemText(TableSpec spec) {
    this.spec = spec;
  }

  /** The whole item: {@code {state: "TX", city: "Dallas", rental: "r0004", ...}}. */
  String full(Map<String, ?> item) {
    return fields(item, ordered(item));
  }

  /** The key fields only. */
  String key(Map<String, ?> item) {
    List<String> names = new ArrayList<>();
    for (KeyField field : spec.keyFields()) {
      if (item.get(field.name()) != null) {
        names.add(field.name());
      }
    }
    return fields(item, names);
  }

  /** The item's place in the hierarchy and a few fields: {@code TX|Dallas|r0004 {status: ...}}. */
  String brief(Map<String, ?> item, String... names) {
    String path = spec.structuralKeyOf(item);
    List<String> present = new ArrayList<>();
    for (String name : names) {
      if (item.containsKey(name)) {
        present.add(name);
      }
    }
    return (path == null ? "?" : path) + " " + fields(item, present);
  }

  /** A map in its own order, as the argument of a call: {@code {status: "available", ...}}. */
  static String inOrder(Map<String, ?> map) {
    return fields(map, new ArrayList<>(map.keySet()));
  }

  private List<String> ordered(Map<String, ?> item) {
    List<String> names = new ArrayList<>();
    Set<String> rest = new TreeSet<>(item.keySet());
    for (KeyField field : spec.keyFields()) {
      if (rest.remove(field.name())) {
        names.add(field.name());
      }
    }
    List<String> technical = new ArrayList<>();
    for (String name : rest) {
      (spec.isTechnical(name) ? technical : names).add(name);
    }
    names.addAll(technical);
    return names;
  }

  private static String fields(Map<String, ?> item, List<String> names) {
    StringJoiner text = new StringJoiner(", ", "{", "}");
    for (String name : names) {
      text.add(name + ": " + value(item.get(name)));
    }
    return text.toString();
  }

  /** One value: strings quoted, numbers plain, lists in brackets, sets in {@code <<...>>}. */
  static String value(@Nullable Object value) {
    if (value == null) {
      return "null";
    }
    if (value instanceof String) {
      String s = (String) value;
      return '"' + s.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
    }
    if (value instanceof BigDecimal) {
      return ((BigDecimal) value).toPlainString();
    }
    if (value instanceof Map) {
      Map<String, Object> map = new LinkedHashMap<>();
      ((Map<?, ?>) value).forEach((k, v) -> map.put(String.valueOf(k), v));
      return fields(map, new ArrayList<>(new TreeSet<>(map.keySet())));
    }
    if (value instanceof Collection) {
      StringJoiner text =
          value instanceof Set
              ? new StringJoiner(", ", "<<", ">>")
              : new StringJoiner(", ", "[", "]");
      for (Object element : (Collection<?>) value) {
        text.add(value(element));
      }
      return text.toString();
    }
    return value.toString();
  }
}
