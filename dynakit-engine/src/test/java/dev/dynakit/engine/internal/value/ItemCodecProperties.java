package dev.dynakit.engine.internal.value;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;

/** Items survive encode and decode exactly: values, and the order of entries and elements. */
class ItemCodecProperties {

  @Property(tries = 1000)
  void decode_ofEncode_isTheSameItem(@ForAll("items") Map<String, AttrValue> item) {
    Map<String, AttrValue> back = ItemCodec.decode(ItemCodec.encode(item));
    assertThat(back).isEqualTo(item);
    assertSameStructure(new AttrValue.M(back), new AttrValue.M(item));
  }

  @Example
  void everyType_andTheNumberExtremes_roundTrip() {
    Map<String, AttrValue> item = new LinkedHashMap<>();
    item.put("s", new AttrValue.S("h\u00e9llo \ud83d\ude00 \u0000"));
    item.put("empty", new AttrValue.S(""));
    item.put("n0", AttrValue.N.parse("0"));
    item.put("nmax", AttrValue.N.parse("-9.9999999999999999999999999999999999999E+125"));
    item.put("nmin", AttrValue.N.parse("1E-130"));
    item.put("nlong", AttrValue.N.parse("-9223372036854775808"));
    item.put("nbig", AttrValue.N.parse("9223372036854775808"));
    item.put("b", new AttrValue.B(Binary.of(new byte[] {0, -1, 127})));
    item.put("t", AttrValue.Bool.TRUE);
    item.put("f", AttrValue.Bool.FALSE);
    item.put("null", AttrValue.Null.INSTANCE);
    item.put("ss", new AttrValue.SS(List.of("z", "a", "m")));
    item.put("ns", new AttrValue.NS(List.of(new BigDecimal("3"), new BigDecimal("-1.5"))));
    item.put("bs", new AttrValue.BS(List.of(Binary.of(new byte[] {2}), Binary.of(new byte[0]))));
    item.put("l", new AttrValue.L(List.of(new AttrValue.L(List.of()), AttrValue.Null.INSTANCE)));
    item.put("m", new AttrValue.M(Map.of()));
    Map<String, AttrValue> back = ItemCodec.decode(ItemCodec.encode(item));
    assertSameStructure(new AttrValue.M(back), new AttrValue.M(item));
    assertThat(ItemCodec.decode(ItemCodec.encode(Map.of()))).isEmpty();
  }

  @Example
  void decode_refusesWhatIsNotAnEncodedItem() {
    byte[] good = ItemCodec.encode(Map.of("a", new AttrValue.S("xyz")));
    assertThatThrownBy(() -> ItemCodec.decode(new byte[0]))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> ItemCodec.decode(java.util.Arrays.copyOf(good, good.length - 1)))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> ItemCodec.decode(java.util.Arrays.copyOf(good, good.length + 1)))
        .isInstanceOf(IllegalArgumentException.class);
    byte[] wrongFormat = good.clone();
    wrongFormat[0] = 99;
    assertThatThrownBy(() -> ItemCodec.decode(wrongFormat))
        .isInstanceOf(IllegalArgumentException.class);
  }

  /** Equal, and with the same order of map entries and set and list elements throughout. */
  static void assertSameStructure(AttrValue actual, AttrValue expected) {
    assertThat(actual.typeName()).isEqualTo(expected.typeName());
    if (expected instanceof AttrValue.M m) {
      Map<String, AttrValue> a = ((AttrValue.M) actual).values();
      assertThat(new ArrayList<>(a.keySet())).containsExactlyElementsOf(m.values().keySet());
      for (Map.Entry<String, AttrValue> e : m.values().entrySet()) {
        assertSameStructure(a.get(e.getKey()), e.getValue());
      }
    } else if (expected instanceof AttrValue.L l) {
      List<AttrValue> a = ((AttrValue.L) actual).values();
      assertThat(a).hasSameSizeAs(l.values());
      for (int i = 0; i < a.size(); i++) {
        assertSameStructure(a.get(i), l.values().get(i));
      }
    } else if (expected instanceof AttrValue.SS s) {
      assertThat(((AttrValue.SS) actual).values()).containsExactlyElementsOf(s.values());
    } else if (expected instanceof AttrValue.NS s) {
      assertThat(((AttrValue.NS) actual).values()).containsExactlyElementsOf(s.values());
    } else if (expected instanceof AttrValue.BS s) {
      assertThat(((AttrValue.BS) actual).values()).containsExactlyElementsOf(s.values());
    } else {
      assertThat(actual).isEqualTo(expected);
    }
  }

  @Provide
  Arbitrary<Map<String, AttrValue>> items() {
    return map(3);
  }

  private static Arbitrary<Map<String, AttrValue>> map(int depth) {
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

  private static Arbitrary<AttrValue> value(int depth) {
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
    return Arbitraries.strings()
        .ofMinLength(1)
        .ofMaxLength(12)
        .filter(ItemCodecProperties::wellFormed);
  }

  private static Arbitrary<String> strings() {
    return Arbitraries.oneOf(
        Arbitraries.strings().ofMaxLength(20).filter(ItemCodecProperties::wellFormed),
        Arbitraries.strings().withCharRange('\u0000', '\u00ff').ofMaxLength(300));
  }

  /** Strings without lone surrogates, which UTF-8 cannot hold. */
  private static boolean wellFormed(String s) {
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
  private static Arbitrary<BigDecimal> numbers() {
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
