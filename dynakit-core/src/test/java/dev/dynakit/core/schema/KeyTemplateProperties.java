package dev.dynakit.core.schema;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

/** Key templates read back exactly whatever the values hold, and padded numbers keep order. */
class KeyTemplateProperties {
  private static final KeyTemplate MIXED = KeyTemplate.of("ORDER#{a}#X{b}#{n:6}#{shard}#{c}");

  @Provide
  Arbitrary<String> values() {
    // the separator, the escape character, what looks like an escape, empty text, and anything
    return Arbitraries.oneOf(
        Arbitraries.strings().withChars("#%23abc5ORDER").ofMaxLength(12),
        Arbitraries.strings().ofMaxLength(20),
        Arbitraries.just(""));
  }

  @Property
  void decompose_ofCompose_givesTheValuesBack(
      @ForAll("values") String a,
      @ForAll("values") String b,
      @ForAll("values") String c,
      @ForAll @LongRange(min = 0, max = 999_999) long n,
      @ForAll @IntRange(min = 0, max = 999) int shard) {
    String key = MIXED.compose(Map.of("a", a, "b", b, "c", c, "n", n), shard);

    assertThat(MIXED.decompose(key))
        .contains(
            Map.of("a", a, "b", b, "c", c, "n", Long.toString(n), KeyTemplate.SHARD, "" + shard));
  }

  @Property
  void paddedKeys_sortLikeTheirNumbers(
      @ForAll @LongRange(min = 0, max = 99_999_999L) long x,
      @ForAll @LongRange(min = 0, max = 99_999_999L) long y) {
    KeyTemplate line = KeyTemplate.of("ITEM#{line:8}");
    String left = line.compose(Map.of("line", BigDecimal.valueOf(x)));
    String right = line.compose(Map.of("line", y));

    assertThat(Integer.signum(utf8Compare(left, right))).isEqualTo(Long.signum(x - y));
  }

  @Property
  void aKeyOfOneTemplate_neverDecomposesUnderAnother(@ForAll("values") String id) {
    String profile = KeyTemplate.of("CUSTOMER#{id}").compose(Map.of("id", id));

    assertThat(KeyTemplate.of("CUSTOMER#{id}#{x}").decompose(profile)).isEmpty();
    assertThat(KeyTemplate.of("ORDER#{id}").decompose(profile)).isEmpty();
  }

  /** DynamoDB compares strings by their UTF-8 bytes, unsigned. */
  private static int utf8Compare(String a, String b) {
    byte[] x = a.getBytes(StandardCharsets.UTF_8);
    byte[] y = b.getBytes(StandardCharsets.UTF_8);
    return java.util.Arrays.compareUnsigned(x, y);
  }
}
