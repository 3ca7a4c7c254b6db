package dev.dynakit.engine.internal.protocol;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.dynakit.engine.internal.value.AttrValue;
import dev.dynakit.engine.internal.value.Binary;
import dev.dynakit.engine.internal.value.Numbers;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

/**
 * The engine's earlier response writer, on Jackson's generator: the reference {@link JsonWriter}
 * must match byte for byte.
 */
final class JacksonWriter {
  private static final JsonFactory FACTORY = JsonFactory.builder().build();

  private JacksonWriter() {}

  static byte[] write(Object tree) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(256);
    try (JsonGenerator g = FACTORY.createGenerator(out)) {
      writeValue(g, tree);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }

  private static void writeValue(JsonGenerator g, Object v) throws IOException {
    if (v == null) {
      g.writeNull();
    } else if (v instanceof String s) {
      g.writeString(s);
    } else if (v instanceof AttrValue av) {
      writeAttr(g, av);
    } else if (v instanceof Map<?, ?> m) {
      g.writeStartObject();
      for (Map.Entry<?, ?> e : m.entrySet()) {
        g.writeFieldName((String) e.getKey());
        writeValue(g, e.getValue());
      }
      g.writeEndObject();
    } else if (v instanceof List<?> l) {
      g.writeStartArray();
      for (Object o : l) {
        writeValue(g, o);
      }
      g.writeEndArray();
    } else if (v instanceof Boolean b) {
      g.writeBoolean(b);
    } else if (v instanceof Long || v instanceof Integer) {
      g.writeNumber(((Number) v).longValue());
    } else if (v instanceof Double d) {
      g.writeNumber(d);
    } else if (v instanceof BigDecimal d) {
      g.writeNumber(d);
    } else {
      throw new IllegalArgumentException("not a response tree value: " + v.getClass());
    }
  }

  private static void writeAttr(JsonGenerator g, AttrValue av) throws IOException {
    g.writeStartObject();
    g.writeFieldName(av.typeName());
    if (av instanceof AttrValue.S s) {
      g.writeString(s.value());
    } else if (av instanceof AttrValue.N n) {
      g.writeString(n.text());
    } else if (av instanceof AttrValue.B b) {
      g.writeString(b.value().toBase64());
    } else if (av instanceof AttrValue.Bool b) {
      g.writeBoolean(b.value());
    } else if (av instanceof AttrValue.Null) {
      g.writeBoolean(true);
    } else if (av instanceof AttrValue.SS ss) {
      g.writeStartArray();
      for (String s : ss.values()) {
        g.writeString(s);
      }
      g.writeEndArray();
    } else if (av instanceof AttrValue.NS ns) {
      g.writeStartArray();
      for (BigDecimal d : ns.values()) {
        g.writeString(Numbers.toText(d));
      }
      g.writeEndArray();
    } else if (av instanceof AttrValue.BS bs) {
      g.writeStartArray();
      for (Binary b : bs.values()) {
        g.writeString(b.toBase64());
      }
      g.writeEndArray();
    } else if (av instanceof AttrValue.L l) {
      g.writeStartArray();
      for (AttrValue e : l.values()) {
        writeAttr(g, e);
      }
      g.writeEndArray();
    } else {
      g.writeStartObject();
      for (Map.Entry<String, AttrValue> e : ((AttrValue.M) av).values().entrySet()) {
        g.writeFieldName(e.getKey());
        writeAttr(g, e.getValue());
      }
      g.writeEndObject();
    }
    g.writeEndObject();
  }
}
