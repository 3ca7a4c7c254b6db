package dev.dynakit.engine.internal.expr;

import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.internal.value.AttrValue;
import dev.dynakit.engine.internal.value.Binary;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/** ADD and DELETE on existing values: number sums, set unions and set differences. */
final class SetMath {
  private SetMath() {}

  /**
   * {@code existing + value}: the sum of two numbers or the union of two sets of one type (existing
   * members first); anything else is refused with {@code wrongType}.
   */
  static AttrValue add(AttrValue existing, AttrValue value, String wrongType) {
    if (existing instanceof AttrValue.N a && value instanceof AttrValue.N b) {
      return new AttrValue.N(a.value().add(b.value()));
    }
    if (existing instanceof AttrValue.SS a && value instanceof AttrValue.SS b) {
      return new AttrValue.SS(union(a.values(), b.values()));
    }
    if (existing instanceof AttrValue.NS a && value instanceof AttrValue.NS b) {
      return new AttrValue.NS(union(a.values(), b.values()));
    }
    if (existing instanceof AttrValue.BS a && value instanceof AttrValue.BS b) {
      return new AttrValue.BS(union(a.values(), b.values()));
    }
    throw EngineException.validation(wrongType);
  }

  /**
   * {@code existing} without the members of {@code value}, both sets of one type; null when nothing
   * is left (DynamoDB stores no empty set). Anything else is refused with {@code wrongType}.
   */
  static @Nullable AttrValue delete(AttrValue existing, AttrValue value, String wrongType) {
    if (existing instanceof AttrValue.SS a && value instanceof AttrValue.SS b) {
      List<String> rest = difference(a.values(), b.values());
      return rest.isEmpty() ? null : new AttrValue.SS(rest);
    }
    if (existing instanceof AttrValue.NS a && value instanceof AttrValue.NS b) {
      List<BigDecimal> rest = difference(a.values(), b.values());
      return rest.isEmpty() ? null : new AttrValue.NS(rest);
    }
    if (existing instanceof AttrValue.BS a && value instanceof AttrValue.BS b) {
      List<Binary> rest = difference(a.values(), b.values());
      return rest.isEmpty() ? null : new AttrValue.BS(rest);
    }
    throw EngineException.validation(wrongType);
  }

  private static <T> List<T> union(List<T> a, List<T> b) {
    Set<T> all = new LinkedHashSet<>(a);
    all.addAll(b);
    return new ArrayList<>(all);
  }

  private static <T> List<T> difference(List<T> a, List<T> b) {
    Set<T> gone = Set.copyOf(b);
    List<T> rest = new ArrayList<>();
    for (T t : a) {
      if (!gone.contains(t)) {
        rest.add(t);
      }
    }
    return rest;
  }
}
