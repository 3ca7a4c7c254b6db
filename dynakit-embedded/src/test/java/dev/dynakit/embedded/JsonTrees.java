package dev.dynakit.embedded;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Parses JSON into the plain tree {@code DynakitEngine.handle(String, Map)} documents (objects as
 * maps in member order, arrays as lists, integers as Long, other numbers as BigDecimal): the
 * expected side of the tests that compare a request's tree with its marshalled JSON.
 */
final class JsonTrees {
  private static final JsonFactory FACTORY = new JsonFactory();

  private JsonTrees() {}

  @SuppressWarnings("unchecked")
  static Map<String, Object> parse(byte[] json) {
    try (JsonParser p = FACTORY.createParser(json)) {
      return (Map<String, Object>) value(p, p.nextToken());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Object value(JsonParser p, JsonToken t) throws IOException {
    switch (t) {
      case START_OBJECT -> {
        Map<String, Object> map = new LinkedHashMap<>();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
          String name = p.currentName();
          map.put(name, value(p, p.nextToken()));
        }
        return map;
      }
      case START_ARRAY -> {
        List<Object> list = new ArrayList<>();
        JsonToken next;
        while ((next = p.nextToken()) != JsonToken.END_ARRAY) {
          list.add(value(p, next));
        }
        return list;
      }
      case VALUE_STRING -> {
        return p.getText();
      }
      case VALUE_NUMBER_INT -> {
        return p.getNumberType() == JsonParser.NumberType.BIG_INTEGER
            ? new BigDecimal(p.getBigIntegerValue())
            : (Object) p.getLongValue();
      }
      case VALUE_NUMBER_FLOAT -> {
        return p.getDecimalValue();
      }
      case VALUE_TRUE -> {
        return Boolean.TRUE;
      }
      case VALUE_FALSE -> {
        return Boolean.FALSE;
      }
      case VALUE_NULL -> {
        return null;
      }
      default -> throw new IllegalArgumentException("Unexpected JSON token " + t);
    }
  }
}
