package dev.dynakit.engine.internal.item;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynakit.engine.internal.value.AttrValue;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class KeyAttributesTest {
  private static final AttrValue P = new AttrValue.S("p1");
  private static final AttrValue S = AttrValue.N.parse("7");

  @Test
  void aPartitionKeyAlone_isTheMapOfItsOneAttribute() {
    assertSameAs(KeyAttributes.of("pk", P), Map.of("pk", P));
  }

  @Test
  void bothKeys_areInOrder_partitionKeyFirst() {
    Map<String, AttrValue> expected = new LinkedHashMap<>();
    expected.put("zz", P);
    expected.put("aa", S);
    KeyAttributes key = KeyAttributes.of("zz", P, "aa", S);
    assertSameAs(key, expected);
    assertThat(new ArrayList<>(key.keySet())).containsExactly("zz", "aa");
    List<String> walked = new ArrayList<>();
    key.forEach((name, value) -> walked.add(name + "=" + value));
    assertThat(walked).containsExactly("zz=" + P, "aa=" + S);
  }

  @Test
  void twoAttributesOfOneName_areRefused() {
    assertThatThrownBy(() -> KeyAttributes.of("k", P, "k", S))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("share the name k");
  }

  @Test
  void primaryKeys_fromTheFactory_keepTheirMap() {
    KeyAttributes attrs = KeyAttributes.of("pk", P);
    assertThat(new PrimaryKey(attrs, new byte[] {1}, 0).attributes()).isSameAs(attrs);
    Map<String, AttrValue> other = new LinkedHashMap<>(Map.of("pk", P));
    Map<String, AttrValue> viewed = new PrimaryKey(other, new byte[] {1}, 0).attributes();
    assertThat(viewed).isNotSameAs(other).isEqualTo(other);
    assertThatThrownBy(viewed::clear).isInstanceOf(UnsupportedOperationException.class);
  }

  private static void assertSameAs(Map<String, AttrValue> actual, Map<String, AttrValue> expected) {
    assertThat(actual).isEqualTo(expected);
    assertThat(expected).isEqualTo(actual);
    assertThat(actual.hashCode()).isEqualTo(expected.hashCode());
    assertThat(actual.toString()).isEqualTo(expected.toString());
    assertThat(actual.size()).isEqualTo(expected.size());
    for (String name : List.of("pk", "zz", "aa", "other")) {
      assertThat(actual.get(name)).isEqualTo(expected.get(name));
      assertThat(actual.containsKey(name)).isEqualTo(expected.containsKey(name));
    }
    assertThat(new ArrayList<>(actual.entrySet())).isEqualTo(new ArrayList<>(expected.entrySet()));
  }
}
