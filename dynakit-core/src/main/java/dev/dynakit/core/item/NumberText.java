package dev.dynakit.core.item;

import dev.dynakit.core.MarshallingException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;

/**
 * Java numbers to DynamoDB number text, refusing anything DynamoDB would round or reject: more than
 * 38 significant digits, magnitudes outside 1E-130 .. 9.99…E+125, NaN and infinities.
 */
final class NumberText {
  static final int MAX_DIGITS = 38;
  static final int MAX_EXPONENT = 125;
  static final int MIN_EXPONENT = -130;

  /** Longest plain text written before switching to exponent notation. */
  private static final int MAX_PLAIN_LENGTH = 48;

  private NumberText() {}

  static String of(Number number, @Nullable String where) {
    if (number instanceof Integer
        || number instanceof Long
        || number instanceof Short
        || number instanceof Byte) {
      // at most 19 digits, always within DynamoDB's range: no BigDecimal needed
      return Long.toString(number.longValue());
    }
    BigDecimal exact = exact(number, where);
    check(exact, where);
    String plain = exact.toPlainString();
    return plain.length() <= MAX_PLAIN_LENGTH ? plain : exact.toString();
  }

  /** The exact decimal value of any Java number. */
  static BigDecimal exact(Number number, @Nullable String where) {
    if (number instanceof BigDecimal) {
      return (BigDecimal) number;
    }
    if (number instanceof Integer
        || number instanceof Long
        || number instanceof Short
        || number instanceof Byte
        || number instanceof AtomicInteger
        || number instanceof AtomicLong) {
      return BigDecimal.valueOf(number.longValue());
    }
    if (number instanceof BigInteger) {
      return new BigDecimal((BigInteger) number);
    }
    if (number instanceof Double || number instanceof Float) {
      double value = number.doubleValue();
      if (Double.isNaN(value) || Double.isInfinite(value)) {
        throw new MarshallingException(where, "DynamoDB cannot store " + number);
      }
      // the shortest text that reads back as the same double/float, not its binary expansion
      return new BigDecimal(number.toString());
    }
    try {
      return new BigDecimal(number.toString());
    } catch (NumberFormatException e) {
      throw new MarshallingException(
          where,
          "the number " + number + " (" + number.getClass().getName() + ") has no decimal text",
          e);
    }
  }

  static void check(BigDecimal value, @Nullable String where) {
    if (value.signum() == 0) {
      return;
    }
    BigDecimal stripped = value.stripTrailingZeros();
    if (stripped.precision() > MAX_DIGITS) {
      throw new MarshallingException(
          where,
          "the number "
              + value
              + " has "
              + stripped.precision()
              + " significant digits; DynamoDB keeps at most 38");
    }
    int exponent = stripped.precision() - stripped.scale() - 1;
    if (exponent > MAX_EXPONENT || exponent < MIN_EXPONENT) {
      throw new MarshallingException(
          where,
          "the number "
              + value
              + " is outside DynamoDB's range (magnitude 1E-130 to"
              + " 9.9999999999999999999999999999999999999E+125)");
    }
  }
}
