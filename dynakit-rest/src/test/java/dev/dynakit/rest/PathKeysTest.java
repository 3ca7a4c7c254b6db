package dev.dynakit.rest;

import static dev.dynakit.rest.RestAssertions.badRequest;
import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.core.schema.KeyField;
import dev.dynakit.core.schema.TableSpec;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;

class PathKeysTest {
  private static final RestPolicy POLICY = RestPolicy.defaults();
  private static final TableSpec PLANETS =
      TableSpec.builder("planets").keyFields(KeyField.string("name")).build();
  private static final TableSpec RENTALS =
      TableSpec.builder("rentals")
          .keyFields(KeyField.string("state"), KeyField.string("city"), KeyField.number("car", 5))
          .structuralKey("_sk")
          .technicalPrefix("_")
          .build();

  @Test
  void singleKey_isTheDecodedSegment_asIs() {
    assertThat(PathKeys.fromSegment("Hoth%20II", PLANETS, POLICY)).containsEntry("name", "Hoth II");
    assertThat(PathKeys.fromSegment("a%2Fb", PLANETS, POLICY)).containsEntry("name", "a/b");
    assertThat(PathKeys.fromSegment("%2Dfoo", PLANETS, POLICY)).containsEntry("name", "-foo");
    assertThat(PathKeys.fromSegment("10:30", PLANETS, POLICY)).containsEntry("name", "10:30");
    assertThat(PathKeys.fromText("50%", PLANETS, POLICY)).containsEntry("name", "50%");
  }

  @Test
  void compositeKey_splitsOnTheSeparator_thenDecodesEachField() {
    assertThat(PathKeys.fromSegment("TX", RENTALS, POLICY))
        .containsExactly(Map.entry("state", "TX"));
    assertThat(PathKeys.fromSegment("TX:Dallas:42", RENTALS, POLICY))
        .containsExactly(
            Map.entry("state", "TX"),
            Map.entry("city", "Dallas"),
            Map.entry("car", new BigDecimal(42)));
    assertThat(PathKeys.fromText("TX:Fort%3AWorth%25", RENTALS, POLICY))
        .containsEntry("city", "Fort:Worth%");
    assertThat(PathKeys.fromSegment("TX:Fort%253AWorth", RENTALS, POLICY))
        .containsEntry("city", "Fort:Worth");
  }

  @Test
  void toText_andToSegment_roundTrip() {
    Map<String, Object> key = new LinkedHashMap<>();
    key.put("state", "T X");
    key.put("city", "Fort:Worth 100%");
    key.put("car", new BigDecimal("42"));
    String text = PathKeys.toText(key, RENTALS, POLICY);
    assertThat(text).isEqualTo("T X:Fort%3AWorth 100%25:42");
    assertThat(PathKeys.fromSegment(PathKeys.toSegment(text), RENTALS, POLICY)).isEqualTo(key);
    assertThat(PathKeys.toSegment("-x/y z")).isEqualTo("%2Dx%2Fy%20z");
    assertThat(PathKeys.toText(Map.of("name", "Hoth:II"), PLANETS, POLICY)).isEqualTo("Hoth:II");
  }

  @Test
  void typedKeys() {
    TableSpec numbered = TableSpec.builder("numbered").keyFields(KeyField.number("id")).build();
    assertThat(PathKeys.fromText("-1.5e2", numbered, POLICY))
        .containsEntry("id", new BigDecimal("-1.5e2"));
    badRequest(() -> PathKeys.fromText("abc", numbered, POLICY), "BadKey")
        .hasMessageContaining("id is a number");
    TableSpec binary = TableSpec.builder("binary").keyFields(KeyField.binary("id")).build();
    assertThat(PathKeys.fromText("aGk=", binary, POLICY))
        .containsEntry("id", SdkBytes.fromUtf8String("hi"));
    assertThat(PathKeys.fromText("-_8", binary, POLICY))
        .containsEntry("id", SdkBytes.fromByteArray(new byte[] {(byte) 0xfb, (byte) 0xff}));
    badRequest(() -> PathKeys.fromText("!!", binary, POLICY), "BadKey")
        .hasMessageContaining("base64");
  }

  @Test
  void badKeys() {
    badRequest(() -> PathKeys.fromSegment("a%zz", PLANETS, POLICY), "BadKey")
        .hasMessageContaining("percent-encoded");
    badRequest(() -> PathKeys.fromText("", PLANETS, POLICY), "BadKey")
        .hasMessageContaining("empty");
    badRequest(() -> PathKeys.fromText("x".repeat(2049), PLANETS, POLICY), "BadKey")
        .hasMessageContaining("longer than 2048");
    badRequest(() -> PathKeys.fromText("TX:Dallas:1:2", RENTALS, POLICY), "BadKey")
        .hasMessageContaining("has 4 parts; this table's key has 3 fields (state, city, car)");
    badRequest(() -> PathKeys.fromText("TX::1", RENTALS, POLICY), "BadKey")
        .hasMessageContaining("empty value for city");
    badRequest(() -> PathKeys.fromText("TX:Dallas:x", RENTALS, POLICY), "BadKey")
        .hasMessageContaining("car is a number");
    badRequest(() -> PathKeys.fromText("TX:a%zz", RENTALS, POLICY), "BadKey")
        .hasMessageContaining("city part");
  }
}
