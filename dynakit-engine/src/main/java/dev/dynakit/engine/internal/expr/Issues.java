package dev.dynakit.engine.internal.expr;

import dev.dynakit.engine.error.EngineException;
import java.util.EnumMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The semantic problems found while parsing one expression. DynamoDB reports one problem, chosen by
 * kind in a fixed order rather than by position, so the first problem of each kind is kept and the
 * expression's grammar names the order.
 */
final class Issues {
  /** The kinds of problem, each keeping its first occurrence. */
  enum Kind {
    PATH_DEPTH,
    OPERATORS,
    PARENS,
    UNKNOWN_FUNCTION,
    MISUSED_FUNCTION,
    RESERVED,
    SECTION,
    NAME,
    VALUE,
    NAME_OR_VALUE,
    OVERLAP,
    CONFLICT,
    OPERAND,
    DISTINCT,
    FUNCTION,
    /** The first problem of the first condition leaf that had one (see {@link #closeLeaf}). */
    CONDITION
  }

  private static final Kind[] LEAF_ORDER = {
    Kind.NAME_OR_VALUE, Kind.OPERAND, Kind.DISTINCT, Kind.FUNCTION
  };

  private final Map<Kind, String> first = new EnumMap<>(Kind.class);

  void add(Kind kind, String message) {
    first.putIfAbsent(kind, message);
  }

  boolean has(Kind kind) {
    return first.containsKey(kind);
  }

  /**
   * Ends one condition leaf (a comparison, BETWEEN, IN or function): the condition's problem
   * becomes that of the first leaf that had any, the kinds ranked name/value, operand count,
   * distinctness, then operand types.
   */
  void closeLeaf() {
    if (has(Kind.CONDITION)) {
      return;
    }
    for (Kind k : LEAF_ORDER) {
      String message = first.get(k);
      if (message != null) {
        first.put(Kind.CONDITION, message);
        return;
      }
    }
  }

  /** Throws the first recorded problem in {@code order}, prefixed by the parameter name. */
  void throwFirst(String parameter, Kind... order) {
    for (Kind k : order) {
      @Nullable String message = first.get(k);
      if (message != null) {
        throw EngineException.validation("Invalid " + parameter + ": " + message);
      }
    }
  }
}
