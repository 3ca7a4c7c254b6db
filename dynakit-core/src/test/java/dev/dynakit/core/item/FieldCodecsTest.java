package dev.dynakit.core.item;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynakit.core.MarshallingException;
import java.math.BigDecimal;
import java.net.URI;
import java.net.URL;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Date;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FieldCodecsTest {
  enum Tier {
    GOLD,
    SILVER
  }

  private static final Instant AT = Instant.parse("2026-04-12T10:15:30.123456789Z");

  @Test
  void dateIso_isTheJavaScriptFormatWithFixedMilliseconds() {
    FieldCodec<Date> codec = FieldCodecs.dateIso();
    assertThat(codec.toStored(Date.from(Instant.parse("2026-04-12T10:15:30Z"))))
        .isEqualTo("2026-04-12T10:15:30.000Z");
    assertThat(codec.fromStored("2026-04-12T12:15:30.5+02:00"))
        .isEqualTo(Date.from(Instant.parse("2026-04-12T10:15:30.500Z")));
  }

  @Test
  void dateEpoch_isMilliseconds() {
    FieldCodec<Date> codec = FieldCodecs.dateEpoch();
    assertThat(codec.toStored(new Date(1234))).isEqualTo(1234L);
    assertThat(codec.fromStored(new BigDecimal("1234"))).isEqualTo(new Date(1234));
    assertThatThrownBy(() -> codec.fromStored(new BigDecimal("1.5")))
        .isInstanceOf(MarshallingException.class);
  }

  @Test
  void instants_isoAndEpoch() {
    assertThat(FieldCodecs.instantIso().toStored(AT)).isEqualTo("2026-04-12T10:15:30.123456789Z");
    assertThat(FieldCodecs.instantIso().fromStored("2026-04-12T10:15:30.123456789Z")).isEqualTo(AT);
    assertThat(FieldCodecs.instantEpochMillis().toStored(AT)).isEqualTo(AT.toEpochMilli());
    assertThat(FieldCodecs.instantEpochSeconds().toStored(AT)).isEqualTo(AT.getEpochSecond());
    assertThat(FieldCodecs.instantEpochSeconds().fromStored(new BigDecimal(AT.getEpochSecond())))
        .isEqualTo(Instant.parse("2026-04-12T10:15:30Z"));
  }

  @Test
  void isoText_sortsInTimeOrder() {
    FieldCodec<Instant> codec = FieldCodecs.instantIso();
    String whole = (String) codec.toStored(Instant.parse("2026-04-12T10:15:30Z"));
    String half = (String) codec.toStored(Instant.parse("2026-04-12T10:15:30.5Z"));
    assertThat(whole.compareTo(half)).isNegative();
  }

  @Test
  void localDateUrlUri() throws Exception {
    assertThat(FieldCodecs.localDateIso().toStored(LocalDate.of(2026, 4, 12)))
        .isEqualTo("2026-04-12");
    URL url = URI.create("https://example.com/a?b=1").toURL();
    assertThat(FieldCodecs.url().toStored(url)).isEqualTo("https://example.com/a?b=1");
    assertThat(FieldCodecs.url().fromStored("https://example.com/a?b=1")).isEqualTo(url);
    assertThat(FieldCodecs.uri().fromStored("urn:x")).isEqualTo(URI.create("urn:x"));
  }

  @Test
  void enumName_refusesUnknownConstants() {
    FieldCodec<Tier> codec = FieldCodecs.enumName(Tier.class);
    assertThat(codec.toStored(Tier.GOLD)).isEqualTo("GOLD");
    assertThat(codec.fromStored("SILVER")).isEqualTo(Tier.SILVER);
    assertThatThrownBy(() -> codec.fromStored("BRONZE"))
        .isInstanceOf(MarshallingException.class)
        .hasMessageContaining("[GOLD, SILVER]");
  }

  @Test
  void mapAndListOf_transformEachValue() {
    FieldCodec<Map<String, Instant>> map = FieldCodecs.mapOf(FieldCodecs.instantEpochSeconds());
    assertThat(map.toStored(Map.of("a", Instant.ofEpochSecond(5)))).isEqualTo(Map.of("a", 5L));
    assertThat(map.fromStored(Map.of("a", new BigDecimal(5))))
        .isEqualTo(Map.of("a", Instant.ofEpochSecond(5)));
    FieldCodec<List<LocalDate>> list = FieldCodecs.listOf(FieldCodecs.localDateIso());
    assertThat(list.fromStored(List.of("2026-01-01"))).containsExactly(LocalDate.of(2026, 1, 1));
  }

  @Test
  void normalize_acceptsTheJavaTypeOrTheStoredForm() {
    FieldCodec<Instant> codec = FieldCodecs.instantIso();
    assertThat(codec.normalize(AT)).isEqualTo("2026-04-12T10:15:30.123456789Z");
    assertThat(codec.normalize("2026-04-12T10:15:30Z")).isEqualTo("2026-04-12T10:15:30.000000000Z");
    assertThatThrownBy(() -> codec.normalize("yesterday")).isInstanceOf(MarshallingException.class);
    assertThatThrownBy(() -> codec.normalize(42)).isInstanceOf(MarshallingException.class);
  }

  @Test
  void parse_readsEverySpec() {
    for (String spec :
        List.of(
            "dateIso",
            "dateEpoch",
            "instantIso",
            "instantEpochMillis",
            "instantEpochSeconds",
            "localDateIso",
            "url",
            "uri",
            "map:list:instantIso",
            "enum:" + Tier.class.getName())) {
      assertThat(FieldCodecs.parse(spec).spec()).isEqualTo(spec);
    }
    assertThatThrownBy(() -> FieldCodecs.parse("roman"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> FieldCodecs.parse("enum:java.lang.String"))
        .hasMessageContaining("not an enum");
    assertThatThrownBy(() -> FieldCodecs.parse("enum:no.such.Type"))
        .hasMessageContaining("cannot be loaded");
  }
}
