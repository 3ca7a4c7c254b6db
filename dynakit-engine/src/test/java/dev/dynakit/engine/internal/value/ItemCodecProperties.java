package dev.dynakit.engine.internal.value;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** Items survive encode and decode exactly: values, and the order of entries and elements. */
class ItemCodecProperties {

  @Property(tries = 1000)
  void decode_ofEncode_isTheSameItem(@ForAll("items") Map<String, AttrValue> item) {
    Map<String, AttrValue> back = ItemCodec.decode(ItemCodec.encode(item));
    assertThat(back).isEqualTo(item);
    assertSameStructure(new AttrValue.M(back), new AttrValue.M(item));
  }

  /**
   * Any name and string, malformed UTF-16 included, are stored as their UTF-8 bytes, whether they
   * are ASCII (copied char by char) or not; the size in the header counts those bytes.
   */
  @Property(tries = 1000)
  void strings_areStoredAsTheirUtf8Bytes(
      @ForAll("anyStrings") String name, @ForAll("anyStrings") String value) {
    // a map value too, whose entries are written inside the item's
    Map<String, AttrValue> inner = Map.of(name, new AttrValue.S(value));
    byte[] encoded = ItemCodec.encode(Map.of("m", new AttrValue.M(inner)));
    String storedName = new String(name.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8);
    String storedValue = new String(value.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8);
    assertThat(ItemCodec.decode(encoded))
        .isEqualTo(Map.of("m", new AttrValue.M(Map.of(storedName, new AttrValue.S(storedValue)))));
    int utf8Bytes =
        name.getBytes(StandardCharsets.UTF_8).length
            + value.getBytes(StandardCharsets.UTF_8).length;
    // "m", a map's three bytes and one per entry, then the entry
    assertThat(ItemCodec.size(encoded)).isEqualTo(1 + 3 + 1 + utf8Bytes);
  }

  @Provide
  Arbitrary<String> anyStrings() {
    return net.jqwik.api.Arbitraries.oneOf(
        net.jqwik.api.Arbitraries.strings().ascii().ofMaxLength(40),
        net.jqwik.api.Arbitraries.strings().all().ofMaxLength(40));
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
    return RandomValues.items();
  }
}
