package dev.dynakit.engine.internal.value;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.LinkedHashMap;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

/** Generators of attribute values and items for properties of the engine's encoders. */
public final class RandomValues {
  private RandomValues() {}

  /** Items nested up to three levels, of every type, with well-formed strings. */
  public static Arbitrary<Map<String, AttrValue>> items() {
    return map(3);
  }

  public static Arbitrary<Map<String, AttrValue>> map(int depth) {
    return Combinators.combine(
            names().list().uniqueElements().ofMaxSize(8), value(depth).list().ofMaxSize(8))
        .as(
            (names, values) -> {
              Map<String, AttrValue> m = new LinkedHashMap<>();
              for (int i = 0; i < names.size() && i < values.size(); i++) {
                m.put(names.get(i), values.get(i));
              }
              return m;
            });
  }

  public static Arbitrary<AttrValue> value(int depth) {
    if (depth == 0) {
      return scalarsAndSets();
    }
    Arbitrary<AttrValue> list =
        Arbitraries.lazy(() -> value(depth - 1)).list().ofMaxSize(5).map(AttrValue.L::new);
    Arbitrary<AttrValue> map = Arbitraries.lazy(() -> map(depth - 1)).map(AttrValue.M::new);
    return Arbitraries.frequencyOf(
        Tuple.of(6, scalarsAndSets()), Tuple.of(1, list), Tuple.of(1, map));
  }

  private static Arbitrary<AttrValue> scalarsAndSets() {
    return Arbitraries.oneOf(
        strings().map(AttrValue.S::new),
        numbers().map(AttrValue.N::new),
        binaries().map(AttrValue.B::new),
        Arbitraries.of(AttrValue.Bool.TRUE, AttrValue.Bool.FALSE, AttrValue.Null.INSTANCE),
        strings().list().uniqueElements().ofMinSize(1).ofMaxSize(6).map(AttrValue.SS::new),
        numbers().list().uniqueElements().ofMinSize(1).ofMaxSize(6).map(AttrValue.NS::new),
        binaries().list().uniqueElements().ofMinSize(1).ofMaxSize(6).map(AttrValue.BS::new));
  }

  private static Arbitrary<String> names() {
    return Arbitraries.strings().ofMinLength(1).ofMaxLength(12).filter(RandomValues::wellFormed);
  }

  public static Arbitrary<String> strings() {
    return Arbitraries.oneOf(
        Arbitraries.strings().ofMaxLength(20).filter(RandomValues::wellFormed),
        Arbitraries.strings().withCharRange('\u0000', '\u00ff').ofMaxLength(300));
  }

  /** Strings without lone surrogates, which UTF-8 cannot hold. */
  public static boolean wellFormed(String s) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (Character.isHighSurrogate(c)
          && i + 1 < s.length()
          && Character.isLowSurrogate(s.charAt(i + 1))) {
        i++;
      } else if (Character.isSurrogate(c)) {
        return false;
      }
    }
    return true;
  }

  /** Canonical numbers over DynamoDB's range: 1 to 38 digits, exponents -130..125. */
  public static Arbitrary<BigDecimal> numbers() {
    Arbitrary<BigDecimal> any =
        Combinators.combine(
                Arbitraries.strings().withChars("0123456789").ofMinLength(1).ofMaxLength(38),
                Arbitraries.integers().between(-130, 125),
                Arbitraries.of(1, -1))
            .as(
                (digits, exponent, sign) -> {
                  BigInteger unscaled = new BigInteger("1" + digits.substring(1));
                  BigDecimal n = new BigDecimal(unscaled, digits.length() - 1 - exponent);
                  return sign < 0 ? n.negate() : n;
                });
    Arbitrary<BigDecimal> small = Arbitraries.longs().map(BigDecimal::valueOf);
    return Arbitraries.oneOf(any, small).map(n -> new AttrValue.N(n).value());
  }

  private static Arbitrary<Binary> binaries() {
    return Arbitraries.bytes().array(byte[].class).ofMaxSize(40).map(Binary::wrap);
  }
}
