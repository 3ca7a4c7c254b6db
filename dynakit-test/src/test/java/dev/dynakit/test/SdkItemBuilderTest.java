package dev.dynakit.test;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.engine.internal.value.AttrValue;
import dev.dynakit.engine.internal.value.Binary;
import dev.dynakit.engine.internal.value.ItemCodec;
import dev.dynakit.engine.internal.value.Numbers;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The builder gives, item after item, the SDK values that converting the decoded item gives: one
 * builder over a page of items whose names and values repeat, as a Query page does.
 */
class SdkItemBuilderTest {
  @Property(tries = 200)
  void item_pageOfItems_sameAsConvertingTheDecodedItems(
      @ForAll("pages") List<Map<String, AttrValue>> page) {
    SdkItemBuilder builder = new SdkItemBuilder(new NameTable(8, 16));
    for (Map<String, AttrValue> item : page) {
      Map<String, AttributeValue> built = builder.item(ItemCodec.encode(item));

      assertThat(built).isEqualTo(converted(item));
      assertThat(built.keySet()).containsExactlyElementsOf(item.keySet());
    }
  }

  @Test
  void item_everyKindOfValue_sameAsConvertingTheDecodedItem() {
    Map<String, AttrValue> inner = new LinkedHashMap<>();
    inner.put("deep", new AttrValue.M(Map.of("x", AttrValue.Bool.FALSE)));
    inner.put("empty", new AttrValue.S(""));
    Map<String, AttrValue> item = new LinkedHashMap<>();
    item.put("s", new AttrValue.S("text ü 名"));
    item.put("n", number("-12.5"));
    item.put("big", number("-1.2345678901234567890123456789012345678E+125"));
    item.put("tiny", number("1E-130"));
    item.put("b", new AttrValue.B(Binary.of(new byte[] {0, (byte) 255, 7})));
    item.put("t", AttrValue.Bool.TRUE);
    item.put("f", AttrValue.Bool.FALSE);
    item.put("nul", AttrValue.Null.INSTANCE);
    item.put("ss", new AttrValue.SS(List.of("b", "a")));
    item.put(
        "ns",
        new AttrValue.NS(
            List.of(new BigDecimal("1"), new BigDecimal("2.5"), new BigDecimal("-3e40"))));
    item.put("bs", new AttrValue.BS(List.of(Binary.of(new byte[] {1}), Binary.of(new byte[0]))));
    item.put(
        "l",
        new AttrValue.L(
            List.of(
                new AttrValue.S("one"), new AttrValue.L(List.of()), new AttrValue.M(Map.of()))));
    item.put("m", new AttrValue.M(inner));

    Map<String, AttributeValue> built = new SdkItemBuilder().item(ItemCodec.encode(item));

    assertThat(built).isEqualTo(converted(item));
    assertThat(built.get("t")).isSameAs(new SdkItemBuilder().item(ItemCodec.encode(item)).get("t"));
  }

  @Test
  void item_valueRepeatedFromThePreviousItem_isTakenAgain() {
    SdkItemBuilder builder = new SdkItemBuilder();
    Map<String, AttributeValue> first =
        builder.item(ItemCodec.encode(item("pk", new AttrValue.S("q"), "n", number("12.5"))));
    Map<String, AttributeValue> second =
        builder.item(ItemCodec.encode(item("pk", new AttrValue.S("q"), "n", number("12.5"))));
    Map<String, AttributeValue> other =
        builder.item(ItemCodec.encode(item("pk", new AttrValue.S("r"), "n", number("12.6"))));

    assertThat(second.get("pk")).isSameAs(first.get("pk"));
    assertThat(second.get("n")).isSameAs(first.get("n"));
    assertThat(other.get("pk")).isEqualTo(AttributeValue.fromS("r"));
    assertThat(other.get("n")).isEqualTo(AttributeValue.fromN("12.6"));
  }

  @Test
  void item_sameTextOfAnotherKindOrName_isBuiltAfresh() {
    SdkItemBuilder builder = new SdkItemBuilder();
    builder.item(ItemCodec.encode(item("a", new AttrValue.S("1"), "b", number("7"))));

    Map<String, AttributeValue> swapped =
        builder.item(ItemCodec.encode(item("a", number("1"), "b", new AttrValue.S("7"))));
    Map<String, AttributeValue> renamed =
        builder.item(ItemCodec.encode(item("c", new AttrValue.S("1"), "d", number("7"))));

    assertThat(swapped)
        .isEqualTo(Map.of("a", AttributeValue.fromN("1"), "b", AttributeValue.fromS("7")));
    assertThat(renamed)
        .isEqualTo(Map.of("c", AttributeValue.fromS("1"), "d", AttributeValue.fromN("7")));
  }

  @Test
  void item_widerThanRemembered_andLongNamesAndValues_stillBuiltRight() {
    SdkItemBuilder builder = new SdkItemBuilder();
    String longName = "n".repeat(Repeats.MAX_BYTES + 1);
    String longText = "t".repeat(Repeats.MAX_BYTES + 1);
    for (int round = 0; round < 3; round++) {
      Map<String, AttrValue> item = new LinkedHashMap<>();
      item.put(longName, new AttrValue.S("under a long name"));
      item.put("long", new AttrValue.S(longText));
      for (int i = 0; i < Repeats.POSITIONS + 8; i++) {
        item.put("a" + i, i % 2 == 0 ? new AttrValue.S("v" + i) : number(Integer.toString(i)));
      }

      Map<String, AttributeValue> built = builder.item(ItemCodec.encode(item));

      assertThat(built).isEqualTo(converted(item));
      assertThat(built.keySet()).containsExactlyElementsOf(item.keySet());
    }
  }

  private static Map<String, AttrValue> item(
      String name1, AttrValue value1, String name2, AttrValue value2) {
    Map<String, AttrValue> item = new LinkedHashMap<>();
    item.put(name1, value1);
    item.put(name2, value2);
    return item;
  }

  private static Map<String, AttributeValue> converted(Map<String, AttrValue> item) {
    return ModelTrees.attributeValue(new AttrValue.M(item)).m();
  }

  private static AttrValue.N number(String text) {
    return new AttrValue.N(Numbers.parse(text));
  }

  @Provide
  Arbitrary<List<Map<String, AttrValue>>> pages() {
    return items().list().ofMinSize(1).ofMaxSize(8);
  }

  private static Arbitrary<Map<String, AttrValue>> items() {
    return Arbitraries.maps(names(), value(1)).ofMaxSize(6);
  }

  // few names and values, so that they repeat between the items of a page
  private static Arbitrary<String> names() {
    return Arbitraries.oneOf(
        Arbitraries.of("pk", "sk", "n", "größe", "名前"),
        Arbitraries.strings().alpha().ofMinLength(1).ofMaxLength(20));
  }

  private static Arbitrary<AttrValue> value(int depth) {
    Arbitrary<AttrValue> scalar =
        Arbitraries.oneOf(
            Arbitraries.of("", "a", "same", "ü").map(AttrValue.S::new),
            Arbitraries.strings().ofMaxLength(6).map(AttrValue.S::new),
            numbers().map(AttrValue.N::new),
            Arbitraries.bytes()
                .array(byte[].class)
                .ofMaxSize(4)
                .map(b -> new AttrValue.B(Binary.of(b))),
            Arbitraries.of(AttrValue.Bool.TRUE, AttrValue.Bool.FALSE, AttrValue.Null.INSTANCE),
            Arbitraries.of("x", "y", "z").list().ofMinSize(1).ofMaxSize(3).map(AttrValue.SS::new),
            numbers().list().ofMinSize(1).ofMaxSize(3).map(AttrValue.NS::new));
    if (depth == 0) {
      return scalar;
    }
    Arbitrary<AttrValue> nested = value(depth - 1);
    return Arbitraries.frequencyOf(
        Tuple.of(6, scalar),
        Tuple.of(1, nested.list().ofMaxSize(3).map(l -> new AttrValue.L(new ArrayList<>(l)))),
        Tuple.of(1, Arbitraries.maps(names(), nested).ofMaxSize(3).map(AttrValue.M::new)));
  }

  /** Canonical numbers of every shape: longs, decimals, beyond a long, repeated ones. */
  private static Arbitrary<BigDecimal> numbers() {
    return Arbitraries.oneOf(
            Arbitraries.of("0", "1", "-1", "12345", "0.5", "1E+10", "-7.25"),
            Arbitraries.longs().map(String::valueOf),
            Arbitraries.integers().between(-40, 40).map(s -> BigDecimal.valueOf(123, s).toString()),
            Arbitraries.bigIntegers()
                .between(BigInteger.TEN.pow(19), BigInteger.TEN.pow(37))
                .map(String::valueOf))
        .map(Numbers::parse);
  }
}
