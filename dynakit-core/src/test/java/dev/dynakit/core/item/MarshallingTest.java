package dev.dynakit.core.item;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynakit.core.MarshallingException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class MarshallingTest {
  enum Colour {
    RED
  }

  record Point(int x, int y) {}

  private static AttributeValue write(Object value) {
    return Marshalling.toAttributeValue(value);
  }

  @Test
  void scalars_write() {
    assertThat(write("text")).isEqualTo(AttributeValue.fromS("text"));
    assertThat(write(true)).isEqualTo(AttributeValue.fromBool(true));
    assertThat(Marshalling.toAttributeValue(null)).isEqualTo(AttributeValue.fromNul(true));
    assertThat(write('c')).isEqualTo(AttributeValue.fromS("c"));
    assertThat(write(Colour.RED)).isEqualTo(AttributeValue.fromS("RED"));
    UUID id = UUID.randomUUID();
    assertThat(write(id)).isEqualTo(AttributeValue.fromS(id.toString()));
  }

  @Test
  void numbers_writeExactly() {
    assertThat(write(42).n()).isEqualTo("42");
    assertThat(write(Long.MIN_VALUE).n()).isEqualTo("-9223372036854775808");
    assertThat(write((short) 7).n()).isEqualTo("7");
    assertThat(write(0.1).n()).isEqualTo("0.1");
    assertThat(write(0.1f).n()).isEqualTo("0.1");
    assertThat(write(new BigInteger("12345678901234567890123456789012345678")).n())
        .isEqualTo("12345678901234567890123456789012345678");
    assertThat(write(new BigDecimal("1.50")).n()).isEqualTo("1.50");
    assertThat(write(new BigDecimal("1E+100")).n()).isEqualTo("1E+100");
    assertThat(write(new BigDecimal("1E-130")).n()).isEqualTo("1E-130");
  }

  @Test
  void numbers_thatDynamoDbWouldRoundOrRefuse_areRefused() {
    assertThatThrownBy(() -> write(new BigInteger("123456789012345678901234567890123456789")))
        .isInstanceOf(MarshallingException.class)
        .hasMessageContaining("39 significant digits");
    assertThatThrownBy(() -> write(new BigDecimal("1E+126")))
        .isInstanceOf(MarshallingException.class);
    assertThatThrownBy(() -> write(new BigDecimal("1E-131")))
        .isInstanceOf(MarshallingException.class);
    assertThatThrownBy(() -> write(Double.NaN)).isInstanceOf(MarshallingException.class);
    assertThatThrownBy(() -> write(Double.POSITIVE_INFINITY))
        .isInstanceOf(MarshallingException.class);
  }

  @Test
  void binaries_writeFromEveryByteType() {
    SdkBytes expected = SdkBytes.fromByteArray(new byte[] {1, 2});
    assertThat(write(new byte[] {1, 2}).b()).isEqualTo(expected);
    assertThat(write(expected).b()).isEqualTo(expected);
    ByteBuffer buffer = ByteBuffer.wrap(new byte[] {1, 2});
    assertThat(write(buffer).b()).isEqualTo(expected);
    assertThat(buffer.remaining()).as("the buffer is not consumed").isEqualTo(2);
  }

  @Test
  void collections_write() {
    assertThat(write(List.of(1, "a")).l())
        .containsExactly(AttributeValue.fromN("1"), AttributeValue.fromS("a"));
    assertThat(write(new Object[] {"x"}).l()).containsExactly(AttributeValue.fromS("x"));
    assertThat(write(Arrays.asList("a", null)).l())
        .containsExactly(AttributeValue.fromS("a"), AttributeValue.fromNul(true));
    Map<String, Object> map = new LinkedHashMap<>();
    map.put("a", 1);
    map.put("b", null);
    assertThat(write(map).m())
        .containsExactly(
            Map.entry("a", AttributeValue.fromN("1")),
            Map.entry("b", AttributeValue.fromNul(true)));
    assertThat(write(new Point(1, 2)).m())
        .containsExactly(
            Map.entry("x", AttributeValue.fromN("1")), Map.entry("y", AttributeValue.fromN("2")));
    assertThat(write(List.of()).hasL()).isTrue();
    assertThat(write(Map.of()).hasM()).isTrue();
  }

  @Test
  void sets_writeByElementType() {
    assertThat(write(new LinkedHashSet<>(List.of("b", "a"))).ss()).containsExactly("b", "a");
    assertThat(write(Set.of(Colour.RED)).ss()).containsExactly("RED");
    assertThat(
            write(new LinkedHashSet<>(List.of(new BigDecimal("1"), new BigDecimal("1.0"), 2))).ns())
        .containsExactly("1", "2");
    assertThat(write(Set.of(new byte[] {1})).bs())
        .containsExactly(SdkBytes.fromByteArray(new byte[] {1}));
  }

  @Test
  void sets_emptyOrMixed_areRefused() {
    assertThatThrownBy(() -> write(Set.of()))
        .isInstanceOf(MarshallingException.class)
        .hasMessageContaining("no empty sets");
    assertThatThrownBy(() -> write(new LinkedHashSet<>(List.of("a", 1))))
        .isInstanceOf(MarshallingException.class)
        .hasMessageContaining("one type");
    assertThatThrownBy(() -> write(Set.of(List.of(1))))
        .isInstanceOf(MarshallingException.class)
        .hasMessageContaining("use a List");
  }

  @Test
  void unsupportedTypes_nameTheFieldAndSuggestACodec() {
    Map<String, Object> item = Map.of("at", List.of(Instant.EPOCH));
    assertThatThrownBy(() -> Marshalling.toItem(item))
        .isInstanceOf(MarshallingException.class)
        .hasMessageStartingWith("at[0]: ")
        .hasMessageContaining("FieldCodec");
    Map<Object, Object> badKeys = Map.of(1, "x");
    assertThatThrownBy(() -> write(badKeys)).hasMessageContaining("map keys must be strings");
  }

  @Test
  void reads_returnFixedJavaTypes() {
    assertThat(Marshalling.fromAttributeValue(AttributeValue.fromN("42")))
        .isEqualTo(new BigDecimal("42"));
    assertThat(Marshalling.fromAttributeValue(AttributeValue.fromNul(true))).isNull();
    assertThat(Marshalling.fromAttributeValue(AttributeValue.fromBool(false))).isEqualTo(false);
    assertThat(Marshalling.fromAttributeValue(AttributeValue.fromNs(List.of("1", "2.5"))))
        .isEqualTo(Set.of(new BigDecimal("1"), new BigDecimal("2.5")));
    assertThat(Marshalling.fromAttributeValue(AttributeValue.fromSs(List.of("a"))))
        .isEqualTo(Set.of("a"));
    Object list =
        Marshalling.fromAttributeValue(AttributeValue.fromL(List.of(AttributeValue.fromS("a"))));
    assertThat(list).isInstanceOf(ArrayList.class).isEqualTo(List.of("a"));
  }

  @Test
  void items_roundTripInOrder() {
    Map<String, Object> item = new LinkedHashMap<>();
    item.put("id", "c42");
    item.put("n", new BigDecimal("3.14"));
    item.put("tags", new LinkedHashSet<>(List.of("x", "y")));
    item.put("nested", Map.of("deep", List.of(true)));
    Map<String, AttributeValue> stored = Marshalling.toItem(item);
    assertThat(stored.keySet()).containsExactly("id", "n", "tags", "nested");
    assertThat(Marshalling.fromItem(stored)).isEqualTo(item);
  }
}
