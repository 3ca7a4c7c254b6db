package dev.dynakit.engine.internal.value;

import dev.dynakit.engine.error.EngineException;
import java.math.BigDecimal;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * DynamoDB's number rules: decimals with at most 38 significant digits, magnitudes between 1E-130
 * and 9.9999999999999999999999999999999999999E+125, and zero.
 */
public final class Numbers {
  /** The largest significant-digit count DynamoDB stores. */
  public static final int MAX_PRECISION = 38;

  /** The decimal exponents of the largest and smallest magnitudes, 9.99…E+125 and 1E-130. */
  private static final int MAX_EXPONENT = 125;

  private static final int MIN_EXPONENT = -130;

  /** A well-formed decimal with an exponent; group 1 is the exponent. */
  private static final Pattern HUGE_EXPONENT =
      Pattern.compile("[+-]?(?:[0-9]+\\.?[0-9]*|\\.[0-9]+)[eE]([+-]?[0-9]+)");

  private Numbers() {}

  /** Parses wire text, refusing what DynamoDB refuses. */
  public static BigDecimal parse(String text) {
    return canonical(read(text));
  }

  /**
   * Reads wire text as {@link #parse} does, without making it canonical: for {@link AttrValue.N},
   * whose constructor does that (twice was two more BigDecimals per number).
   */
  static BigDecimal read(String text) {
    if (text.isEmpty()) {
      throw EngineException.validation(ValueWording.notNumeric(text));
    }
    BigDecimal value = smallInteger(text);
    if (value == null) {
      try {
        value = new BigDecimal(text);
      } catch (NumberFormatException e) {
        throw unreadable(text);
      }
      if (value.signum() == 0) {
        // DynamoDB holds a zero's written exponent to the same range as any other number's
        checkExponent(value.precision() - 1L - value.scale());
      }
    }
    return value;
  }

  /**
   * The refusal of text BigDecimal cannot read: a number whose exponent is outside the int range
   * but fits a long is out of DynamoDB's range; anything else, a longer exponent included, is not a
   * number.
   */
  private static EngineException unreadable(String text) {
    Matcher m = HUGE_EXPONENT.matcher(text);
    if (m.matches()) {
      try {
        Long.parseLong(m.group(1));
        return m.group(1).startsWith("-") ? underflow() : overflow();
      } catch (NumberFormatException beyondLong) {
        // not a number to DynamoDB either
      }
    }
    return EngineException.validation(ValueWording.notNumeric(text));
  }

  /**
   * The value of an integer of at most 18 digits with an optional minus sign (what counters, sizes
   * and timestamps are), or null for any other text; equal, scale included, to what {@code new
   * BigDecimal(text)} gives. Why: most numbers are such integers, and BigDecimal's general parser
   * was a tenth of an in-process batch write.
   */
  private static @Nullable BigDecimal smallInteger(String text) {
    int length = text.length();
    boolean negative = text.charAt(0) == '-';
    int start = negative ? 1 : 0;
    if (length == start || length - start > 18) {
      return null;
    }
    long magnitude = 0;
    for (int i = start; i < length; i++) {
      int digit = text.charAt(i) - '0';
      if (digit < 0 || digit > 9) {
        return null;
      }
      magnitude = magnitude * 10 + digit;
    }
    return BigDecimal.valueOf(negative ? -magnitude : magnitude);
  }

  /** Strips trailing zeros and checks precision and range. */
  public static BigDecimal canonical(BigDecimal value) {
    if (value.signum() == 0) {
      return BigDecimal.ZERO;
    }
    BigDecimal stripped = value.stripTrailingZeros();
    int precision = stripped.precision();
    if (precision > MAX_PRECISION) {
      throw EngineException.validation(
          "Attempting to store more than 38 significant digits in a Number");
    }
    // The magnitude is in [10^e, 10^(e+1)) for the exponent e below; with at most 38 digits it
    // exceeds 9.99…E+125 exactly when e > 125, and is below 1E-130 exactly when e < -130.
    // Deciding on e spares comparing decimals of unlike scales.
    checkExponent((long) precision - 1 - stripped.scale());
    return stripped;
  }

  private static void checkExponent(long exponent) {
    if (exponent > MAX_EXPONENT) {
      throw overflow();
    }
    if (exponent < MIN_EXPONENT) {
      throw underflow();
    }
  }

  private static EngineException overflow() {
    return EngineException.validation(
        "Number overflow. Attempting to store a number with magnitude larger than supported range");
  }

  private static EngineException underflow() {
    return EngineException.validation(
        "Number underflow. Attempting to store a number with magnitude smaller than supported"
            + " range");
  }

  /** The text DynamoDB returns: plain notation, no trailing zeros. */
  public static String toText(BigDecimal value) {
    return value.toPlainString();
  }
}
