package dev.dynakit.core.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynakit.core.MalformedKeyException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.From;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/** The structural key keeps order, reads back, and never lets a value leave its place. */
class KeyEncoderProperties {
  private static final TableSpec NUMERIC =
      TableSpec.builder("numbers")
          .keyFields(KeyField.number("a", 4), KeyField.number("b", 6), KeyField.number("c", 3))
          .structuralKey("_sk")
          .build();

  private static final TableSpec ESCAPING =
      TableSpec.builder("texts")
          .keyFields(KeyField.string("a"), KeyField.string("b"), KeyField.string("c"))
          .structuralKey(new StructuralKey("_sk", "|#", SeparatorPolicy.ESCAPE))
          .build();

  private static final TableSpec REJECTING =
      TableSpec.builder("texts")
          .keyFields(KeyField.string("a"), KeyField.string("b"), KeyField.string("c"))
          .structuralKey("_sk", "|")
          .build();

  /** DynamoDB compares strings by their UTF-8 bytes, unsigned. */
  private static int utf8Compare(String x, String y) {
    byte[] a = x.getBytes(StandardCharsets.UTF_8);
    byte[] b = y.getBytes(StandardCharsets.UTF_8);
    return java.util.Arrays.compareUnsigned(a, b);
  }

  @Provide
  Arbitrary<List<Integer>> numericPaths() {
    return Arbitraries.integers()
        .between(0, 999)
        .list()
        .ofMinSize(1)
        .ofMaxSize(3)
        .map(
            values -> {
              List<Integer> bounded = new ArrayList<>(values);
              if (bounded.size() > 0) {
                bounded.set(0, bounded.get(0) % 10000);
              }
              return bounded;
            });
  }

  @Provide
  Arbitrary<String> anyText() {
    return Arbitraries.strings()
        .withChars("ab|#%0A")
        .withCharRange('\u0000', '\u024F')
        .ofMaxLength(8);
  }

  @Provide
  Arbitrary<String> plainText() {
    return Arbitraries.strings().withChars("abcxyzABC019-_ é").ofMaxLength(6);
  }

  @Property
  void numericTiers_sameDepth_textOrderIsNumericOrder(
      @ForAll @IntRange(max = 9999) int a1,
      @ForAll @IntRange(max = 999999) int b1,
      @ForAll @IntRange(max = 9999) int a2,
      @ForAll @IntRange(max = 999999) int b2) {
    KeyEncoder encoder = NUMERIC.keyEncoder();
    String x = encoder.encodePath(List.of(a1, b1));
    String y = encoder.encodePath(List.of(a2, b2));
    int expected = a1 != a2 ? Integer.compare(a1, a2) : Integer.compare(b1, b2);
    assertThat(Integer.signum(utf8Compare(x, y))).isEqualTo(Integer.signum(expected));
  }

  @Property
  void siblings_textOrderIsValueOrder(
      @ForAll("plainText") String parent,
      @ForAll("plainText") String x,
      @ForAll("plainText") String y) {
    KeyEncoder encoder = REJECTING.keyEncoder();
    String ex = encoder.encodePath(List.of(parent, x));
    String ey = encoder.encodePath(List.of(parent, y));
    assertThat(Integer.signum(utf8Compare(ex, ey))).isEqualTo(Integer.signum(utf8Compare(x, y)));
  }

  @Property
  void parent_sortsBeforeItsChildren(
      @ForAll("plainText") String parent, @ForAll("plainText") String child) {
    KeyEncoder encoder = REJECTING.keyEncoder();
    assertThat(
            utf8Compare(
                encoder.encodePath(List.of(parent)), encoder.encodePath(List.of(parent, child))))
        .isNegative();
  }

  @Property
  void escaping_roundTripsAnyText(
      @ForAll @Size(min = 1, max = 3) List<@From("anyText") String> path) {
    KeyEncoder encoder = ESCAPING.keyEncoder();
    assertThat(encoder.decode(encoder.encodePath(path))).isEqualTo(path);
  }

  @Property
  void numeric_roundTrips(@ForAll("numericPaths") List<Integer> path) {
    KeyEncoder encoder = NUMERIC.keyEncoder();
    List<Object> decoded = encoder.decode(encoder.encodePath(path));
    List<BigDecimal> expected = new ArrayList<>();
    path.forEach(value -> expected.add(BigDecimal.valueOf(value)));
    assertThat(decoded).isEqualTo(expected);
  }

  /**
   * For any two paths: the second's key starts with the first's key plus the separator exactly when
   * the second lies below the first. A separator inside a value can never fake a parent.
   */
  @Property
  void escaping_childPrefixMatchesExactlyTheDescendants(
      @ForAll @Size(min = 1, max = 3) List<@From("anyText") String> parent,
      @ForAll @Size(min = 1, max = 3) List<@From("anyText") String> other) {
    KeyEncoder encoder = ESCAPING.keyEncoder();
    String separator = ESCAPING.structuralKey().separator();
    boolean prefixMatches =
        encoder.encodePath(other).startsWith(encoder.encodePath(parent) + separator);
    boolean descendant =
        other.size() > parent.size() && other.subList(0, parent.size()).equals(parent);
    assertThat(prefixMatches).isEqualTo(descendant);
  }

  @Property
  void rejecting_acceptedValuesKeepTheHierarchy(
      @ForAll @Size(min = 1, max = 3) List<@From("anyText") String> parent,
      @ForAll @Size(min = 1, max = 3) List<@From("anyText") String> other) {
    KeyEncoder encoder = REJECTING.keyEncoder();
    boolean parentHasSeparator = parent.stream().anyMatch(v -> v.contains("|"));
    boolean otherHasSeparator = other.stream().anyMatch(v -> v.contains("|"));
    if (parentHasSeparator) {
      assertThatThrownBy(() -> encoder.encodePath(parent))
          .isInstanceOf(MalformedKeyException.class);
      return;
    }
    if (otherHasSeparator) {
      assertThatThrownBy(() -> encoder.encodePath(other)).isInstanceOf(MalformedKeyException.class);
      return;
    }
    boolean prefixMatches = encoder.encodePath(other).startsWith(encoder.encodePath(parent) + "|");
    boolean descendant =
        other.size() > parent.size() && other.subList(0, parent.size()).equals(parent);
    assertThat(prefixMatches).isEqualTo(descendant);
    assertThat(encoder.decode(encoder.encodePath(other))).isEqualTo(other);
  }
}
