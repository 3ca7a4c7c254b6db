package dev.dynakit.engine.internal.value;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.dynakit.engine.error.EngineException;
import java.math.BigDecimal;
import java.math.BigInteger;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** {@link Numbers#canonical} decides range by exponent exactly as comparing magnitudes did. */
class NumbersProperties {
  private static final BigDecimal MAX_MAGNITUDE =
      new BigDecimal("9.9999999999999999999999999999999999999E+125");
  private static final BigDecimal MIN_MAGNITUDE = new BigDecimal("1E-130");
  private static final String OVERFLOW =
      "Number overflow. Attempting to store a number with magnitude larger than supported range";
  private static final String UNDERFLOW =
      "Number underflow. Attempting to store a number with magnitude smaller than supported range";

  @Property(tries = 5000)
  void canonical_agreesWithComparingMagnitudes(@ForAll("decimals") BigDecimal value) {
    Object expected = byComparison(value);
    Object actual;
    try {
      actual = Numbers.canonical(value);
    } catch (EngineException e) {
      actual = e.getMessage();
    }
    assertThat(actual).isEqualTo(expected);
  }

  @Property(tries = 3000)
  void parse_agreesWithBigDecimalsParser(@ForAll("numberTexts") String text) {
    Object expected;
    try {
      BigDecimal value = new BigDecimal(text);
      expected = value.signum() == 0 ? zero(value) : Numbers.canonical(value);
    } catch (NumberFormatException e) {
      expected = beyondIntExponent(text);
    } catch (EngineException e) {
      expected = e.getMessage();
    }
    Object actual;
    try {
      BigDecimal parsed = Numbers.parse(text);
      assertThat(parsed.scale()).as(text).isEqualTo(((BigDecimal) expected).scale());
      actual = parsed;
    } catch (EngineException e) {
      actual = e.getMessage();
    } catch (ClassCastException e) {
      actual = "parsed although BigDecimal refuses";
    }
    assertThat(actual).as(text).isEqualTo(expected);
  }

  @Provide
  Arbitrary<String> numberTexts() {
    Arbitrary<String> integers =
        Combinators.combine(
                Arbitraries.of("", "-", "+", "--"),
                Arbitraries.strings().withChars("0123456789").ofMinLength(0).ofMaxLength(21))
            .as((sign, digits) -> sign + digits);
    Arbitrary<String> anything =
        Arbitraries.strings().withChars("0123456789-+.eE x").ofMinLength(1).ofMaxLength(22);
    return Arbitraries.oneOf(integers, integers, anything)
        .filter(t -> !t.isEmpty())
        .edgeCases(
            c ->
                c.add("-")
                    .add("9223372036854775807")
                    .add("-0")
                    .add("000")
                    .add("1e99999999999")
                    .add("-1e-99999999999")
                    .add("0e126")
                    .add("0e-131"));
  }

  /** A zero's written exponent (its precision is 1) is held to the range of any number's. */
  private static Object zero(BigDecimal value) {
    if (-value.scale() > 125) {
      return OVERFLOW;
    }
    return -value.scale() < -130 ? UNDERFLOW : BigDecimal.ZERO;
  }

  /**
   * Text BigDecimal refuses: out of range when only its exponent is too large for an int (but not
   * for a long).
   */
  private static String beyondIntExponent(String text) {
    int e = text.toLowerCase(java.util.Locale.ROOT).indexOf('e');
    if (e > 0) {
      try {
        new BigDecimal(text.substring(0, e));
        BigInteger exponent = new BigInteger(text.substring(e + 1));
        if (exponent.bitLength() < 64) {
          return exponent.signum() < 0 ? UNDERFLOW : OVERFLOW;
        }
      } catch (NumberFormatException notANumber) {
        // falls through to the refusal of text that is no number
      }
    }
    return "The parameter cannot be converted to a numeric value: " + text;
  }

  @Example
  void exponentsBeyondAnIntAndZerosWithFarExponentsAreOutOfRange() {
    assertThat(refusal("1e99999999999")).isEqualTo(OVERFLOW);
    assertThat(refusal("1e2147483648")).isEqualTo(OVERFLOW);
    assertThat(refusal("-1e-99999999999")).isEqualTo(UNDERFLOW);
    assertThat(refusal("1e-2147483648")).isEqualTo(UNDERFLOW);
    assertThat(refusal("0e126")).isEqualTo(OVERFLOW);
    assertThat(refusal("0e-131")).isEqualTo(UNDERFLOW);
    assertThat(Numbers.parse("0e125")).isEqualTo(BigDecimal.ZERO);
    assertThat(Numbers.parse("0e-130")).isEqualTo(BigDecimal.ZERO);
    assertThat(refusal("1e9x9"))
        .isEqualTo("The parameter cannot be converted to a numeric value: 1e9x9");
  }

  private static String refusal(String text) {
    return catchThrowable(() -> Numbers.parse(text)).getMessage();
  }

  @Example
  void theEdgesOfTheRange() {
    for (String text :
        new String[] {
          "9.9999999999999999999999999999999999999E+125",
          "1E+126",
          "-1E+126",
          "1E-130",
          "9.9999999999999999999999999999999999999E-131",
          "1E-131",
          "-1E-130",
          "0E+500",
          "99999999999999999999999999999999999999",
          "999999999999999999999999999999999999999"
        }) {
      BigDecimal value = new BigDecimal(text);
      Object expected = byComparison(value);
      Throwable thrown = catchThrowable(() -> Numbers.canonical(value));
      if (expected instanceof String message) {
        assertThat(thrown).as(text).hasMessage(message);
      } else {
        assertThat(thrown).as(text).isNull();
        assertThat(Numbers.canonical(value)).isEqualTo(expected);
      }
    }
  }

  /** The earlier implementation: the canonical value, or the refusal's message. */
  private static Object byComparison(BigDecimal value) {
    if (value.signum() == 0) {
      return BigDecimal.ZERO;
    }
    BigDecimal stripped = value.stripTrailingZeros();
    if (stripped.precision() > 38) {
      return "Attempting to store more than 38 significant digits in a Number";
    }
    BigDecimal magnitude = stripped.abs();
    if (magnitude.compareTo(MAX_MAGNITUDE) > 0) {
      return OVERFLOW;
    }
    if (magnitude.compareTo(MIN_MAGNITUDE) < 0) {
      return UNDERFLOW;
    }
    return stripped;
  }

  @Provide
  Arbitrary<BigDecimal> decimals() {
    return Combinators.combine(
            Arbitraries.strings().withChars("0123456789").ofMinLength(1).ofMaxLength(42),
            Arbitraries.integers().between(-180, 180),
            Arbitraries.of(1, -1))
        .as(
            (digits, scale, sign) -> {
              BigDecimal n = new BigDecimal(new BigInteger(digits), scale);
              return sign < 0 ? n.negate() : n;
            });
  }
}
