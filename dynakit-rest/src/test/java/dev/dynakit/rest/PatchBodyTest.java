package dev.dynakit.rest;

import static dev.dynakit.rest.RestAssertions.badRequest;
import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PatchBodyTest {
  private static final RestPolicy POLICY = RestPolicy.defaults();

  private static PatchBody parse(String json) {
    return PatchBody.parse(json.getBytes(StandardCharsets.UTF_8), POLICY, null);
  }

  @Test
  void fieldsAndMetaKeys_areSplit() {
    PatchBody patch =
        parse(
            "{\"gravity\":\"1.5g\",\"stats.hp\":10,\"_delete\":[\"surface_water\",\"a.0\"],"
                + "\"_arrayOps\":[{\"op\":\"append\",\"path\":\"tags\",\"values\":[\"x\"]},"
                + "{\"op\":\"prepend\",\"path\":\"tags\",\"values\":[]},"
                + "{\"op\":\"setAtIndex\",\"path\":\"tags\",\"index\":2,\"value\":null},"
                + "{\"op\":\"removeAtIndex\",\"path\":\"tags\",\"index\":0},"
                + "{\"op\":\"add\",\"path\":\"visits\",\"value\":1.5}]}");
    assertThat(patch.set())
        .containsExactly(Map.entry("gravity", "1.5g"), Map.entry("stats.hp", 10L));
    assertThat(patch.delete()).containsExactly("surface_water", "a.0");
    assertThat(patch.separator()).isEqualTo(".");
    assertThat(patch.arrayOps())
        .containsExactly(
            new ArrayOp.Append("tags", List.of("x")),
            new ArrayOp.Prepend("tags", List.of()),
            new ArrayOp.SetAtIndex("tags", 2, null),
            new ArrayOp.RemoveAtIndex("tags", 0),
            new ArrayOp.Add("visits", new BigDecimal("1.5")));
    assertThat(patch.version()).isNull();
    assertThat(patch.isEmpty()).isFalse();
  }

  @Test
  void separator_appliesToFieldsAndPaths() {
    PatchBody patch = parse("{\"_separator\":\"/\",\"a/b\":1,\"_delete\":[\"c/0\"]}");
    assertThat(patch.separator()).isEqualTo("/");
    assertThat(patch.set()).containsKey("a/b");
    badRequest(() -> parse("{\"_separator\":\"/\",\"a//b\":1}"), "BadPatch")
        .hasMessageContaining("'a//b' is not a valid path");
  }

  @Test
  void emptyBodyOrObject_isAnEmptyPatch() {
    assertThat(PatchBody.parse(new byte[0], POLICY, null).isEmpty()).isTrue();
    assertThat(parse("{}").isEmpty()).isTrue();
  }

  @Test
  void versionField_underTheMetaPrefix_carriesTheVersion() {
    PatchBody patch =
        PatchBody.parse("{\"_v\":3,\"a\":1}".getBytes(StandardCharsets.UTF_8), POLICY, "_v");
    assertThat(patch.version()).isEqualTo(3L);
    assertThat(patch.set()).containsOnlyKeys("a");
    badRequest(
            () -> PatchBody.parse("{\"_v\":\"3\"}".getBytes(StandardCharsets.UTF_8), POLICY, "_v"),
            "BadPatch")
        .hasMessageContaining("version field");
  }

  @Test
  void wrongShapes_areRefusedWithTheirPlace() {
    badRequest(() -> parse("[1]"), "BadPatch").hasMessageContaining("got an array");
    badRequest(() -> parse("\"x\""), "BadPatch").hasMessageContaining("got a string");
    badRequest(() -> parse("{\"_delete\":\"x\"}"), "BadPatch")
        .hasMessageContaining("_delete must be an array");
    badRequest(() -> parse("{\"_delete\":[1]}"), "BadPatch").hasMessageContaining("path strings");
    badRequest(() -> parse("{\"_separator\":\"\"}"), "BadPatch").hasMessageContaining("non-empty");
    badRequest(() -> parse("{\"_arrayOps\":{}}"), "BadPatch").hasMessageContaining("array of op");
    badRequest(() -> parse("{\"_arrayOps\":[{\"op\":\"explode\",\"path\":\"a\"}]}"), "BadPatch")
        .hasMessageContaining("_arrayOps[0].op must be one of");
    badRequest(() -> parse("{\"_arrayOps\":[{\"op\":\"append\",\"path\":\"a\"}]}"), "BadPatch")
        .hasMessageContaining("values must be an array");
    badRequest(
            () ->
                parse(
                    "{\"_arrayOps\":[{\"op\":\"setAtIndex\",\"path\":\"a\",\"index\":-1,\"value\":1}]}"),
            "BadPatch")
        .hasMessageContaining("index must be");
    badRequest(
            () ->
                parse(
                    "{\"_arrayOps\":[{\"op\":\"removeAtIndex\",\"path\":\"a\",\"index\":0,\"x\":1}]}"),
            "BadPatch")
        .hasMessageContaining("unknown key 'x'");
    badRequest(() -> parse("{\"_arrayOps\":[{\"op\":\"add\",\"path\":\"a\"}]}"), "BadPatch");
    badRequest(() -> parse("{\"\":1}"), "BadPatch");
  }

  @Test
  void unknownMetaKeys_areRefused_notDropped() {
    badRequest(() -> parse("{\"_sk\":\"TX|Dallas\"}"), "BadPatch")
        .hasMessageContaining("unknown meta key '_sk'")
        .hasMessageContaining("_delete, _separator and _arrayOps");
    RestPolicy dollar = RestPolicy.builder().metaPrefix("$").build();
    PatchBody patch =
        PatchBody.parse(
            "{\"_private\":1,\"$delete\":[\"x\"]}".getBytes(StandardCharsets.UTF_8), dollar, null);
    assertThat(patch.set()).containsOnlyKeys("_private");
    assertThat(patch.delete()).containsExactly("x");
  }

  @Test
  void malformedJson_isBadJsonBody() {
    badRequest(() -> parse("{\"a\":"), "BadJsonBody");
    badRequest(() -> parse("{\"a\":1,\"a\":2}"), "BadJsonBody").hasMessageContaining("Duplicate");
  }
}
