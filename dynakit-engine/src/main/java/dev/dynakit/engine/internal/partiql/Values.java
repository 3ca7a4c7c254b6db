package dev.dynakit.engine.internal.partiql;

import dev.dynakit.engine.error.EngineException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Attribute values in DynamoDB's typed JSON form, made from literals and placeholders. */
final class Values {
  private Values() {}

  static Map<String, Object> string(String text) {
    return Map.of("S", text);
  }

  static Map<String, Object> number(String text) {
    return Map.of("N", text);
  }

  static Map<String, Object> bool(boolean value) {
    return Map.of("BOOL", value);
  }

  static Map<String, Object> nullValue() {
    return Map.of("NULL", true);
  }

  /**
   * The attribute value of a constant expression, placeholders taken from {@code parameters}; null
   * for an expression that is not constant (a path, a function call, arithmetic).
   */
  static Object constant(Expr expr, List<Object> parameters) {
    if (expr instanceof Expr.Value v) {
      return v.attributeValue();
    } else if (expr instanceof Expr.Parameter p) {
      return parameters.get(p.index());
    } else if (expr instanceof Expr.ListOf list) {
      List<Object> elements = new ArrayList<>();
      for (Expr e : list.elements()) {
        elements.add(constant(e, parameters));
      }
      return Map.of("L", elements);
    } else if (expr instanceof Expr.MapOf map) {
      return Map.of("M", members(map, parameters));
    } else if (expr instanceof Expr.SetOf set) {
      return set(set, parameters);
    }
    return null;
  }

  /** The members of a map literal, as an item's attributes. */
  static Map<String, Object> members(Expr.MapOf map, List<Object> parameters) {
    Map<String, Object> members = new LinkedHashMap<>();
    for (int i = 0; i < map.names().size(); i++) {
      Object value = constant(map.values().get(i), parameters);
      if (value == null || members.put(map.names().get(i), value) != null) {
        throw PartiqlErrors.malformed("Unexpected token");
      }
    }
    return members;
  }

  private static Object set(Expr.SetOf set, List<Object> parameters) {
    String type = null;
    List<Object> members = new ArrayList<>();
    for (Expr e : set.elements()) {
      Object value = constant(e, parameters);
      if (!(value instanceof Map<?, ?> typed) || typed.size() != 1) {
        throw PartiqlErrors.malformed("Unexpected token");
      }
      Map.Entry<?, ?> only = typed.entrySet().iterator().next();
      String memberType = (String) only.getKey();
      if (!memberType.equals("S") && !memberType.equals("N") && !memberType.equals("B")) {
        throw EngineException.validation("Set members must be strings, numbers or binaries");
      }
      if (type != null && !type.equals(memberType)) {
        throw EngineException.validation("Set members must all be of one type");
      }
      type = memberType;
      members.add(only.getValue());
    }
    return Map.of(type + "S", members);
  }
}
