package dev.dynakit.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class ArrayItemMapTest {
  private final Map<String, AttributeValue> map =
      new ArrayItemMap(
          new String[] {"pk", "n", "ok"},
          new AttributeValue[] {
            AttributeValue.fromS("a"), AttributeValue.fromN("1"), AttributeValue.fromBool(true)
          });

  private static Map<String, AttributeValue> expected() {
    Map<String, AttributeValue> expected = new LinkedHashMap<>();
    expected.put("pk", AttributeValue.fromS("a"));
    expected.put("n", AttributeValue.fromN("1"));
    expected.put("ok", AttributeValue.fromBool(true));
    return expected;
  }

  @Test
  void behavesAsTheSameLinkedHashMap() {
    assertThat(map).isEqualTo(expected()).hasSameHashCodeAs(expected());
    assertThat(expected()).isEqualTo(map);
    assertThat(map).hasSize(3);
    assertThat(map.get("n")).isEqualTo(AttributeValue.fromN("1"));
    assertThat(map.get("missing")).isNull();
    assertThat(map.containsKey("ok")).isTrue();
    assertThat(map.containsKey("OK")).isFalse();
    assertThat(map.keySet()).containsExactly("pk", "n", "ok");
    assertThat(map.toString()).isEqualTo(expected().toString());
  }

  @Test
  void forEach_visitsInOrder() {
    List<String> seen = new ArrayList<>();
    map.forEach((name, value) -> seen.add(name + "=" + value));

    assertThat(seen)
        .containsExactly("pk=" + map.get("pk"), "n=" + map.get("n"), "ok=" + map.get("ok"));
  }

  @Test
  void cannotBeChanged() {
    assertThatThrownBy(() -> map.put("x", AttributeValue.fromS("y")))
        .isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> map.remove("pk")).isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> map.entrySet().iterator().next().setValue(null))
        .isInstanceOf(UnsupportedOperationException.class);
    assertThat(map).isEqualTo(expected());
  }
}
