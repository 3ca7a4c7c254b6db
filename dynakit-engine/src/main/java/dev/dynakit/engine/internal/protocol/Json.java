package dev.dynakit.engine.internal.protocol;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.error.ErrorType;
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
 * and responses are written from a tree of the same kinds, in which {@link
 * dev.dynakit.engine.internal.value.AttrValue}s may also appear and are written in DynamoDB's typed
 * form (see {@link JsonWriter}).
 */
public final class Json {
  private static final JsonFactory FACTORY =
      JsonFactory.builder()
          .streamReadConstraints(
              StreamReadConstraints.builder()
                  // far beyond DynamoDB's 32 levels of attribute values (two JSON levels each),
                  // so that a too deep value gets DynamoDB's ValidationException, not a parse error
                  .maxNestingDepth(1000)
                  .maxStringLength(20_000_000)
                  // Jackson's default (50,000) is below DynamoDB's attribute names of up to
                  // 65,535 bytes; longer names get the engine's own message, not a parse error
                  .maxNameLength(1 << 20)
                  .build())
          .build();

  /** The most members an object is read into a {@link SmallObject} with. */
  public static final int SMALL_MEMBERS = 8;

  private Json() {}

  /** Parses a request body; malformed JSON is a SerializationException, as DynamoDB sends. */
  public static Map<String, Object> parseObject(byte[] body) {
    if (body.length == 0) {
      return new LinkedHashMap<>();
    }
    boolean escapes = StrictUtf8.check(body);
    try (JsonParser p = FACTORY.createParser(body)) {
      JsonToken first = p.nextToken();
      if (first != JsonToken.START_OBJECT) {
        throw new EngineException(ErrorType.SERIALIZATION, "Start of structure or map expected");
      }
      Map<String, Object> result = readObject(p, escapes);
      if (p.nextToken() != null) {
        throw new EngineException(
            ErrorType.SERIALIZATION, "Unexpected content after the JSON body");
      }
      return result;
    } catch (JsonProcessingException e) {
      if (String.valueOf(e.getOriginalMessage()).contains("surrogate")) {
        // the parser's own refusal of a lone surrogate (in a member name): say what it is
        throw new EngineException(ErrorType.SERIALIZATION, "Invalid string: unpaired surrogate");
      }
      // DynamoDB answers a body that is not JSON with a bare SerializationException: no message,
      // and certainly not a parser's (which would name our parser, not the request's mistake)
      throw new EngineException(ErrorType.SERIALIZATION, null);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Object readValue(JsonParser p, JsonToken t, boolean escapes) throws IOException {
    switch (t) {
      case START_OBJECT:
        return readObject(p, escapes);
      case START_ARRAY:
        List<Object> list = new ArrayList<>();
        JsonToken next;
        while ((next = p.nextToken()) != JsonToken.END_ARRAY) {
          list.add(readValue(p, next, escapes));
        }
        return list;
      case VALUE_STRING:
        return escapes ? StrictUtf8.checkSurrogates(p.getText()) : p.getText();
      case VALUE_NUMBER_INT:
        return p.getNumberType() == JsonParser.NumberType.BIG_INTEGER
            ? new BigDecimal(p.getBigIntegerValue())
            : (Object) p.getLongValue();
      case VALUE_NUMBER_FLOAT:
        return decimal(p);
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

  /**
   * A number with a fraction or exponent. BigDecimal holds exponents within an int only: a larger
   * one ({@code 1e-2147483649}) is refused as DynamoDB refuses it, in whatever member it stands.
   */
  private static BigDecimal decimal(JsonParser p) throws IOException {
    try {
      return p.getDecimalValue();
    } catch (NumberFormatException | ArithmeticException e) {
      throw new EngineException(
          ErrorType.SERIALIZATION, "Number out of range: " + abbreviate(p.getText()));
    }
  }

  private static String abbreviate(String text) {
    return text.length() <= 40 ? text : text.substring(0, 40) + "...";
  }

  private static Map<String, Object> readObject(JsonParser p, boolean escapes) throws IOException {
    JsonToken t = p.nextToken();
    if (t != JsonToken.FIELD_NAME) {
      if (t != JsonToken.END_OBJECT) {
        throw new EngineException(ErrorType.SERIALIZATION, "Unexpected token " + t);
      }
      return new LinkedHashMap<>();
    }
    String firstName = name(p, escapes);
    Object firstValue = readValue(p, p.nextToken(), escapes);
    t = p.nextToken();
    // Most objects of a request have a few members ({"S": "x"} above all): they are read into
    // SmallObjects, larger ones into LinkedHashMaps.
    Map<String, Object> map = new SmallObject(t == JsonToken.END_OBJECT ? 1 : SMALL_MEMBERS);
    map.put(firstName, firstValue);
    while (t == JsonToken.FIELD_NAME) {
      if (map.size() == SMALL_MEMBERS && map instanceof SmallObject) {
        map = new LinkedHashMap<>(map);
      }
      String name = name(p, escapes);
      map.put(name, readValue(p, p.nextToken(), escapes));
      t = p.nextToken();
    }
    if (t != JsonToken.END_OBJECT) {
      throw new EngineException(ErrorType.SERIALIZATION, "Unexpected token " + t);
    }
    return map;
  }

  private static String name(JsonParser p, boolean escapes) throws IOException {
    return escapes ? StrictUtf8.checkSurrogates(p.currentName()) : p.currentName();
  }

  /** Writes a response tree. */
  public static byte[] write(Object tree) {
    return JsonWriter.write(tree);
  }

  /**
   * A response tree as the plain tree its JSON parses into: JDK types only, attribute values in
   * their typed JSON form (see {@link PlainTrees}).
   */
  public static Object plain(Object tree) {
    return PlainTrees.of(tree);
  }
}
