package dev.dynakit.engine.internal.protocol;

import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.error.ErrorType;
import dev.dynakit.engine.internal.value.AttrValue;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Typed access to one parsed request object. Wrong JSON types are a SerializationException and
 * missing required members a ValidationException, with DynamoDB's wording.
 */
public final class Request {
  private final Map<String, Object> fields;

  public Request(Map<String, Object> fields) {
    this.fields = fields;
  }

  public static Request parse(byte[] body) {
    return new Request(Json.parseObject(body));
  }

  public Map<String, Object> fields() {
    return fields;
  }

  public boolean has(String name) {
    return fields.get(name) != null;
  }

  public Object raw(String name) {
    return fields.get(name);
  }

  /** A string member, or null when absent. */
  public String string(String name) {
    Object v = fields.get(name);
    return v == null ? null : WireValues.asString(v);
  }

  /** A required string member. */
  public String requireString(String name) {
    String v = string(name);
    if (v == null) {
      throw missing(name);
    }
    return v;
  }

  public Boolean bool(String name) {
    Object v = fields.get(name);
    return v == null ? null : WireValues.asBoolean(v);
  }

  public boolean bool(String name, boolean defaultValue) {
    Boolean v = bool(name);
    return v == null ? defaultValue : v;
  }

  /** An integer member, or null when absent. */
  public Long integer(String name) {
    Object v = fields.get(name);
    if (v == null) {
      return null;
    }
    if (v instanceof Long l) {
      return l;
    }
    if (v instanceof BigDecimal d) {
      try {
        return d.longValueExact();
      } catch (ArithmeticException e) {
        throw new EngineException(
            ErrorType.SERIALIZATION, "Number " + d + " is not an integer for " + name);
      }
    }
    throw new EngineException(
        ErrorType.SERIALIZATION, "Unexpected value type for " + name + ": expected a number");
  }

  /** A nested structure, or null when absent. */
  public Request object(String name) {
    Object v = fields.get(name);
    return v == null ? null : new Request(WireValues.asObject(v));
  }

  /** A list member, or an empty list when absent. */
  public List<Object> list(String name) {
    Object v = fields.get(name);
    return v == null ? List.of() : WireValues.asList(v);
  }

  /** A list of structures, or an empty list when absent. */
  public List<Request> objects(String name) {
    List<Object> raw = list(name);
    List<Request> out = new ArrayList<>(raw.size());
    for (Object o : raw) {
      out.add(new Request(WireValues.asObject(o)));
    }
    return out;
  }

  /** A list of strings, or null when absent. */
  public List<String> strings(String name) {
    Object v = fields.get(name);
    if (v == null) {
      return null;
    }
    List<String> out = new ArrayList<>();
    for (Object o : WireValues.asList(v)) {
      out.add(WireValues.asString(o));
    }
    return out;
  }

  /** A map member with arbitrary values, or null when absent. */
  public Map<String, Object> map(String name) {
    Object v = fields.get(name);
    return v == null ? null : WireValues.asObject(v);
  }

  /** A string-to-string map such as ExpressionAttributeNames, or null when absent. */
  public Map<String, String> stringMap(String name) {
    Map<String, Object> raw = map(name);
    if (raw == null) {
      return null;
    }
    Map<String, String> out = new LinkedHashMap<>();
    for (Map.Entry<String, Object> e : raw.entrySet()) {
      out.put(e.getKey(), WireValues.asString(e.getValue()));
    }
    return out;
  }

  /** An attribute map such as Item, Key or ExpressionAttributeValues, or null when absent. */
  public Map<String, AttrValue> item(String name) {
    Object v = fields.get(name);
    return v == null ? null : WireValues.item(v);
  }

  /** The error DynamoDB sends for a missing required member. */
  public static EngineException missing(String name) {
    String member = Character.toLowerCase(name.charAt(0)) + name.substring(1);
    return EngineException.validation(
        "1 validation error detected: Value null at '"
            + member
            + "' failed to satisfy constraint: Member must not be null");
  }
}
