package dev.dynakit.engine.internal.protocol;

import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.error.ErrorType;
import dev.dynakit.engine.internal.value.AttrValue;
import dev.dynakit.engine.internal.value.Binary;
import dev.dynakit.engine.internal.value.Numbers;
import dev.dynakit.engine.internal.value.ValueWording;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Reads DynamoDB's typed JSON ({@code {"S": "x"}}) from a parsed tree, with DynamoDB's checks. */
public final class WireValues {
  /**
   * DynamoDB's limit on nested lists and maps: an attribute is level 1 and its value may hold 31
   * levels of lists and maps around a scalar (leaf at level 32); one more is refused.
   */
  public static final int MAX_NESTING_DEPTH = 31;

  /** DynamoDB's refusal of a value nested deeper than {@link #MAX_NESTING_DEPTH}. */
  public static final String NESTING_MESSAGE =
      "Nesting Levels have exceeded supported limits: Attributes in the item have nested levels"
          + " beyond supported limit";

  private static final Set<String> TYPE_NAMES =
      Set.of("S", "N", "B", "BOOL", "NULL", "SS", "NS", "BS", "L", "M");

  private WireValues() {}

  /** Reads an attribute map (an item, a key, expression attribute values). */
  public static Map<String, AttrValue> item(Object node) {
    if (node == null) {
      return new LinkedHashMap<>();
    }
    if (node instanceof SmallObject small && small.valuesAreAll(AttrValue.class)) {
      // Values an in-process caller read already (see DynakitEngine.handle(String, Map)), in a map
      // made for this request: taken as the item itself, a copy would hold the same.
      @SuppressWarnings("unchecked")
      Map<String, AttrValue> ready = (Map<String, AttrValue>) (Map<String, ?>) small;
      return ready;
    }
    Map<String, Object> map = asObject(node);
    Map<String, AttrValue> result = new LinkedHashMap<>(map.size() * 2);
    for (Map.Entry<String, Object> e : map.entrySet()) {
      result.put(e.getKey(), value(e.getValue(), 0));
    }
    return result;
  }

  /** Reads one attribute value. */
  public static AttrValue value(Object node) {
    return value(node, 0);
  }

  private static AttrValue value(Object node, int depth) {
    if (depth > MAX_NESTING_DEPTH) {
      throw EngineException.validation(NESTING_MESSAGE);
    }
    if (node instanceof AttrValue ready) {
      // a value an in-process caller read already (see DynakitEngine.handle(String, Map))
      return ready;
    }
    Map<String, Object> obj = asObject(node);
    String type = null;
    Object payload = null;
    int found = 0;
    for (Map.Entry<String, Object> e : obj.entrySet()) {
      if (TYPE_NAMES.contains(e.getKey()) && e.getValue() != null) {
        found++;
        type = e.getKey();
        payload = e.getValue();
      }
    }
    if (found == 0) {
      throw EngineException.validation(
          "Supplied AttributeValue is empty, must contain exactly one of the supported datatypes");
    }
    if (found > 1) {
      throw EngineException.validation(
          "Supplied AttributeValue has more than one datatypes set, must contain exactly one of"
              + " the supported datatypes");
    }
    switch (type) {
      case "S":
        return new AttrValue.S(asString(payload));
      case "N":
        return AttrValue.N.parse(asString(payload));
      case "B":
        return new AttrValue.B(binary(payload));
      case "BOOL":
        return AttrValue.Bool.of(asBoolean(payload));
      case "NULL":
        if (!asBoolean(payload)) {
          throw EngineException.validation(
              "One or more parameter values were invalid: Null attribute value types must have"
                  + " the value of true");
        }
        return AttrValue.Null.INSTANCE;
      case "SS":
        return stringSet(asList(payload));
      case "NS":
        return numberSet(asList(payload));
      case "BS":
        return binarySet(asList(payload));
      case "L":
        List<Object> raw = asList(payload);
        List<AttrValue> list = new ArrayList<>(raw.size());
        for (Object o : raw) {
          list.add(value(o, depth + 1));
        }
        return new AttrValue.L(list);
      default:
        Map<String, Object> rawMap = asObject(payload);
        Map<String, AttrValue> map = new LinkedHashMap<>(rawMap.size() * 2);
        for (Map.Entry<String, Object> e : rawMap.entrySet()) {
          map.put(e.getKey(), value(e.getValue(), depth + 1));
        }
        return new AttrValue.M(map);
    }
  }

  private static AttrValue.SS stringSet(List<Object> raw) {
    if (raw.isEmpty()) {
      throw emptySet("string");
    }
    List<String> values = new ArrayList<>(raw.size());
    Set<String> seen = new HashSet<>();
    for (Object o : raw) {
      String s = asString(member(o, "string"));
      values.add(s);
      seen.add(s);
    }
    if (seen.size() != values.size()) {
      throw EngineException.validation(ValueWording.duplicateStrings(values));
    }
    return new AttrValue.SS(values);
  }

  private static AttrValue.NS numberSet(List<Object> raw) {
    if (raw.isEmpty()) {
      throw emptySet("number");
    }
    List<BigDecimal> values = new ArrayList<>(raw.size());
    Set<BigDecimal> seen = new HashSet<>();
    for (Object o : raw) {
      BigDecimal d = Numbers.parse(asString(member(o, "number")));
      values.add(d);
      seen.add(d);
    }
    if (seen.size() != values.size()) {
      throw EngineException.validation(ValueWording.duplicateNumbers());
    }
    return new AttrValue.NS(values);
  }

  private static AttrValue.BS binarySet(List<Object> raw) {
    if (raw.isEmpty()) {
      // unlike the other sets' refusal, in words of its own
      throw EngineException.validation(
          "One or more parameter values were invalid: Binary sets should not be empty");
    }
    List<Binary> values = new ArrayList<>(raw.size());
    Set<Binary> seen = new HashSet<>();
    for (Object o : raw) {
      Binary b = binary(member(o, "binary"));
      values.add(b);
      seen.add(b);
    }
    if (seen.size() != values.size()) {
      throw EngineException.validation(ValueWording.duplicateBinaries(values));
    }
    return new AttrValue.BS(values);
  }

  /**
   * A set's member, which may not be JSON null: DynamoDB's words for a string set ("An string set
   * may not have a null string as a member"), taken for the other kinds too.
   */
  private static Object member(Object o, String kind) {
    if (o == null) {
      throw EngineException.validation(
          "One or more parameter values were invalid: An "
              + kind
              + " set may not have a null string as a member");
    }
    return o;
  }

  private static EngineException emptySet(String kind) {
    return EngineException.validation(
        "One or more parameter values were invalid: An " + kind + " set  may not be empty");
  }

  private static Binary binary(Object payload) {
    String text = asString(payload);
    // DynamoDB takes padded base64 only; the JDK's decoder would also take it unpadded
    if (text.length() % 4 != 0) {
      throw new EngineException(
          ErrorType.SERIALIZATION,
          "Base64 encoded length is expected a multiple of 4 bytes but found: " + text.length());
    }
    try {
      return Binary.fromBase64(text);
    } catch (IllegalArgumentException e) {
      throw new EngineException(ErrorType.SERIALIZATION, "Invalid Base64 value: " + text);
    }
  }

  @SuppressWarnings("unchecked")
  static Map<String, Object> asObject(Object node) {
    if (node instanceof Map<?, ?> m) {
      return (Map<String, Object>) m;
    }
    throw new EngineException(
        ErrorType.SERIALIZATION, "Unexpected value type: expected a structure or map");
  }

  @SuppressWarnings("unchecked")
  static List<Object> asList(Object node) {
    if (node instanceof List<?> l) {
      return (List<Object>) l;
    }
    throw new EngineException(ErrorType.SERIALIZATION, "Unexpected value type: expected a list");
  }

  static String asString(Object node) {
    if (node instanceof String s) {
      return s;
    }
    throw new EngineException(
        ErrorType.SERIALIZATION,
        (node instanceof Number
                ? "NUMBER_VALUE"
                : node instanceof Boolean ? "BOOLEAN_VALUE" : "STRUCTURE")
            + " can not be converted to a String");
  }

  static boolean asBoolean(Object node) {
    if (node instanceof Boolean b) {
      return b;
    }
    throw new EngineException(ErrorType.SERIALIZATION, "Unexpected value type: expected a boolean");
  }
}
