package dev.dynakit.engine.internal.keys;

import dev.dynakit.engine.internal.value.AttrValue;
import dev.dynakit.engine.internal.value.Binary;
import dev.dynakit.engine.internal.value.Utf8;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

/**
 * Generators of key values over DynamoDB's whole domain, biased towards the cases that break
 * encodings (zero bytes, prefixes, equal exponents, the range limits), and DynamoDB's order.
 */
final class KeyValues {
  static final List<String> TYPES = List.of("S", "N", "B");

  private KeyValues() {}

  /** DynamoDB's order of two values of one key type. */
  static int compare(AttrValue a, AttrValue b) {
    if (a instanceof AttrValue.S x && b instanceof AttrValue.S y) {
      return Utf8.compare(x.value(), y.value());
    }
    if (a instanceof AttrValue.N x && b instanceof AttrValue.N y) {
      return x.value().compareTo(y.value());
    }
    if (a instanceof AttrValue.B x && b instanceof AttrValue.B y) {
      return x.value().compareTo(y.value());
    }
    throw new IllegalArgumentException("not comparable: " + a + " and " + b);
  }

  /** Component-wise order of two tuples of the same types. */
  static int compareTuples(List<AttrValue> a, List<AttrValue> b) {
    for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
      int c = compare(a.get(i), b.get(i));
      if (c != 0) {
        return c;
      }
    }
    return Integer.compare(a.size(), b.size());
  }

  static Arbitrary<AttrValue> of(String type) {
    switch (type) {
      case "S":
        return strings().map(AttrValue.S::new);
      case "N":
        return numbers().map(AttrValue.N::new);
      case "B":
        return binaries().map(b -> new AttrValue.B(Binary.wrap(b)));
      default:
        throw new IllegalArgumentException(type);
    }
  }

  static Arbitrary<List<AttrValue>> tuple(List<String> types) {
    if (types.isEmpty()) {
      return Arbitraries.just(List.of());
    }
    List<Arbitrary<AttrValue>> parts = types.stream().map(KeyValues::of).toList();
    return Combinators.combine(parts).as(List::copyOf);
  }

  static Arbitrary<List<String>> types(int min, int max) {
    return Arbitraries.of(TYPES).list().ofMinSize(min).ofMaxSize(max);
  }

  /** Numbers: any precision and exponent, near neighbours, and the range limits. */
  static Arbitrary<BigDecimal> numbers() {
    Arbitrary<BigDecimal> wide =
        Combinators.combine(
                Arbitraries.integers().between(1, 38),
                Arbitraries.integers().between(-130, 125),
                Arbitraries.of(1, -1),
                Arbitraries.strings().withChars("0123456789").ofLength(38))
            .as(KeyValues::number);
    Arbitrary<BigDecimal> near =
        Combinators.combine(
                Arbitraries.integers().between(1, 6),
                Arbitraries.integers().between(-3, 3),
                Arbitraries.of(1, -1),
                Arbitraries.strings().withChars("0019").ofLength(6))
            .as(KeyValues::number);
    String nines = "9".repeat(38);
    Arbitrary<BigDecimal> edges =
        Arbitraries.of(
                "0",
                "1",
                "-1",
                "10",
                "0.1",
                "99",
                "100",
                "101",
                "1E-130",
                "-1E-130",
                "1.1E-130",
                "9." + nines.substring(1) + "E+125",
                "-9." + nines.substring(1) + "E+125",
                "1E+125",
                nines,
                "0." + nines,
                "123456789012345678",
                "1234567890123456789",
                "-1234567890123456789")
            .map(BigDecimal::new);
    return Arbitraries.frequencyOf(Tuple.of(4, wide), Tuple.of(4, near), Tuple.of(1, edges))
        .map(n -> new AttrValue.N(n).value());
  }

  private static BigDecimal number(int precision, int exponent, int sign, String digits) {
    char[] d = digits.substring(0, precision).toCharArray();
    if (d[0] == '0') {
      d[0] = '1';
    }
    BigInteger unscaled = new BigInteger(new String(d));
    BigDecimal n = new BigDecimal(unscaled, precision - 1 - exponent);
    return sign < 0 ? n.negate() : n;
  }

  /** Strings: arbitrary code points, and short strings over {NUL, a, b} full of prefixes. */
  static Arbitrary<String> strings() {
    Arbitrary<Integer> edgeCodePoints =
        Arbitraries.of(
            0, 1, (int) 'a', (int) 'b', 0x7F, 0x80, 0xFF, 0x7FF, 0x800, 0xD7FF, 0xE000, 0xFFFF,
            0x10000, 0x10FFFF);
    Arbitrary<Integer> anyCodePoint =
        Arbitraries.integers().between(0, 0x10FFFF).filter(c -> c < 0xD800 || c > 0xDFFF);
    Arbitrary<String> wide =
        Arbitraries.frequencyOf(Tuple.of(2, edgeCodePoints), Tuple.of(1, anyCodePoint))
            .list()
            .ofMaxSize(8)
            .map(KeyValues::fromCodePoints);
    Arbitrary<String> prefixes = Arbitraries.strings().withChars("\u0000ab").ofMaxLength(4);
    return Arbitraries.oneOf(wide, prefixes);
  }

  private static String fromCodePoints(List<Integer> codePoints) {
    StringBuilder sb = new StringBuilder();
    for (int cp : codePoints) {
      sb.appendCodePoint(cp);
    }
    return sb.toString();
  }

  /** Binaries: arbitrary bytes, and short runs over {00, 01, 7F, 80, FE, FF}. */
  static Arbitrary<byte[]> binaries() {
    Arbitrary<byte[]> wide = Arbitraries.bytes().array(byte[].class).ofMaxSize(10);
    Arbitrary<byte[]> edges =
        Arbitraries.of((byte) 0, (byte) 1, (byte) 0x7F, (byte) 0x80, (byte) 0xFE, (byte) 0xFF)
            .array(byte[].class)
            .ofMaxSize(4);
    return Arbitraries.oneOf(wide, edges);
  }
}
