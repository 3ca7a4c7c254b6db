package dev.dynakit.engine.internal.value;

import dev.dynakit.engine.EngineException;
import java.math.BigDecimal;

/**
 * DynamoDB's number rules: decimals with at most 38 significant digits, magnitudes between 1E-130
 * and 9.9999999999999999999999999999999999999E+125, and zero.
 */
public final class Numbers {
  /** The largest significant-digit count DynamoDB stores. */
  public static final int MAX_PRECISION = 38;

  private static final BigDecimal MAX_MAGNITUDE =
      new BigDecimal("9.9999999999999999999999999999999999999E+125");
  private static final BigDecimal MIN_MAGNITUDE = new BigDecimal("1E-130");

  private Numbers() {}

  /** Parses wire text, refusing what DynamoDB refuses. */
  public static BigDecimal parse(String text) {
    if (text.isEmpty()) {
      throw EngineException.validation("The parameter cannot be converted to a numeric value");
    }
    BigDecimal value;
    try {
      value = new BigDecimal(text);
    } catch (NumberFormatException e) {
      throw EngineException.validation(
          "The parameter cannot be converted to a numeric value: " + text);
    }
    return canonical(value);
  }

  /** Strips trailing zeros and checks precision and range. */
  public static BigDecimal canonical(BigDecimal value) {
    if (value.signum() == 0) {
      return BigDecimal.ZERO;
    }
    BigDecimal stripped = value.stripTrailingZeros();
    if (stripped.precision() > MAX_PRECISION) {
      throw EngineException.validation(
          "Attempting to store more than 38 significant digits in a Number");
    }
    BigDecimal magnitude = stripped.abs();
    if (magnitude.compareTo(MAX_MAGNITUDE) > 0) {
      throw EngineException.validation(
          "Number overflow. Attempting to store a number with magnitude larger than supported"
              + " range");
    }
    if (magnitude.compareTo(MIN_MAGNITUDE) < 0) {
      throw EngineException.validation(
          "Number underflow. Attempting to store a number with magnitude smaller than supported"
              + " range");
    }
    return stripped;
  }

  /** The text DynamoDB returns: plain notation, no trailing zeros. */
  public static String toText(BigDecimal value) {
    return value.toPlainString();
  }
}
