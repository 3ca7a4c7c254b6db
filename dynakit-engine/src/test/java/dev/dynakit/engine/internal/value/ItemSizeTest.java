package dev.dynakit.engine.internal.value;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Sizes by the rules of "Item sizes and formats" in the DynamoDB developer guide. */
class ItemSizeTest {

  @Test
  void itemSize_shirtExampleFromTheCapacityDocs_is23Bytes() {
    // "an item with two attributes: shirt-color = R and shirt-size = M ... 23 bytes"
    Map<String, AttrValue> item = new LinkedHashMap<>();
    item.put("shirt-color", new AttrValue.S("R"));
    item.put("shirt-size", new AttrValue.S("M"));
    assertThat(ItemSize.itemSize(item)).isEqualTo(23);
  }

  @Test
  void strings_andNames_countUtf8Bytes() {
    // name: 'ü' is 2 bytes; value: '€' 3 bytes, an emoji 4 bytes, 'a' 1 byte
    assertThat(ItemSize.itemSize(Map.of("\u00fc", new AttrValue.S("\u20ac\ud83d\ude00a"))))
        .isEqualTo(2 + 8);
  }

  @Test
  void binaries_countRawBytes_notBase64() {
    AttrValue b = new AttrValue.B(Binary.fromBase64("AAECAwQ=")); // 5 raw bytes, 8 in base64
    assertThat(ItemSize.itemSize(Map.of("bin", b))).isEqualTo(3 + 5);
  }

  @Test
  void booleansAndNulls_areOneByte() {
    assertThat(ItemSize.itemSize(Map.of("ok", AttrValue.Bool.TRUE))).isEqualTo(3);
    assertThat(ItemSize.itemSize(Map.of("gone", AttrValue.Null.INSTANCE))).isEqualTo(5);
  }

  @ParameterizedTest(name = "{0} takes {1} bytes")
  @CsvSource({
    "0, 1",
    "1, 2",
    "12, 2",
    "123, 3",
    "1234, 3",
    "1.2, 3",
    "0.1, 2",
    "0.01, 2",
    "120, 3",
    "00120.00, 3",
    "1000, 2",
    "-1, 3",
    "-12.5, 4",
    "1E-130, 2",
    "12345678901234567890123456789012345678, 20",
    "9.9999999999999999999999999999999999999E+125, 20",
    "-9.9999999999999999999999999999999999999E+125, 21",
  })
  void numbers_takeAByteForEachPairOfDigits_plusOne(String text, long bytes) {
    // About one byte per two significant digits plus one (leading and trailing zeros trimmed);
    // exactly: pairs aligned on the decimal point, plus one more byte for negative numbers.
    assertThat(ItemSize.valueSize(AttrValue.N.parse(text))).isEqualTo(bytes);
  }

  @Test
  void emptyListsAndMaps_takeThreeBytes() {
    assertThat(ItemSize.itemSize(Map.of("l", new AttrValue.L(List.of())))).isEqualTo(1 + 3);
    assertThat(ItemSize.itemSize(Map.of("m", new AttrValue.M(Map.of())))).isEqualTo(1 + 3);
  }

  @Test
  void listElements_takeOneByteEach_plusTheirSize() {
    AttrValue list =
        new AttrValue.L(
            List.of(new AttrValue.S("ab"), AttrValue.N.parse("7"), AttrValue.Bool.TRUE));
    // 3 overhead + (1 + 2) + (1 + 2) + (1 + 1)
    assertThat(ItemSize.valueSize(list)).isEqualTo(3 + 3 + 3 + 2);
  }

  @Test
  void mapElements_takeOneByteEach_plusNameAndValue() {
    Map<String, AttrValue> inner = new LinkedHashMap<>();
    inner.put("k", new AttrValue.S("vv"));
    inner.put("nested", new AttrValue.M(Map.of("x", AttrValue.Null.INSTANCE)));
    // inner map of "nested": 3 + (1 + 1 + 1) = 6
    // outer: 3 + (1 + 1 + 2) + (1 + 6 + 6)
    assertThat(ItemSize.valueSize(new AttrValue.M(inner))).isEqualTo(3 + 4 + 13);
    assertThat(ItemSize.itemSize(Map.of("doc", new AttrValue.M(inner)))).isEqualTo(3 + 20);
  }

  @Test
  void sets_areTheSumOfTheirElements() {
    assertThat(ItemSize.valueSize(new AttrValue.SS(List.of("ab", "\u00e9")))).isEqualTo(2 + 2);
    assertThat(
            ItemSize.valueSize(
                new AttrValue.NS(List.of(new BigDecimal("1"), new BigDecimal("-12.5")))))
        .isEqualTo(2 + 4);
    assertThat(
            ItemSize.valueSize(
                new AttrValue.BS(List.of(Binary.of(new byte[3]), Binary.of(new byte[1])))))
        .isEqualTo(4);
  }

  @Test
  void maxItemBytes_is400KiB() {
    assertThat(ItemSize.MAX_ITEM_BYTES).isEqualTo(409_600);
    Map<String, AttrValue> atLimit = Map.of("a", new AttrValue.S("x".repeat(409_599)));
    assertThat(ItemSize.itemSize(atLimit)).isEqualTo(ItemSize.MAX_ITEM_BYTES);
  }
}
