package dev.dynakit.engine.internal.protocol;

import dev.dynakit.engine.internal.value.AttrValue;
import dev.dynakit.engine.internal.value.Binary;
import dev.dynakit.engine.internal.value.Numbers;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Turns a response tree into the plain tree its JSON would parse into: only JDK types, attribute
 * values in DynamoDB's typed form ({@code {"S": "x"}}, {@code {"N": "1.5"}}, binaries as Base64
 * text). What {@code EngineResponse.result()} hands to a caller in the same JVM, so that no engine
 * type leaves the engine; written to match {@link JsonWriter} member for member.
 */
final class PlainTrees {
  private PlainTrees() {}

  static @Nullable Object of(@Nullable Object tree) {
    if (tree instanceof AttrValue value) {
      return attr(value);
    }
    if (tree instanceof Map<?, ?> map) {
      Map<String, Object> plain = new LinkedHashMap<>(capacity(map.size()));
      for (Map.Entry<?, ?> e : map.entrySet()) {
        plain.put((String) e.getKey(), of(e.getValue()));
      }
      return Collections.unmodifiableMap(plain);
    }
    if (tree instanceof List<?> list) {
      List<Object> plain = new ArrayList<>(list.size());
      for (Object element : list) {
        plain.add(of(element));
      }
      return Collections.unmodifiableList(plain);
    }
    if (tree instanceof Integer i) {
      return i.longValue();
    }
    // String, Boolean, Long, Double, BigDecimal, null: already plain
    return tree;
  }

  private static Map<String, Object> attr(AttrValue av) {
    return Map.of(av.typeName(), attrContent(av));
  }

  private static Object attrContent(AttrValue av) {
    if (av instanceof AttrValue.S s) {
      return s.value();
    } else if (av instanceof AttrValue.N n) {
      return n.text();
    } else if (av instanceof AttrValue.B b) {
      return b.value().toBase64();
    } else if (av instanceof AttrValue.Bool b) {
      return b.value();
    } else if (av instanceof AttrValue.Null) {
      return Boolean.TRUE;
    } else if (av instanceof AttrValue.SS ss) {
      return List.copyOf(ss.values());
    } else if (av instanceof AttrValue.NS ns) {
      List<String> texts = new ArrayList<>(ns.values().size());
      for (BigDecimal d : ns.values()) {
        texts.add(Numbers.toText(d));
      }
      return Collections.unmodifiableList(texts);
    } else if (av instanceof AttrValue.BS bs) {
      List<String> texts = new ArrayList<>(bs.values().size());
      for (Binary b : bs.values()) {
        texts.add(b.toBase64());
      }
      return Collections.unmodifiableList(texts);
    } else if (av instanceof AttrValue.L l) {
      List<Object> elements = new ArrayList<>(l.values().size());
      for (AttrValue e : l.values()) {
        elements.add(attr(e));
      }
      return Collections.unmodifiableList(elements);
    }
    Map<String, AttrValue> members = ((AttrValue.M) av).values();
    Map<String, Object> plain = new LinkedHashMap<>(capacity(members.size()));
    for (Map.Entry<String, AttrValue> e : members.entrySet()) {
      plain.put(e.getKey(), attr(e.getValue()));
    }
    return Collections.unmodifiableMap(plain);
  }

  private static int capacity(int size) {
    return (int) (size / 0.75f) + 1;
  }
}
