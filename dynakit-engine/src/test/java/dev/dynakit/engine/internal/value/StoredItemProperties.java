package dev.dynakit.engine.internal.value;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Items read lazily ({@link ItemCodec#decodeLazily}) are the items that were encoded, measure the
 * same without being decoded, and stop trusting their bytes once they may have changed.
 */
class StoredItemProperties {

  @Property(tries = 500)
  void sizeFromTheBytes_isTheSizeOfTheItem(@ForAll("items") Map<String, AttrValue> item) {
    byte[] bytes = ItemCodec.encode(item);
    assertThat(ItemCodec.size(bytes)).isEqualTo(ItemSize.itemSize(item));
    Map<String, AttrValue> lazy = ItemCodec.decodeLazily(bytes);
    assertThat(ItemSize.itemSize(lazy)).isEqualTo(ItemSize.itemSize(item));
    assertThat(ItemCodec.pristineBytes(lazy)).isSameAs(bytes);
  }

  @Property(tries = 200)
  void decodeAllLazily_isDecodeLazilyOfEach_nullsKept(
      @ForAll("items") Map<String, AttrValue> first,
      @ForAll("items") Map<String, AttrValue> second) {
    byte[][] values = {ItemCodec.encode(first), null, ItemCodec.encode(second)};
    List<Map<String, AttrValue>> lazy = ItemCodec.decodeAllLazily(values);
    assertThat(lazy).hasSize(3);
    assertThat(lazy.get(0)).isEqualTo(first);
    assertThat(ItemSize.itemSize(lazy.get(0))).isEqualTo(ItemSize.itemSize(first));
    assertThat(ItemCodec.pristineBytes(lazy.get(0))).isSameAs(values[0]);
    assertThat(lazy.get(1)).isNull();
    assertThat(lazy.get(2)).isEqualTo(second);
    assertThat(ItemSize.itemSize(lazy.get(2))).isEqualTo(ItemSize.itemSize(second));
  }

  @Example
  void decodeAllLazily_refusesAValueWithoutAnItemsHeader() {
    byte[][] values = {ItemCodec.encode(Map.of("a", new AttrValue.Bool(true))), {9, 0, 0, 0, 1}};
    assertThatThrownBy(() -> ItemCodec.decodeAllLazily(values))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("not an encoded item");
  }

  @Property(tries = 1000)
  void sizeIsBoundedByTheEncodedLength(@ForAll("boundItems") Map<String, AttrValue> item) {
    assertThat(ItemSize.itemSize(item))
        .isLessThanOrEqualTo(
            (long) ItemCodec.SIZE_PER_ENCODED_BYTE * ItemCodec.encode(item).length);
  }

  @Property(tries = 500)
  void lazyItem_isTheEncodedItem(@ForAll("items") Map<String, AttrValue> item) {
    byte[] bytes = ItemCodec.encode(item);
    Map<String, AttrValue> lazy = ItemCodec.decodeLazily(bytes);
    assertThat(lazy.size()).isEqualTo(item.size());
    for (String name : item.keySet()) {
      assertThat(lazy.get(name)).isEqualTo(item.get(name));
      assertThat(lazy.containsKey(name)).isTrue();
    }
    assertThat(ItemCodec.encode(lazy)).isEqualTo(bytes).isNotSameAs(bytes);
    assertThat(lazy).isEqualTo(item);
    assertThat(lazy.hashCode()).isEqualTo(item.hashCode());
    assertThat(ItemCodec.pristineBytes(lazy)).as("reads keep the bytes").isSameAs(bytes);
    ItemCodecProperties.assertSameStructure(new AttrValue.M(lazy), new AttrValue.M(item));
    assertThat(lazy.entrySet()).hasSameSizeAs(item.entrySet());
    assertThat(ItemCodec.pristineBytes(lazy)).as("a view was handed out").isNull();
  }

  @Property(tries = 200)
  void aChangedLazyItem_isMeasuredAndEncodedAsChanged(
      @ForAll("items") Map<String, AttrValue> item, @ForAll("strings") String added) {
    Map<String, AttrValue> lazy = ItemCodec.decodeLazily(ItemCodec.encode(item));
    Map<String, AttrValue> expected = new LinkedHashMap<>(item);
    expected.put("added", new AttrValue.S(added));
    lazy.put("added", new AttrValue.S(added));
    assertThat(ItemCodec.pristineBytes(lazy)).isNull();
    assertThat(lazy).isEqualTo(expected);
    assertThat(ItemSize.itemSize(lazy)).isEqualTo(ItemSize.itemSize(expected));
    assertThat(ItemCodec.encode(lazy)).isEqualTo(ItemCodec.encode(expected));
  }

  @Example
  void everyMutator_retiresTheBytes() {
    Map<String, AttrValue> item = new LinkedHashMap<>();
    item.put("a", new AttrValue.S("x"));
    item.put("b", AttrValue.N.parse("12.5"));
    byte[] bytes = ItemCodec.encode(item);
    Map<String, AttrValue> removed = ItemCodec.decodeLazily(bytes);
    removed.remove("a");
    assertThat(ItemCodec.pristineBytes(removed)).isNull();
    assertThat(removed).containsOnlyKeys("b");
    Map<String, AttrValue> cleared = ItemCodec.decodeLazily(bytes);
    cleared.clear();
    assertThat(ItemCodec.pristineBytes(cleared)).isNull();
    assertThat(ItemSize.itemSize(cleared)).isZero();
    Map<String, AttrValue> viaKeys = ItemCodec.decodeLazily(bytes);
    viaKeys.keySet().remove("b");
    assertThat(ItemCodec.pristineBytes(viaKeys)).isNull();
    assertThat(viaKeys).containsOnlyKeys("a");
    Map<String, AttrValue> viaValues = ItemCodec.decodeLazily(bytes);
    viaValues.values().clear();
    assertThat(ItemCodec.pristineBytes(viaValues)).isNull();
    assertThat(viaValues).isEmpty();
    Map<String, AttrValue> merged = ItemCodec.decodeLazily(bytes);
    merged.putAll(Map.of("c", AttrValue.Bool.TRUE));
    assertThat(ItemCodec.pristineBytes(merged)).isNull();
    assertThat(merged).containsOnlyKeys("a", "b", "c");
    Map<String, AttrValue> read = ItemCodec.decodeLazily(bytes);
    assertThat(read.toString()).isEqualTo(item.toString());
    assertThat(read.isEmpty()).isFalse();
    assertThat(read.containsValue(new AttrValue.S("x"))).isTrue();
    assertThat(read.getOrDefault("zz", AttrValue.Null.INSTANCE)).isEqualTo(AttrValue.Null.INSTANCE);
    assertThat(ItemCodec.pristineBytes(read)).isSameAs(bytes);
    assertThat(ItemCodec.pristineBytes(new LinkedHashMap<>(item))).isNull();
  }

  @Property(tries = 2000)
  void numberSizeOfStoredDigits_isTheNumberSize(@ForAll("numbers") BigDecimal n) {
    if (n.unscaledValue().bitLength() < 64) {
      assertThat(ItemSize.numberSize(n.unscaledValue().longValue(), n.scale()))
          .isEqualTo(ItemSize.numberSize(n));
    }
  }

  @Property(tries = 2000)
  void digits_isTheLengthOfTheMagnitude(@ForAll long v) {
    if (v != 0) {
      assertThat(ItemSize.digits(v))
          .isEqualTo(new java.math.BigInteger(Long.toString(v)).abs().toString().length());
    }
  }

  @Provide
  Arbitrary<Map<String, AttrValue>> items() {
    return RandomValues.items();
  }

  /** Random items, and the items that come closest to the bound: lists of small values. */
  @Provide
  Arbitrary<Map<String, AttrValue>> boundItems() {
    Arbitrary<AttrValue> small =
        Arbitraries.of(
            AttrValue.Bool.TRUE,
            AttrValue.Null.INSTANCE,
            new AttrValue.L(List.of()),
            new AttrValue.M(Map.of()),
            AttrValue.N.parse("-12"),
            AttrValue.N.parse("0.5"),
            new AttrValue.S(""));
    Arbitrary<AttrValue> list = small.list().ofMaxSize(200).map(l -> new AttrValue.L(l));
    Arbitrary<AttrValue> nested = list.list().ofMaxSize(3).map(l -> new AttrValue.L(l));
    Arbitrary<Map<String, AttrValue>> closest =
        Arbitraries.oneOf(small, nested, list).map(v -> Map.of("l", v));
    return Arbitraries.oneOf(RandomValues.items(), closest);
  }

  @Provide
  Arbitrary<String> strings() {
    return RandomValues.strings();
  }

  @Provide
  Arbitrary<BigDecimal> numbers() {
    return Arbitraries.oneOf(
        RandomValues.numbers(),
        Arbitraries.longs()
            .map(BigDecimal::valueOf)
            .map(d -> d.scaleByPowerOfTen(-7))
            .map(d -> new AttrValue.N(d).value()));
  }

  @Example
  void aValueThatIsNotAnItem_isRefusedWhenRead_notWhenFirstUsed() {
    byte[] notAnItem = {42, 0, 0, 0, 9, 1};
    assertThatThrownBy(() -> ItemCodec.decodeLazily(notAnItem))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("not an encoded item");
    assertThatThrownBy(() -> ItemCodec.decodeLazily(new byte[0]))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("format byte missing");
  }
}
