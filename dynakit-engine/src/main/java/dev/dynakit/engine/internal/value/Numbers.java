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

  /** The decimal exponents of the largest and smallest magnitudes, 9.99…E+125 and 1E-130. */
  private static final int MAX_EXPONENT = 125;

  private static final int MIN_EXPONENT = -130;

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
    int precision = stripped.precision();
    if (precision > MAX_PRECISION) {
      throw EngineException.validation(
          "Attempting to store more than 38 significant digits in a Number");
    }
    // The magnitude is in [10^e, 10^(e+1)) for the exponent e below; with at most 38 digits it
    // exceeds 9.99…E+125 exactly when e > 125, and is below 1E-130 exactly when e < -130.
    // Deciding on e spares comparing decimals of unlike scales.
    long exponent = (long) precision - 1 - stripped.scale();
    if (exponent > MAX_EXPONENT) {
      throw EngineException.validation(
          "Number overflow. Attempting to store a number with magnitude larger than supported"
              + " range");
    }
    if (exponent < MIN_EXPONENT) {
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
