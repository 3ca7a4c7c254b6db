package dev.dynakit.advisor.internal;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.dynakit.advisor.AdvisorException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** Reading and writing the advisor's JSON: plain maps, lists and scalars. */
public final class Json {
  static final ObjectMapper MAPPER =
      new ObjectMapper()
          .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
          .enable(SerializationFeature.INDENT_OUTPUT);

  private Json() {}

  /** The JSON object in {@code text}; {@code what} names the source in the error. */
  public static Map<String, Object> object(String text, String what) {
    Object tree;
    try {
      tree = MAPPER.readValue(text, Object.class);
    } catch (JsonProcessingException e) {
      throw new AdvisorException(what + ": not valid JSON: " + e.getOriginalMessage(), e);
    }
    if (!(tree instanceof Map)) {
      throw new AdvisorException(what + ": must be a JSON object");
    }
    return cast(tree);
  }

  /** {@code value} as indented JSON. */
  public static String write(Object value) {
    try {
      return MAPPER.writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a report is plain maps and lists", e);
    }
  }

  @SuppressWarnings("unchecked")
  static Map<String, Object> cast(Object map) {
    return (Map<String, Object>) map;
  }

  static Map<String, Object> map(@Nullable Object value) {
    return value instanceof Map ? cast(value) : new LinkedHashMap<>();
  }

  static List<Object> list(@Nullable Object value) {
    if (value instanceof List<?> items) {
      return new ArrayList<>(items);
    }
    return value == null ? new ArrayList<>() : new ArrayList<>(List.of(value));
  }

  static @Nullable String text(@Nullable Object value) {
    return value instanceof String s ? s : null;
  }

  static double number(@Nullable Object value, double otherwise) {
    return value instanceof Number n ? n.doubleValue() : otherwise;
  }
}
