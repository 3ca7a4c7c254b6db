package dev.dynakit.core.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynakit.core.MalformedKeyException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;

class KeyEncoderTest {
  private static final TableSpec RENTALS =
      TableSpec.builder("rentals")
          .keyFields(KeyField.string("state"), KeyField.string("city"), KeyField.number("car", 5))
          .structuralKey("_sk")
          .build();

  private static KeyEncoder encoder(TableSpec spec) {
    KeyEncoder encoder = spec.keyEncoder();
    assertThat(encoder).isNotNull();
    return encoder;
  }

  @Test
  void encode_contiguousFields_joinsWithSeparatorAndPadsNumbers() {
    assertThat(RENTALS.structuralKeyOf(Map.of("state", "TX", "city", "Dallas", "car", 42)))
        .isEqualTo("TX|Dallas|00042");
    assertThat(RENTALS.structuralKeyOf(Map.of("state", "TX", "city", "Dallas")))
        .isEqualTo("TX|Dallas");
    assertThat(RENTALS.structuralKeyOf(Map.of("state", "TX"))).isEqualTo("TX");
  }

  @Test
  void encode_gapInItem_stopsAtFirstMissingField() {
    Map<String, Object> item = new HashMap<>();
    item.put("state", "TX");
    item.put("car", 7);
    assertThat(RENTALS.structuralKeyOf(item)).isEqualTo("TX");
  }

  @Test
  void encode_noKeyFields_isNull() {
    assertThat(RENTALS.structuralKeyOf(Map.of("other", 1))).isNull();
  }

  @Test
  void encode_numbersGivenAsTextOrBigTypes_padTheSame() {
    KeyEncoder encoder = encoder(RENTALS);
    assertThat(encoder.encodePath(List.of("TX", "Dallas", "42"))).isEqualTo("TX|Dallas|00042");
    assertThat(encoder.encodePath(List.of("TX", "Dallas", new BigDecimal("42.000"))))
        .isEqualTo("TX|Dallas|00042");
    assertThat(encoder.encodePath(List.of("TX", "Dallas", BigInteger.valueOf(99999))))
        .isEqualTo("TX|Dallas|99999");
  }

  @Test
  void encode_negativeNumber_isRefused() {
    assertThatThrownBy(() -> encoder(RENTALS).encodePath(List.of("TX", "Dallas", -5)))
        .isInstanceOf(MalformedKeyException.class)
        .hasMessageContaining("car")
        .hasMessageContaining("negative");
  }

  @Test
  void encode_fractionalNumber_isRefused() {
    assertThatThrownBy(() -> encoder(RENTALS).encodePath(List.of("TX", "Dallas", 1.5)))
        .isInstanceOf(MalformedKeyException.class)
        .hasMessageContaining("not a whole number");
  }

  @Test
  void encode_numberWiderThanWidth_isRefused() {
    assertThatThrownBy(() -> encoder(RENTALS).encodePath(List.of("TX", "Dallas", 123456)))
        .isInstanceOf(MalformedKeyException.class)
        .hasMessageContaining("6 digits but the declared width is 5");
  }

  @Test
  void encode_valueWithSeparator_isRefusedByDefault() {
    assertThatThrownBy(() -> RENTALS.structuralKeyOf(Map.of("state", "T|X")))
        .isInstanceOf(MalformedKeyException.class)
        .satisfies(e -> assertThat(((MalformedKeyException) e).field()).isEqualTo("state"))
        .hasMessageContaining("separator");
  }

  @Test
  void encode_multiCharSeparator_refusesAnyOfItsCharacters() {
    TableSpec spec =
        TableSpec.builder("things")
            .keyFields(KeyField.string("a"), KeyField.string("b"))
            .structuralKey("_sk", "::")
            .build();
    assertThat(spec.structuralKeyOf(Map.of("a", "x", "b", "y"))).isEqualTo("x::y");
    assertThatThrownBy(() -> spec.structuralKeyOf(Map.of("a", "x:", "b", "y")))
        .isInstanceOf(MalformedKeyException.class);
  }

  @Test
  void encode_escaping_keepsValueInItsTier() {
    TableSpec spec =
        TableSpec.builder("things")
            .keyFields(KeyField.string("a"), KeyField.string("b"))
            .structuralKey(StructuralKey.of("_sk").escaping())
            .build();
    String encoded = spec.structuralKeyOf(Map.of("a", "T|X", "b", "50%"));
    assertThat(encoded).isEqualTo("T%007CX|50%0025");
    assertThat(encoder(spec).decode(encoded)).containsExactly("T|X", "50%");
  }

  @Test
  void encode_binaryTier_writesLowerCaseHex() {
    TableSpec spec =
        TableSpec.builder("blobs")
            .keyFields(KeyField.string("owner"), KeyField.binary("digest"))
            .structuralKey("_sk", "#")
            .build();
    assertThat(spec.structuralKeyOf(Map.of("owner", "o", "digest", new byte[] {0, (byte) 0xAB})))
        .isEqualTo("o#00ab");
    assertThat(encoder(spec).decode("o#00ab"))
        .containsExactly("o", SdkBytes.fromByteArray(new byte[] {0, (byte) 0xAB}));
  }

  @Test
  void decode_typedParts_comeBackAsStringsAndNumbers() {
    assertThat(encoder(RENTALS).decode("TX|Dallas|00042"))
        .containsExactly("TX", "Dallas", new BigDecimal("42"));
  }

  @Test
  void decode_tooManyParts_isRefused() {
    assertThatThrownBy(() -> encoder(RENTALS).decode("a|b|00001|d"))
        .isInstanceOf(MalformedKeyException.class);
  }

  @Test
  void encodePartial_checksLikeAValue() {
    KeyEncoder encoder = encoder(RENTALS);
    assertThat(encoder.encodePartial(1, "Dal")).isEqualTo("Dal");
    assertThatThrownBy(() -> encoder.encodePartial(1, "D|"))
        .isInstanceOf(MalformedKeyException.class);
    assertThatThrownBy(() -> encoder.encodePartial(2, "00"))
        .isInstanceOf(MalformedKeyException.class)
        .hasMessageContaining("string key fields only");
  }

  @Test
  void singleNumericKeyWithStructuralKey_writesThePlainNumber() {
    TableSpec spec =
        TableSpec.builder("counters").keyField(KeyField.number("id")).structuralKey("_sk").build();
    assertThat(spec.structuralKeyOf(Map.of("id", 42))).isEqualTo("42");
  }
}
