package dev.dynakit.engine.fuzz;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes the fuzzer's trees as JSON, with what a JSON library would not write: members twice, raw
 * escapes and numbers, invalid UTF-8 inside strings. Non-ASCII characters are escaped, so a lone
 * surrogate in a Java string arrives as its escape.
 */
final class JsonText {
  private JsonText() {}

  static byte[] write(Object tree) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    write(tree, out);
    return out.toByteArray();
  }

  /** A deep copy of a parsed tree, so that a graft does not share parts with its donor. */
  static Object copy(Object node) {
    if (node instanceof Map<?, ?> map) {
      Map<String, Object> out = new LinkedHashMap<>();
      for (Map.Entry<?, ?> e : map.entrySet()) {
        out.put((String) e.getKey(), copy(e.getValue()));
      }
      return out;
    }
    if (node instanceof List<?> list) {
      List<Object> out = new ArrayList<>();
      for (Object o : list) {
        out.add(copy(o));
      }
      return out;
    }
    return node;
  }

  private static void write(Object node, ByteArrayOutputStream out) {
    if (node == null) {
      ascii(out, "null");
    } else if (node instanceof Map<?, ?> map) {
      out.write('{');
      boolean first = true;
      for (Map.Entry<?, ?> e : map.entrySet()) {
        if (e.getValue() instanceof Mutator.Dup dup) {
          first = member(out, first, (String) e.getKey(), dup.first());
          first = member(out, first, (String) e.getKey(), dup.second());
        } else {
          first = member(out, first, (String) e.getKey(), e.getValue());
        }
      }
      out.write('}');
    } else if (node instanceof List<?> list) {
      out.write('[');
      for (int i = 0; i < list.size(); i++) {
        if (i > 0) {
          out.write(',');
        }
        write(list.get(i), out);
      }
      out.write(']');
    } else if (node instanceof String s) {
      string(out, s);
    } else if (node instanceof Mutator.Raw raw) {
      ascii(out, raw.json());
    } else if (node instanceof Mutator.RawBytes raw) {
      out.write('"');
      out.writeBytes(raw.bytes());
      out.write('"');
    } else if (node instanceof Mutator.Dup dup) {
      write(dup.second(), out); // a duplicate outside an object is just its value
    } else {
      ascii(out, node.toString()); // Long, BigDecimal, Boolean
    }
  }

  private static boolean member(ByteArrayOutputStream out, boolean first, String name, Object v) {
    if (!first) {
      out.write(',');
    }
    string(out, name);
    out.write(':');
    write(v, out);
    return false;
  }

  private static void string(ByteArrayOutputStream out, String s) {
    out.write('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '"' || c == '\\') {
        out.write('\\');
        out.write(c);
      } else if (c < 0x20 || c > 0x7E) {
        ascii(out, String.format("\\u%04x", (int) c));
      } else {
        out.write(c);
      }
    }
    out.write('"');
  }

  private static void ascii(ByteArrayOutputStream out, String s) {
    out.writeBytes(s.getBytes(StandardCharsets.US_ASCII));
  }
}
