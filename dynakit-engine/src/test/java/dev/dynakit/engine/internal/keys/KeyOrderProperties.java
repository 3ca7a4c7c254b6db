package dev.dynakit.engine.internal.keys;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.engine.internal.value.AttrValue;
import dev.dynakit.engine.internal.value.Binary;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.Tuple.Tuple2;

/** Byte order of encoded keys is DynamoDB's order of the values, alone and in composites. */
class KeyOrderProperties {
  private static final List<AttrValue> PK = List.of(new AttrValue.S("p"));

  @Property(tries = 2000)
  void numbers_compareAsBigDecimals(
      @ForAll("numbers") BigDecimal a, @ForAll("numbers") BigDecimal b) {
    assertSameOrder(new AttrValue.N(a), new AttrValue.N(b));
  }

  @Property(tries = 2000)
  void strings_compareByUtf8Bytes(@ForAll("strings") String a, @ForAll("strings") String b) {
    assertSameOrder(new AttrValue.S(a), new AttrValue.S(b));
  }

  @Property(tries = 2000)
  void binaries_compareByUnsignedBytes(@ForAll("binaries") byte[] a, @ForAll("binaries") byte[] b) {
    assertSameOrder(new AttrValue.B(Binary.wrap(a)), new AttrValue.B(Binary.wrap(b)));
  }

  @Property(tries = 3000)
  void compositeKeys_compareComponentWise(
      @ForAll("tuplePairs") Tuple2<List<AttrValue>, List<AttrValue>> pair) {
    List<AttrValue> a = pair.get1();
    List<AttrValue> b = pair.get2();
    int expected = Integer.signum(KeyValues.compareTuples(a, b));
    byte[] ka = KeyCodec.itemKey(7, 0, PK, a, List.of());
    byte[] kb = KeyCodec.itemKey(7, 0, PK, b, List.of());
    assertThat(Integer.signum(Arrays.compareUnsigned(ka, kb))).isEqualTo(expected);
    // The same tuples split differently between sort key and base-key suffix order the same way.
    byte[] sa = KeyCodec.itemKey(7, 1, PK, a.subList(0, 1), a.subList(1, a.size()));
    byte[] sb = KeyCodec.itemKey(7, 1, PK, b.subList(0, 1), b.subList(1, b.size()));
    assertThat(Integer.signum(Arrays.compareUnsigned(sa, sb))).isEqualTo(expected);
  }

  @Property(tries = 1000)
  void partitionValues_equalValuesGiveEqualKeys(
      @ForAll("tuplePairs") Tuple2<List<AttrValue>, List<AttrValue>> pair) {
    List<AttrValue> a = pair.get1();
    byte[] k1 = KeyCodec.itemKey(3, 2, a, List.of(), List.of());
    byte[] k2 = KeyCodec.itemKey(3, 2, List.copyOf(a), List.of(), List.of());
    assertThat(k1).isEqualTo(k2);
    boolean same = KeyValues.compareTuples(a, pair.get2()) == 0;
    assertThat(Arrays.equals(k1, KeyCodec.itemKey(3, 2, pair.get2(), List.of(), List.of())))
        .isEqualTo(same);
  }

  @Example
  void prefixStrings_sortBeforeTheirExtensions_andNeverBleedIntoTheNextComponent() {
    List<String> strings = List.of("", "\u0000", "\u0000\u0000", "a", "a\u0000", "a\u0000b", "ab");
    List<AttrValue> seconds =
        List.of(
            new AttrValue.B(Binary.wrap(new byte[0])),
            new AttrValue.B(Binary.wrap(new byte[] {0})),
            new AttrValue.B(Binary.wrap(new byte[] {1})),
            new AttrValue.B(Binary.wrap(new byte[] {(byte) 0xFF})),
            new AttrValue.B(Binary.wrap(new byte[] {(byte) 0xFF, (byte) 0xFF})));
    List<List<AttrValue>> tuples = new ArrayList<>();
    for (String s : strings) {
      for (AttrValue second : seconds) {
        tuples.add(List.of(new AttrValue.S(s), second));
      }
    }
    List<List<AttrValue>> byValue = new ArrayList<>(tuples);
    byValue.sort(KeyValues::compareTuples);
    List<List<AttrValue>> byKey = new ArrayList<>(tuples);
    byKey.sort(
        Comparator.comparing(
            (List<AttrValue> t) -> KeyCodec.itemKey(1, 0, PK, t, List.of()),
            Arrays::compareUnsigned));
    assertThat(byKey).isEqualTo(byValue);
    assertThat(byValue.get(0).get(0)).isEqualTo(new AttrValue.S(""));
  }

  @Example
  void numbers_ofEqualValue_encodeEqually() {
    byte[] a = KeyCodec.itemKey(1, 0, List.of(AttrValue.N.parse("1.50")), List.of(), List.of());
    byte[] b = KeyCodec.itemKey(1, 0, List.of(AttrValue.N.parse("15E-1")), List.of(), List.of());
    assertThat(a).isEqualTo(b);
  }

  private static void assertSameOrder(AttrValue a, AttrValue b) {
    byte[] ea = encode(a);
    byte[] eb = encode(b);
    assertThat(Integer.signum(Arrays.compareUnsigned(ea, eb)))
        .as("order of %s and %s", a, b)
        .isEqualTo(Integer.signum(KeyValues.compare(a, b)));
  }

  private static byte[] encode(AttrValue v) {
    byte[] out = new byte[ValueEncoding.size(v)];
    assertThat(ValueEncoding.write(v, out, 0)).isEqualTo(out.length);
    return out;
  }

  @Provide
  Arbitrary<BigDecimal> numbers() {
    return KeyValues.numbers();
  }

  @Provide
  Arbitrary<String> strings() {
    return KeyValues.strings();
  }

  @Provide
  Arbitrary<byte[]> binaries() {
    return KeyValues.binaries();
  }

  @Provide
  Arbitrary<Tuple2<List<AttrValue>, List<AttrValue>>> tuplePairs() {
    return KeyValues.types(1, 3)
        .flatMap(
            types ->
                Combinators.combine(
                        KeyValues.tuple(types),
                        KeyValues.tuple(types),
                        Arbitraries.integers().between(0, types.size()))
                    .as(KeyOrderProperties::sharingLeadingComponents));
  }

  /** The pair (a, b) with b's first {@code shared} components taken from a. */
  private static Tuple2<List<AttrValue>, List<AttrValue>> sharingLeadingComponents(
      List<AttrValue> a, List<AttrValue> b, int shared) {
    List<AttrValue> mixed = new ArrayList<>(a.subList(0, shared));
    mixed.addAll(b.subList(shared, b.size()));
    return Tuple.of(a, List.copyOf(mixed));
  }
}
