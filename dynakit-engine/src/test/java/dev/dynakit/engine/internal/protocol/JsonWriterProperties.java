package dev.dynakit.engine.internal.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynakit.engine.internal.value.AttrValue;
import dev.dynakit.engine.internal.value.Binary;
import dev.dynakit.engine.internal.value.ItemCodec;
import dev.dynakit.engine.internal.value.RandomValues;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
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

/**
 * {@link Json#write} writes every response tree byte for byte as the engine's earlier writer on
 * Jackson's generator ({@link JacksonWriter}) did, whether its items are decoded maps or items read
 * lazily from the store and written from their encoding.
 */
class JsonWriterProperties {

  @Property(tries = 1000)
  void trees_areWrittenAsJacksonWroteThem(@ForAll("trees") Object tree) {
    assertThat(new String(Json.write(tree), StandardCharsets.UTF_8))
        .isEqualTo(new String(JacksonWriter.write(tree), StandardCharsets.UTF_8));
    assertThat(Json.write(tree)).isEqualTo(JacksonWriter.write(tree));
  }

  @Property(tries = 1000)
  void storedItems_areWrittenAsTheirDecodedItems(@ForAll("items") Map<String, AttrValue> item) {
    byte[] encoded = ItemCodec.encode(item);
    Map<String, Object> page = new LinkedHashMap<>();
    page.put("Items", List.of(ItemCodec.decodeLazily(encoded), ItemCodec.decodeLazily(encoded)));
    page.put("Count", 2L);
    Map<String, Object> decoded = new LinkedHashMap<>();
    decoded.put("Items", List.of(ItemCodec.decode(encoded), item));
    decoded.put("Count", 2L);
    assertThat(new String(Json.write(page), StandardCharsets.UTF_8))
        .isEqualTo(new String(JacksonWriter.write(decoded), StandardCharsets.UTF_8));
  }

  @Property(tries = 2000)
  void strings_areEscapedAsJacksonEscapesThem(@ForAll("anyStrings") String s) {
    Map<String, Object> tree = new LinkedHashMap<>();
    tree.put(s, s);
    tree.put("attr", new AttrValue.S(s));
    tree.put("set", new AttrValue.SS(List.of(s)));
    assertThat(Json.write(tree)).isEqualTo(JacksonWriter.write(tree));
    if (RandomValues.wellFormed(s)) {
      Map<String, AttrValue> item = new LinkedHashMap<>();
      item.put(s.isEmpty() ? "n" : s, new AttrValue.S(s));
      assertThat(Json.write(ItemCodec.decodeLazily(ItemCodec.encode(item))))
          .isEqualTo(JacksonWriter.write(item));
    }
  }

  @Property(tries = 3000)
  void storedNumbers_areWrittenInPlainNotation(@ForAll("numbers") BigDecimal n) {
    Map<String, AttrValue> item = Map.of("n", new AttrValue.N(n));
    assertThat(new String(Json.write(ItemCodec.decodeLazily(ItemCodec.encode(item)))))
        .isEqualTo(new String(JacksonWriter.write(item)))
        .contains(new AttrValue.N(n).value().toPlainString());
  }

  @Property(tries = 1000)
  void binaries_areWrittenInBase64(@ForAll byte[] bytes) {
    Map<String, AttrValue> item = new LinkedHashMap<>();
    item.put("b", new AttrValue.B(Binary.of(bytes)));
    item.put("bs", new AttrValue.BS(List.of(Binary.of(bytes))));
    assertThat(Json.write(item)).isEqualTo(JacksonWriter.write(item));
    assertThat(Json.write(ItemCodec.decodeLazily(ItemCodec.encode(item))))
        .isEqualTo(JacksonWriter.write(item));
  }

  @Example
  void aChangedStoredItem_isWrittenAsChanged() {
    Map<String, AttrValue> item = new LinkedHashMap<>();
    item.put("a", new AttrValue.S("x"));
    Map<String, AttrValue> lazy = ItemCodec.decodeLazily(ItemCodec.encode(item));
    lazy.put("b", AttrValue.Bool.TRUE);
    assertThat(new String(Json.write(lazy), StandardCharsets.UTF_8))
        .isEqualTo("{\"a\":{\"S\":\"x\"},\"b\":{\"BOOL\":true}}");
  }

  @Example
  void largeResponses_thenSmallOnes() {
    String big = "y".repeat(300_000) + "\u00e9\n";
    Map<String, Object> tree = new LinkedHashMap<>();
    tree.put("big", big);
    tree.put("item", ItemCodec.decodeLazily(ItemCodec.encode(Map.of("s", new AttrValue.S(big)))));
    assertThat(Json.write(tree)).isEqualTo(JacksonWriter.write(tree));
    assertThat(Json.write(List.of(1L, "two"))).isEqualTo("[1,\"two\"]".getBytes());
  }

  @Example
  void onlyTreeKindsAreWritten() {
    assertThatThrownBy(() -> Json.write(List.of(new Object())))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("not a response tree value");
    assertThat(Json.write(List.of(new Object[0].length))).isEqualTo("[0]".getBytes());
  }

  @Provide
  Arbitrary<Map<String, AttrValue>> items() {
    return RandomValues.items();
  }

  @Provide
  Arbitrary<BigDecimal> numbers() {
    Arbitrary<BigDecimal> longs =
        Combinators.combine(Arbitraries.longs(), Arbitraries.integers().between(-140, 150))
            .as(BigDecimal::valueOf)
            .filter(n -> n.signum() == 0 || plausible(n));
    return Arbitraries.oneOf(RandomValues.numbers(), longs);
  }

  private static boolean plausible(BigDecimal n) {
    BigDecimal s = n.stripTrailingZeros();
    long exponent = (long) s.precision() - 1 - s.scale();
    return exponent >= -130 && exponent <= 125;
  }

  /** Strings of every kind of character: controls, quotes, non-ASCII, lone surrogates. */
  @Provide
  Arbitrary<String> anyStrings() {
    Arbitrary<Character> special =
        Arbitraries.of(
            '"', '\\', '/', '\u0000', '\u001f', '\u007f', '\u0080', '\u07ff', '\u0800', '\ud800',
            '\udbff', '\udc00', '\udfff', '\ufffd', '\uffff', '\b', '\t', '\n', '\f', '\r');
    Arbitrary<String> mixed =
        Arbitraries.frequencyOf(
                Tuple.of(6, Arbitraries.chars().range('a', 'z')),
                Tuple.of(2, special),
                Tuple.of(1, Arbitraries.chars()))
            .list()
            .ofMaxSize(40)
            .map(
                cs -> {
                  StringBuilder b = new StringBuilder();
                  cs.forEach(b::append);
                  return b.toString();
                });
    Arbitrary<String> emoji =
        Arbitraries.integers()
            .between(0x10000, 0x10FFFF)
            .list()
            .ofMaxSize(5)
            .map(
                cps -> {
                  StringBuilder b = new StringBuilder("ab");
                  cps.forEach(cp -> b.appendCodePoint(cp).append("cdefghijk"));
                  return b.toString();
                });
    return Arbitraries.oneOf(Arbitraries.strings(), mixed, emoji, RandomValues.strings());
  }

  @Provide
  Arbitrary<Object> trees() {
    return tree(3);
  }

  private Arbitrary<Object> tree(int depth) {
    Arbitrary<Object> scalars =
        Arbitraries.oneOf(
            anyStrings().map(s -> (Object) s),
            Arbitraries.longs().map(l -> (Object) l),
            Arbitraries.integers().map(i -> (Object) i),
            Arbitraries.doubles().map(d -> (Object) d),
            Arbitraries.of(
                0.0, -0.0, 1.0, 0.5, 1e-7, 1e21, Double.NaN, Double.POSITIVE_INFINITY, 100.0),
            Combinators.combine(
                    Arbitraries.bigIntegers()
                        .between(BigInteger.TEN.pow(30).negate(), BigInteger.TEN.pow(30)),
                    Arbitraries.integers().between(-40, 40))
                .as((u, s) -> (Object) new BigDecimal(u, s)),
            Arbitraries.of(Boolean.TRUE, Boolean.FALSE),
            Arbitraries.just(null),
            RandomValues.value(1).map(v -> (Object) v));
    if (depth == 0) {
      return scalars;
    }
    Arbitrary<Object> list =
        tree(depth - 1).list().ofMaxSize(4).map(l -> (Object) new ArrayList<>(l));
    Arbitrary<Object> map =
        Combinators.combine(
                anyStrings().list().uniqueElements().ofMaxSize(4), tree(depth - 1).list().ofSize(4))
            .as(
                (names, values) -> {
                  Map<String, Object> m = new LinkedHashMap<>();
                  for (int i = 0; i < names.size(); i++) {
                    m.put(names.get(i), values.get(i));
                  }
                  return (Object) m;
                });
    Arbitrary<Object> stored =
        RandomValues.items().map(i -> (Object) ItemCodec.decodeLazily(ItemCodec.encode(i)));
    return Arbitraries.frequencyOf(
        Tuple.of(4, scalars), Tuple.of(2, list), Tuple.of(2, map), Tuple.of(1, stored));
  }

  static String hex(byte[] b) {
    return Arrays.toString(b);
  }
}
