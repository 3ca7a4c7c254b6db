package dev.dynakit.engine.internal.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
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

/** Request bodies parse into the tree they were written from, members in their order. */
class JsonParseProperties {

  @Property(tries = 300)
  void parse_ofWrite_isTheTree(@ForAll("objects") Map<String, Object> tree) {
    Map<String, Object> back = Json.parseObject(Json.write(tree));
    assertThat(back).isEqualTo(tree);
    assertSameOrder(back, tree);
  }

  @Example
  void repeatedNames_keepTheirFirstPlaceAndLastValue() {
    for (String body :
        List.of(
            "{\"a\":1,\"b\":2,\"a\":3}",
            "{\"a\":1,\"b\":2,\"c\":3,\"d\":4,\"e\":5,\"f\":6,\"g\":7,\"h\":8,\"a\":9,"
                + "\"i\":10,\"b\":11}")) {
      Map<String, Object> parsed = Json.parseObject(body.getBytes(StandardCharsets.UTF_8));
      Map<String, Object> expected = new LinkedHashMap<>();
      String[] members = body.substring(1, body.length() - 1).split(",");
      for (String m : members) {
        String[] kv = m.split(":");
        expected.put(kv[0].replace("\"", ""), Long.parseLong(kv[1]));
      }
      assertThat(parsed).isEqualTo(expected);
      assertSameOrder(parsed, expected);
    }
  }

  private static void assertSameOrder(Object actual, Object expected) {
    if (expected instanceof Map<?, ?> m) {
      List<Object> actualNames = new ArrayList<>(((Map<?, ?>) actual).keySet());
      List<Object> expectedNames = new ArrayList<>(m.keySet());
      assertThat(actualNames).isEqualTo(expectedNames);
      for (Map.Entry<?, ?> e : m.entrySet()) {
        assertSameOrder(((Map<?, ?>) actual).get(e.getKey()), e.getValue());
      }
    } else if (expected instanceof List<?> l) {
      for (int i = 0; i < l.size(); i++) {
        assertSameOrder(((List<?>) actual).get(i), l.get(i));
      }
    }
  }

  @Provide
  @SuppressWarnings("unchecked")
  Arbitrary<Map<String, Object>> objects() {
    return object(3).map(o -> (Map<String, Object>) o);
  }

  private static Arbitrary<Object> object(int depth) {
    return Combinators.combine(
            Arbitraries.strings().ofMaxLength(6).list().ofMaxSize(12),
            value(depth).list().ofSize(12))
        .as(
            (names, values) -> {
              Map<String, Object> m = new LinkedHashMap<>();
              for (int i = 0; i < names.size(); i++) {
                m.put(names.get(i), values.get(i));
              }
              return m;
            });
  }

  private static Arbitrary<Object> value(int depth) {
    Arbitrary<Object> scalars =
        Arbitraries.oneOf(
            Arbitraries.strings().ofMaxLength(10).map(s -> (Object) s),
            Arbitraries.longs().map(l -> (Object) l),
            Arbitraries.of(Boolean.TRUE, Boolean.FALSE),
            Arbitraries.just(null));
    if (depth == 0) {
      return scalars;
    }
    return Arbitraries.frequencyOf(
        Tuple.of(4, scalars),
        Tuple.of(2, Arbitraries.lazy(() -> object(depth - 1))),
        Tuple.of(
            1,
            Arbitraries.lazy(() -> value(depth - 1))
                .list()
                .ofMaxSize(3)
                .map(l -> (Object) new ArrayList<>(l))));
  }
}
