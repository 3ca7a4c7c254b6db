package dev.dynakit.engine.internal.protocol;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import dev.dynakit.engine.EngineException;
import dev.dynakit.engine.ErrorType;
import dev.dynakit.engine.internal.value.AttrValue;
import dev.dynakit.engine.internal.value.Binary;
import dev.dynakit.engine.internal.value.Numbers;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The wire JSON: request bodies parse into a plain tree ({@code Map<String, Object>}, {@code
 * List<Object>}, {@code String}, {@code Boolean}, {@code Long} or {@code BigDecimal}, {@code null})
 * and responses are written from a tree of the same kinds, in which {@link AttrValue}s may also
 * appear and are written in DynamoDB's typed form.
 */
public final class Json {
  private static final JsonFactory FACTORY =
      JsonFactory.builder()
          .streamReadConstraints(
              StreamReadConstraints.builder()
                  .maxNestingDepth(200)
                  .maxStringLength(20_000_000)
                  .build())
          .build();

  private Json() {}

  /** Parses a request body; malformed JSON is a SerializationException, as DynamoDB sends. */
  public static Map<String, Object> parseObject(byte[] body) {
    if (body.length == 0) {
      return new LinkedHashMap<>();
    }
    try (JsonParser p = FACTORY.createParser(body)) {
      JsonToken first = p.nextToken();
      if (first != JsonToken.START_OBJECT) {
        throw new EngineException(ErrorType.SERIALIZATION, "Start of structure or map expected");
      }
      Map<String, Object> result = readObject(p);
      if (p.nextToken() != null) {
        throw new EngineException(
            ErrorType.SERIALIZATION, "Unexpected content after the JSON body");
      }
      return result;
    } catch (JsonProcessingException e) {
      throw new EngineException(
          ErrorType.SERIALIZATION, "Malformed JSON: " + e.getOriginalMessage());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Object readValue(JsonParser p, JsonToken t) throws IOException {
    switch (t) {
      case START_OBJECT:
        return readObject(p);
      case START_ARRAY:
        List<Object> list = new ArrayList<>();
        JsonToken next;
        while ((next = p.nextToken()) != JsonToken.END_ARRAY) {
          list.add(readValue(p, next));
        }
        return list;
      case VALUE_STRING:
        return p.getText();
      case VALUE_NUMBER_INT:
        return p.getNumberType() == JsonParser.NumberType.BIG_INTEGER
            ? new BigDecimal(p.getBigIntegerValue())
            : (Object) p.getLongValue();
      case VALUE_NUMBER_FLOAT:
        return p.getDecimalValue();
      case VALUE_TRUE:
        return Boolean.TRUE;
      case VALUE_FALSE:
        return Boolean.FALSE;
      case VALUE_NULL:
        return null;
      default:
        throw new EngineException(ErrorType.SERIALIZATION, "Unexpected token " + t);
    }
  }

  private static Map<String, Object> readObject(JsonParser p) throws IOException {
    Map<String, Object> map = new LinkedHashMap<>();
    JsonToken t;
    while ((t = p.nextToken()) == JsonToken.FIELD_NAME) {
      String name = p.currentName();
      map.put(name, readValue(p, p.nextToken()));
    }
    if (t != JsonToken.END_OBJECT) {
      throw new EngineException(ErrorType.SERIALIZATION, "Unexpected token " + t);
    }
    return map;
  }

  /** Writes a response tree. */
  public static byte[] write(Object tree) {
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
