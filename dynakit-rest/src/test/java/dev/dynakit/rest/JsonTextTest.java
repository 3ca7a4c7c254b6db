package dev.dynakit.rest;

import static dev.dynakit.rest.RestAssertions.badRequest;
import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;

class JsonTextTest {
  private static Object parse(String json) {
    return JsonText.parse(json.getBytes(StandardCharsets.UTF_8));
  }

  private static String write(Object tree) {
    return new String(JsonText.write(tree), StandardCharsets.UTF_8);
  }

  @Test
  void parse_givesPlainExactTrees() {
    Object tree =
        parse(
            "{\"s\":\"x\",\"i\":42,\"big\":123456789012345678901234567890,\"d\":0.1,"
                + "\"e\":1e400,\"t\":true,\"f\":false,\"n\":null,\"a\":[1,\"2\"],\"o\":{}}");
    assertThat(tree).isInstanceOf(LinkedHashMap.class);
    Map<?, ?> map = (Map<?, ?>) tree;
    assertThat(map.get("s")).isEqualTo("x");
    assertThat(map.get("i")).isEqualTo(42L);
    assertThat(map.get("big")).isEqualTo(new BigDecimal("123456789012345678901234567890"));
    assertThat(map.get("d")).isEqualTo(new BigDecimal("0.1"));
    assertThat(map.get("e")).isEqualTo(new BigDecimal("1e400"));
    assertThat(map.get("t")).isEqualTo(true);
    assertThat(map.get("f")).isEqualTo(false);
    assertThat(map.containsKey("n")).isTrue();
    assertThat(map.get("n")).isNull();
    assertThat(map.get("a")).isEqualTo(List.of(1L, "2"));
    assertThat(map.get("o")).isEqualTo(Map.of());
    assertThat(parse(" null ")).isNull();
  }

  @Test
  void parse_refusesMalformedInput() {
    badRequest(() -> parse("{"), "BadJsonBody").hasMessageContaining("line 1");
    badRequest(() -> parse("{} {}"), "BadJsonBody").hasMessageContaining("after the JSON value");
    badRequest(() -> parse("   "), "BadJsonBody").hasMessageContaining("blank");
    badRequest(() -> parse("{'a':1}"), "BadJsonBody");
    badRequest(() -> parse("[NaN]"), "BadJsonBody");
    badRequest(() -> parse("{\"a\":1,\"a\":2}"), "BadJsonBody").hasMessageContaining("Duplicate");
    badRequest(() -> parse("[" + "[".repeat(70) + "]".repeat(71)), "BadJsonBody")
        .hasMessageContaining("nest");
    badRequest(() -> JsonText.parse(new byte[] {'"', (byte) 0xC3, (byte) 0x28, '"'}), "BadJsonBody")
        .hasMessageContaining("UTF-8");
    assertThat(parse("[" + "[".repeat(62) + "]".repeat(63))).isInstanceOf(List.class);
  }

  @Test
  void unpairedSurrogates_areRefused_neverStoredAsQuestionMarks() {
    badRequest(() -> parse("{\"name\":\"a\\ud800\"}"), "BadJsonBody")
        .hasMessageContaining("unpaired surrogate")
        .hasMessageContaining("\\ud800");
    badRequest(() -> parse("{\"name\":\"\\udc00b\"}"), "BadJsonBody")
        .hasMessageContaining("unpaired surrogate");
    badRequest(() -> parse("[\"\\ud800\\ud800\"]"), "BadJsonBody");
    badRequest(() -> parse("{\"a\\ud800\":1}"), "BadJsonBody").hasMessageContaining("name");
    // a surrogate encoded as UTF-8 bytes (CESU) is not UTF-8 either
    badRequest(
            () -> JsonText.parse(new byte[] {'"', (byte) 0xED, (byte) 0xA0, (byte) 0x80, '"'}),
            "BadJsonBody")
        .hasMessageContaining("UTF-8");
    assertThat(parse("\"\\ud83d\\ude00\"")).isEqualTo("\uD83D\uDE00");
  }

  @Test
  void invalidUtf8_isRefused() {
    badRequest(() -> JsonText.parse(new byte[] {'"', (byte) 0xFF, '"'}), "BadJsonBody")
        .hasMessageContaining("UTF-8");
    badRequest(() -> JsonText.parse(new byte[] {'"', (byte) 0xC0, (byte) 0xAF, '"'}), "BadJsonBody")
        .hasMessageContaining("UTF-8");
    badRequest(
            () ->
                JsonText.parse(
                    new byte[] {'"', (byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80, '"'}),
            "BadJsonBody")
        .hasMessageContaining("UTF-8");
  }

  @Test
  void exponentsThatOverflowAnInt_areRefusedWith400() {
    badRequest(() -> parse("{\"Limit\":1e-2147483649}"), "BadJsonBody")
        .hasMessageContaining("out of range");
    badRequest(() -> parse("[1e2147483648]"), "BadJsonBody").hasMessageContaining("out of range");
    badRequest(() -> parse("[1e999999999]"), "BadJsonBody").hasMessageContaining("out of range");
    badRequest(() -> parse("[-0.5e-99999999999999999999]"), "BadJsonBody");
    assertThat(parse("[1e-400]")).isEqualTo(List.of(new BigDecimal("1e-400")));
  }

  @Test
  void write_rendersItemValues() {
    Map<String, Object> item = new LinkedHashMap<>();
    item.put("s", "a\"b");
    item.put("n", new BigDecimal("1.50"));
    item.put("l", 7L);
    item.put("i", 3);
    item.put("b", SdkBytes.fromUtf8String("hi"));
    item.put("ss", new LinkedHashSet<>(List.of("x", "y")));
    item.put("ns", Set.of(new BigDecimal("2")));
    item.put("m", Map.of("k", List.of(true)));
    item.put("z", null);
    assertThat(write(item))
        .isEqualTo(
            "{\"s\":\"a\\\"b\",\"n\":1.50,\"l\":7,\"i\":3,\"b\":\"aGk=\",\"ss\":[\"x\",\"y\"],"
                + "\"ns\":[2],\"m\":{\"k\":[true]},\"z\":null}");
  }
}
