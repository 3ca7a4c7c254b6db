package dev.dynakit.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.core.SdkBytes;

/**
 * One item per line of JSON, with every DynamoDB type kept exactly: strings, numbers (exact decimal
 * text, never a double), booleans, null, lists and maps are plain JSON; the types JSON lacks are an
 * object with one tag key: {@code {"$B": "base64"}} a binary, {@code {"$SS": ["a"]}}, {@code
 * {"$NS": [1.5]}} and {@code {"$BS": ["base64"]}} the three sets, and {@code {"$M": {...}}} a map
 * taken as it is (written only for a map whose one key is itself a tag, so that it is not read as
 * one). Values are the Adapter's read-side Java types ({@code BigDecimal}, {@code SdkBytes}, sets
 * of {@code String}, {@code BigDecimal} or {@code SdkBytes}).
 */
final class ItemJson {
  private static final Set<String> TAGS = Set.of("$B", "$SS", "$NS", "$BS", "$M");
  private static final JsonFactory FACTORY =
      JsonFactory.builder()
          .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
          .disable(StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION)
          .build();

  private ItemJson() {}

  /** A line that is not an item; the message names the problem and the column. */
  static final class MalformedLineException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    MalformedLineException(String message) {
      super(message);
    }
  }

  /** Reads one line: a JSON object. */
  static Map<String, Object> read(String line) {
    try (JsonParser parser = FACTORY.createParser(line)) {
      JsonToken first = parser.nextToken();
      if (first != JsonToken.START_OBJECT) {
        throw new MalformedLineException("an item must be a JSON object, found " + describe(first));
      }
      Map<String, Object> item = entries(object(parser), "");
      JsonToken after = parser.nextToken();
      if (after != null) {
        throw new MalformedLineException(
            "unexpected content after the item at column "
                + parser.currentLocation().getColumnNr());
      }
      return item;
    } catch (JsonProcessingException e) {
      throw new MalformedLineException(
          "malformed JSON: " + e.getOriginalMessage() + " (column " + column(e) + ")");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String describe(@Nullable JsonToken token) {
    return token == null ? "nothing" : token.asString() == null ? token.name() : token.asString();
  }

  private static int column(JsonProcessingException e) {
    return e.getLocation() == null ? 0 : e.getLocation().getColumnNr();
  }

  /** The JSON tree of an object, numbers as {@code BigDecimal}, tags not yet read. */
  private static Map<String, Object> object(JsonParser parser) throws IOException {
    Map<String, Object> object = new LinkedHashMap<>();
    for (JsonToken next = parser.nextToken(); next != JsonToken.END_OBJECT; ) {
      String name = parser.currentName();
      object.put(name, value(parser, parser.nextToken()));
      next = parser.nextToken();
    }
    return object;
  }

  private static @Nullable Object value(JsonParser parser, JsonToken token) throws IOException {
    switch (token) {
      case START_OBJECT:
        return object(parser);
      case START_ARRAY:
        List<@Nullable Object> array = new ArrayList<>();
        for (JsonToken next = parser.nextToken();
            next != JsonToken.END_ARRAY;
            next = parser.nextToken()) {
          array.add(value(parser, next));
        }
        return array;
      case VALUE_STRING:
        return parser.getText();
      case VALUE_NUMBER_INT:
      case VALUE_NUMBER_FLOAT:
        return parser.getDecimalValue();
      case VALUE_TRUE:
        return Boolean.TRUE;
      case VALUE_FALSE:
        return Boolean.FALSE;
      case VALUE_NULL:
        return null;
      default:
        throw new MalformedLineException("unexpected " + token);
    }
  }

  /** A JSON value as an item value: tagged objects become the types JSON lacks. */
  private static @Nullable Object interpret(@Nullable Object node, String where) {
    if (node instanceof Map) {
      Map<?, ?> object = (Map<?, ?>) node;
      if (object.size() == 1 && TAGS.contains((String) object.keySet().iterator().next())) {
        return tagged(
            (String) object.keySet().iterator().next(), object.values().iterator().next(), where);
      }
      return entries(object, where + ".");
    }
    if (node instanceof List) {
      List<@Nullable Object> list = new ArrayList<>();
      for (Object element : (List<?>) node) {
        list.add(interpret(element, where + "[" + list.size() + "]"));
      }
      return list;
    }
    return node;
  }

  /** The entries of an object, each value interpreted (the object itself is taken as a map). */
  private static Map<String, Object> entries(Map<?, ?> object, String where) {
    Map<String, Object> map = new LinkedHashMap<>();
    object.forEach((name, value) -> map.put((String) name, interpret(value, where + name)));
    return map;
  }

  private static Object tagged(String tag, @Nullable Object content, String where) {
    switch (tag) {
      case "$B":
        return bytes(content, where);
      case "$M":
        if (!(content instanceof Map)) {
          throw new MalformedLineException("field '" + where + "': $M takes an object");
        }
        return entries((Map<?, ?>) content, where + ".");
      default:
        if (!(content instanceof List) || ((List<?>) content).isEmpty()) {
          throw new MalformedLineException(
              "field '"
                  + where
                  + "': "
                  + tag
                  + " takes a non-empty array (DynamoDB has no empty sets)");
        }
        Set<Object> set = new LinkedHashSet<>();
        for (Object element : (List<?>) content) {
          Object member = member(tag, element, where);
          if (!set.add(member)) {
            throw new MalformedLineException(
                "field '" + where + "': " + tag + " holds " + element + " twice");
          }
        }
        return set;
    }
  }

  private static Object member(String tag, @Nullable Object element, String where) {
    if (tag.equals("$SS") && element instanceof String) {
      return element;
    }
    if (tag.equals("$NS") && element instanceof BigDecimal) {
      return element;
    }
    if (tag.equals("$BS")) {
      return bytes(element, where);
    }
    throw new MalformedLineException(
        "field '"
            + where
            + "': "
            + tag
            + " holds "
            + (tag.equals("$SS") ? "strings" : "numbers")
            + " only");
  }

  private static SdkBytes bytes(@Nullable Object content, String where) {
    if (content instanceof String) {
      try {
        return SdkBytes.fromByteArray(Base64.getDecoder().decode((String) content));
      } catch (IllegalArgumentException e) {
        throw new MalformedLineException("field '" + where + "': not base64: " + e.getMessage());
      }
    }
    throw new MalformedLineException("field '" + where + "': a binary is base64 text");
  }

  /** Writes an item as one line of JSON (without the line break). */
  static String write(Map<String, ?> item) {
    StringWriter text = new StringWriter(256);
    try (JsonGenerator out = FACTORY.createGenerator(text)) {
      write(out, item, "");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return text.toString();
  }

  private static void write(JsonGenerator out, @Nullable Object value, String where)
      throws IOException {
    if (value == null) {
      out.writeNull();
    } else if (value instanceof String) {
      out.writeString((String) value);
    } else if (value instanceof Boolean) {
      out.writeBoolean((Boolean) value);
    } else if (value instanceof BigDecimal) {
      out.writeNumber((BigDecimal) value);
    } else if (value instanceof SdkBytes) {
      out.writeStartObject();
      out.writeStringField("$B", base64((SdkBytes) value));
      out.writeEndObject();
    } else if (value instanceof Set) {
      writeSet(out, (Set<?>) value, where);
    } else if (value instanceof Map) {
      Map<?, ?> map = (Map<?, ?>) value;
      boolean escape =
          map.size() == 1 && TAGS.contains(String.valueOf(map.keySet().iterator().next()));
      out.writeStartObject();
      if (escape) {
        out.writeFieldName("$M");
        out.writeStartObject();
      }
      for (Map.Entry<?, ?> entry : map.entrySet()) {
        out.writeFieldName(String.valueOf(entry.getKey()));
        write(out, entry.getValue(), where + entry.getKey() + ".");
      }
      if (escape) {
        out.writeEndObject();
      }
      out.writeEndObject();
    } else if (value instanceof Collection) {
      out.writeStartArray();
      for (Object element : (Collection<?>) value) {
        write(out, element, where);
      }
      out.writeEndArray();
    } else {
      throw new IllegalArgumentException(
          "cannot export field '"
              + where.replaceAll("\\.$", "")
              + "': a "
              + value.getClass().getName()
              + " (a codec's type) has no JSON form");
    }
  }

  private static void writeSet(JsonGenerator out, Set<?> set, String where) throws IOException {
    Object first = set.iterator().next();
    out.writeStartObject();
    out.writeFieldName(
        first instanceof String ? "$SS" : first instanceof BigDecimal ? "$NS" : "$BS");
    out.writeStartArray();
    for (Object element : set) {
      if (element instanceof SdkBytes) {
        out.writeString(base64((SdkBytes) element));
      } else {
        write(out, element, where);
      }
    }
    out.writeEndArray();
    out.writeEndObject();
  }

  private static String base64(SdkBytes bytes) {
    return Base64.getEncoder().encodeToString(bytes.asByteArray());
  }
}
