package dev.dynakit.core.item;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import software.amazon.awssdk.core.SdkBytes;

/** Every storable value reads back as itself (numbers by value, whatever Java type was written). */
class MarshallingProperties {

  @Provide
  Arbitrary<BigDecimal> numbers() {
    Arbitrary<BigInteger> unscaled =
        Arbitraries.bigIntegers()
            .between(
                new BigInteger("-99999999999999999999999999999999999999"),
                new BigInteger("99999999999999999999999999999999999999"));
    return net.jqwik.api.Combinators.combine(unscaled, Arbitraries.integers().between(-80, 80))
        .as(BigDecimal::new);
  }

  @Provide
  Arbitrary<Object> values() {
    return values(3);
  }

  /** Nesting is bounded: unbounded recursion makes the expected value size infinite. */
  private Arbitrary<Object> values(int depth) {
    if (depth == 0) {
      return Arbitraries.oneOf(scalar(), set());
    }
    return Arbitraries.frequencyOf(
        net.jqwik.api.Tuple.of(4, scalar()),
        net.jqwik.api.Tuple.of(1, set()),
        net.jqwik.api.Tuple.of(1, list(depth - 1)),
        net.jqwik.api.Tuple.of(1, map(depth - 1)));
  }

  private Arbitrary<Object> scalar() {
    return Arbitraries.oneOf(
        Arbitraries.strings().ofMaxLength(12).map(s -> (Object) s),
        numbers().map(n -> (Object) n),
        Arbitraries.of(true, false).map(b -> (Object) b),
        Arbitraries.just(null),
        Arbitraries.bytes()
            .array(byte[].class)
            .ofMaxSize(6)
            .map(b -> (Object) SdkBytes.fromByteArray(b)));
  }

  private Arbitrary<Object> list(int depth) {
    return values(depth).list().ofMaxSize(4).map(l -> (Object) new ArrayList<>(l));
  }

  private Arbitrary<Object> map(int depth) {
    return Arbitraries.maps(
            Arbitraries.strings().alpha().ofMinLength(1).ofMaxLength(5), values(depth))
        .ofMaxSize(4)
        .map(m -> (Object) new LinkedHashMap<>(m));
  }

  private Arbitrary<Object> set() {
    return Arbitraries.oneOf(
        Arbitraries.strings()
            .ofMaxLength(5)
            .set()
            .ofMinSize(1)
            .ofMaxSize(4)
            .map(s -> (Object) new LinkedHashSet<>(s)),
        Arbitraries.integers()
            .set()
            .ofMinSize(1)
            .ofMaxSize(4)
            .map(MarshallingProperties::asDecimals),
        Arbitraries.bytes()
            .array(byte[].class)
            .ofMaxSize(3)
            .map(SdkBytes::fromByteArray)
            .set()
            .ofMinSize(1)
            .ofMaxSize(3)
            .map(s -> (Object) new LinkedHashSet<>(s)));
  }

  private static Object asDecimals(Set<Integer> ints) {
    Set<BigDecimal> out = new LinkedHashSet<>();
    ints.forEach(i -> out.add(BigDecimal.valueOf(i)));
    return out;
  }

  @Property(tries = 300)
  void anyValue_roundTrips(@ForAll("values") Object value) {
    Object back = Marshalling.fromAttributeValue(Marshalling.toAttributeValue(value));
    assertThat(normalise(back)).isEqualTo(normalise(value));
  }

  @Property
  void anyNumber_roundTripsExactly(@ForAll("numbers") BigDecimal number) {
    Object back = Marshalling.fromAttributeValue(Marshalling.toAttributeValue(number));
    assertThat((BigDecimal) back).isEqualByComparingTo(number);
  }

  @Property
  void javaNumbers_keepTheirValue(@ForAll long l, @ForAll int i, @ForAll double d) {
    assertThat((BigDecimal) Marshalling.fromAttributeValue(Marshalling.toAttributeValue(l)))
        .isEqualByComparingTo(BigDecimal.valueOf(l));
    assertThat((BigDecimal) Marshalling.fromAttributeValue(Marshalling.toAttributeValue(i)))
        .isEqualByComparingTo(BigDecimal.valueOf(i));
    if (Double.isFinite(d) && (d == 0 || (Math.abs(d) > 1e-120 && Math.abs(d) < 1e120))) {
      BigDecimal back =
          (BigDecimal) Marshalling.fromAttributeValue(Marshalling.toAttributeValue(d));
      assertThat(back.doubleValue()).isEqualTo(d == 0 ? 0.0 : d);
    }
  }

  /** Numbers compare by value; everything else by equals. */
  private static Object normalise(Object value) {
    if (value instanceof BigDecimal) {
      BigDecimal number = (BigDecimal) value;
      return number.signum() == 0 ? BigDecimal.ZERO : number.stripTrailingZeros();
    }
    if (value instanceof List) {
      List<Object> out = new ArrayList<>();
      ((List<?>) value).forEach(v -> out.add(normalise(v)));
      return out;
    }
    if (value instanceof Set) {
      Set<Object> out = new LinkedHashSet<>();
      ((Set<?>) value).forEach(v -> out.add(normalise(v)));
      return out;
    }
    if (value instanceof Map) {
      Map<Object, Object> out = new LinkedHashMap<>();
      ((Map<?, ?>) value).forEach((k, v) -> out.put(k, normalise(v)));
      return out;
    }
    return value;
  }
}
