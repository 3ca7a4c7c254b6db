package dev.dynakit.engine.internal.value;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.dynakit.engine.EngineException;
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
      expected = Numbers.canonical(new BigDecimal(text));
    } catch (NumberFormatException e) {
      expected = "The parameter cannot be converted to a numeric value: " + text;
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
        .edgeCases(c -> c.add("-").add("9223372036854775807").add("-0").add("000"));
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
      return "Number overflow. Attempting to store a number with magnitude larger than supported"
          + " range";
    }
    if (magnitude.compareTo(MIN_MAGNITUDE) < 0) {
      return "Number underflow. Attempting to store a number with magnitude smaller than supported"
          + " range";
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
