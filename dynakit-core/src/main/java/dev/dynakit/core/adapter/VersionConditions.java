package dev.dynakit.core.adapter;

import dev.dynakit.core.MarshallingException;
import dev.dynakit.core.expr.CompareOp;
import dev.dynakit.core.expr.Cond;
import dev.dynakit.core.expr.FieldPath;
import dev.dynakit.core.expr.Operand;
import java.math.BigDecimal;
import org.jspecify.annotations.Nullable;

/** Conditions and values of the version counter. */
final class VersionConditions {
  private VersionConditions() {}

  /** {@code version = expected}: false for a missing item, so it also requires existence. */
  static Cond is(String versionField, long expected) {
    return new Cond.Compare(
        Operand.path(FieldPath.of(versionField)), CompareOp.EQ, Operand.value(expected));
  }

  /** {@code attribute_not_exists(version)}. */
  static Cond absent(String versionField) {
    return new Cond.NotExists(FieldPath.of(versionField));
  }

  /** A version value as a whole number; null stays null. */
  static @Nullable Long number(String versionField, @Nullable Object value) {
    if (value == null) {
      return null;
    }
    try {
      if (value instanceof Long || value instanceof Integer || value instanceof Short) {
        return ((Number) value).longValue();
      }
      return new BigDecimal(value.toString().trim()).longValueExact();
    } catch (NumberFormatException | ArithmeticException e) {
      throw new MarshallingException(
          versionField, "a version is a whole number, got '" + value + "'");
    }
  }
}
