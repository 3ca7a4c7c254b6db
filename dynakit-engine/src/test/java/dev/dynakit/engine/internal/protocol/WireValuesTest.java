package dev.dynakit.engine.internal.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.internal.value.AttrValue;
import java.math.BigDecimal;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WireValuesTest {
  @Test
  void item_ofReadyValuesInASmallObject_isThatObject() {
    SmallObject item = new SmallObject(2);
    item.append("pk", new AttrValue.S("a"));
    item.append("n", new AttrValue.N(BigDecimal.ONE));

    Map<String, AttrValue> read = WireValues.item(item);

    assertThat(read).isSameAs(item);
    assertThat(read)
        .containsExactly(
            Map.entry("pk", new AttrValue.S("a")), Map.entry("n", new AttrValue.N(BigDecimal.ONE)));
  }

  @Test
  void item_withAnyValueInJsonForm_isReadIntoANewMapInOrder() {
    SmallObject item = new SmallObject(2);
    item.append("pk", new AttrValue.S("a"));
    item.append("n", Map.of("N", "1.50"));

    Map<String, AttrValue> read = WireValues.item(item);

    assertThat(read).isNotSameAs(item);
    assertThat(read)
        .containsExactly(
            Map.entry("pk", new AttrValue.S("a")),
            Map.entry("n", new AttrValue.N(new BigDecimal("1.5"))));
  }

  @Test
  void item_withANullOrMalformedValue_isRefusedAsDynamoDbDoes() {
    SmallObject withNull = new SmallObject(1);
    withNull.append("pk", null);
    SmallObject empty = new SmallObject(1);
    empty.append("pk", Map.of());

    assertThatThrownBy(() -> WireValues.item(withNull)).isInstanceOf(EngineException.class);
    assertThatThrownBy(() -> WireValues.item(empty))
        .isInstanceOf(EngineException.class)
        .hasMessageContaining("Supplied AttributeValue is empty");
  }

  @Test
  void binary_thatIsNotPaddedBase64_isASerializationError() {
    assertThat(WireValues.value(Map.of("B", "YWJj")))
        .isEqualTo(new AttrValue.B(dev.dynakit.engine.internal.value.Binary.fromBase64("YWJj")));
    for (String unpadded : new String[] {"abc", "YWJjZA", "YQ"}) {
      assertThatThrownBy(() -> WireValues.value(Map.of("B", unpadded)))
          .isInstanceOfSatisfying(
              EngineException.class,
              e -> {
                assertThat(e.type()).isEqualTo(dev.dynakit.engine.error.ErrorType.SERIALIZATION);
                assertThat(e.getMessage())
                    .isEqualTo(
                        "Base64 encoded length is expected a multiple of 4 bytes but found: "
                            + unpadded.length());
              });
    }
    assertThatThrownBy(() -> WireValues.value(Map.of("B", "ab$=")))
        .isInstanceOfSatisfying(
            EngineException.class,
            e -> assertThat(e.type()).isEqualTo(dev.dynakit.engine.error.ErrorType.SERIALIZATION));
  }
}
