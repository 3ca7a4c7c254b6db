package dev.dynakit.engine.internal.expr;

import dev.dynakit.engine.internal.value.AttrValue;
import dev.dynakit.engine.internal.value.Utf8;
import java.math.BigDecimal;
import org.jspecify.annotations.Nullable;

/**
 * DynamoDB's comparison semantics: numbers by value, strings by UTF-8 bytes, binaries by unsigned
 * bytes; values of different types are never equal nor ordered; a missing value compares false (and
 * unequal).
 */
final class Comparisons {
  private Comparisons() {}

  /** Deep equality of two present values (sets ignore order, numbers compare by value). */
  static boolean equal(@Nullable AttrValue a, @Nullable AttrValue b) {
    return a != null && b != null && a.equals(b);
  }

  /**
   * The order of two values of the same ordered type (N, S or B), or null when they are missing, of
   * different types, or of a type without order.
   */
  static @Nullable Integer order(@Nullable AttrValue a, @Nullable AttrValue b) {
    if (a instanceof AttrValue.N x && b instanceof AttrValue.N y) {
      return x.value().compareTo(y.value());
    }
    if (a instanceof AttrValue.S x && b instanceof AttrValue.S y) {
      return Utf8.compare(x.value(), y.value());
    }
    if (a instanceof AttrValue.B x && b instanceof AttrValue.B y) {
      return x.value().compareTo(y.value());
    }
    return null;
  }

  /** Whether the type has an order: N, S and B. */
  static boolean ordered(String typeName) {
    return typeName.equals("N") || typeName.equals("S") || typeName.equals("B");
  }

  /**
   * DynamoDB's {@code contains}: a substring of a string, a byte run of a binary, a member of a set
   * or an element of a list.
   */
  static boolean contains(@Nullable AttrValue container, @Nullable AttrValue element) {
    if (container == null || element == null) {
      return false;
    }
    if (container instanceof AttrValue.S s) {
      return element instanceof AttrValue.S e && s.value().contains(e.value());
    }
    if (container instanceof AttrValue.B b) {
      return element instanceof AttrValue.B e && b.value().contains(e.value());
    }
    if (container instanceof AttrValue.SS ss) {
      return element instanceof AttrValue.S e && ss.values().contains(e.value());
    }
    if (container instanceof AttrValue.NS ns) {
      return element instanceof AttrValue.N e && ns.values().contains(e.value());
    }
    if (container instanceof AttrValue.BS bs) {
      return element instanceof AttrValue.B e && bs.values().contains(e.value());
    }
    if (container instanceof AttrValue.L l) {
      return l.values().contains(element);
    }
    return false;
  }

  /** DynamoDB's {@code begins_with}: a string or binary prefix of the same type. */
  static boolean beginsWith(@Nullable AttrValue value, @Nullable AttrValue prefix) {
    if (value instanceof AttrValue.S s && prefix instanceof AttrValue.S p) {
      return s.value().startsWith(p.value());
    }
    if (value instanceof AttrValue.B b && prefix instanceof AttrValue.B p) {
      return b.value().startsWith(p.value());
    }
    return false;
  }

  /**
   * DynamoDB's {@code size}: the length of a string or binary, the member count of a set, list or
   * map; null for a missing value or a type without size.
   */
  static AttrValue.@Nullable N size(@Nullable AttrValue value) {
    long size;
    if (value instanceof AttrValue.S s) {
      size = s.value().length();
    } else if (value instanceof AttrValue.B b) {
      size = b.value().length();
    } else if (value instanceof AttrValue.SS ss) {
      size = ss.values().size();
    } else if (value instanceof AttrValue.NS ns) {
      size = ns.values().size();
    } else if (value instanceof AttrValue.BS bs) {
      size = bs.values().size();
    } else if (value instanceof AttrValue.L l) {
      size = l.values().size();
    } else if (value instanceof AttrValue.M m) {
      size = m.values().size();
    } else {
      return null;
    }
    return new AttrValue.N(BigDecimal.valueOf(size));
  }
}
