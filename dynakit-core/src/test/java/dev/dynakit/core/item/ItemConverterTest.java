package dev.dynakit.core.item;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynakit.core.MarshallingException;
import java.net.URI;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class ItemConverterTest {
  private static final ItemConverter CONVERTER =
      ItemConverter.of(Map.of("at", FieldCodecs.instantEpochSeconds(), "site", FieldCodecs.uri()));

  @Test
  void write_appliesCodecs_read_decodesThem() {
    Map<String, Object> item =
        Map.of("id", "x", "at", Instant.ofEpochSecond(7), "site", URI.create("urn:a"));
    Map<String, AttributeValue> stored = CONVERTER.toAttributes(item);
    assertThat(stored.get("at")).isEqualTo(AttributeValue.fromN("7"));
    assertThat(stored.get("site")).isEqualTo(AttributeValue.fromS("urn:a"));
    assertThat(CONVERTER.fromAttributes(stored)).isEqualTo(item);
  }

  @Test
  void write_acceptsTheStoredFormToo() {
    assertThat(CONVERTER.toAttributes(Map.of("at", 7)).get("at"))
        .isEqualTo(AttributeValue.fromN("7"));
  }

  @Test
  void write_badValue_namesTheField() {
    assertThatThrownBy(() -> CONVERTER.toAttributes(Map.of("at", "soon")))
        .isInstanceOf(MarshallingException.class)
        .satisfies(e -> assertThat(((MarshallingException) e).field()).isEqualTo("at"));
  }

  @Test
  void singleAttribute_goesThroughTheFieldsCodec() {
    assertThat(CONVERTER.toAttribute("at", Instant.ofEpochSecond(9)))
        .isEqualTo(AttributeValue.fromN("9"));
    assertThat(CONVERTER.toAttribute("other", 9)).isEqualTo(AttributeValue.fromN("9"));
    assertThat(CONVERTER.toAttribute("at", null)).isEqualTo(AttributeValue.fromNul(true));
    assertThat(CONVERTER.fromAttribute("at", AttributeValue.fromN("9")))
        .isEqualTo(Instant.ofEpochSecond(9));
  }

  @Test
  void plain_hasNoCodecs() {
    assertThat(ItemConverter.of(Map.of())).isSameAs(ItemConverter.plain());
    assertThat(ItemConverter.plain().encode(Map.of("a", 1))).isEqualTo(Map.of("a", 1));
  }
}
