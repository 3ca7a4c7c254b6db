package dev.dynakit.rest;

import static dev.dynakit.rest.RestAssertions.badRequest;
import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.core.schema.KeyField;
import dev.dynakit.core.schema.TableSpec;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BodiesTest {
  private static final RestPolicy POLICY = RestPolicy.defaults();

  private static byte[] json(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void item_requiresAnObject() {
    assertThat(Bodies.item(json("{\"name\":\"Hoth\"}"), false)).containsEntry("name", "Hoth");
    assertThat(Bodies.item(new byte[0], true)).isEmpty();
    badRequest(() -> Bodies.item(new byte[0], false), "BadBody").hasMessageContaining("empty");
    badRequest(() -> Bodies.item(json("[]"), false), "BadBody").hasMessageContaining("an array");
    badRequest(() -> Bodies.item(json("null"), true), "BadBody").hasMessageContaining("null");
    badRequest(() -> Bodies.item(json("{\"a\""), false), "BadJsonBody");
  }

  @Test
  void items_requireAnArrayOfObjects() {
    assertThat(Bodies.items(json("[{\"a\":1},{}]"))).hasSize(2);
    assertThat(Bodies.items(json("[]"))).isEmpty();
    badRequest(() -> Bodies.items(new byte[0]), "BadLoadBody").hasMessageContaining("empty body");
    badRequest(() -> Bodies.items(json("{}")), "BadLoadBody").hasMessageContaining("an object");
    badRequest(() -> Bodies.items(json("[{},3]")), "BadLoadBody").hasMessageContaining("element 1");
  }

  @Test
  void overlay_isAnObjectOrNothing() {
    assertThat(Bodies.overlay(new byte[0])).isEmpty();
    assertThat(Bodies.overlay(json("null"))).isEmpty();
    assertThat(Bodies.overlay(json("{\"name\":\"Copy\"}"))).containsEntry("name", "Copy");
    badRequest(() -> Bodies.overlay(json("[\"a\"]")), "BadBody");
    badRequest(() -> Bodies.overlay(json("1")), "BadBody");
  }

  @Test
  void names_areAnArrayOfStringsOrNumbers() {
    assertThat(Bodies.names(json("[\"a\", 2]"), POLICY)).containsExactly("a", "2");
    assertThat(Bodies.names(new byte[0], POLICY)).isEmpty();
    badRequest(() -> Bodies.names(json("{}"), POLICY), "BadNames");
    badRequest(() -> Bodies.names(json("[null]"), POLICY), "BadNames");
    badRequest(() -> Bodies.names(json("[[1]]"), POLICY), "BadNames");
    RestPolicy small = RestPolicy.builder().maxNames(1).build();
    badRequest(() -> Bodies.names(json("[\"a\",\"b\"]"), small), "BadNames")
        .hasMessageContaining("at most 1");
  }

  @Test
  void namesOrOverlay_dependsOnTheQuery() {
    assertThat(Bodies.namesOrOverlay(json("[\"a\"]"), POLICY, false).names()).containsExactly("a");
    assertThat(Bodies.namesOrOverlay(json("{\"x\":1}"), POLICY, true).overlay())
        .containsEntry("x", 1L);
    assertThat(Bodies.namesOrOverlay(new byte[0], POLICY, true).overlay()).isEmpty();
    badRequest(() -> Bodies.namesOrOverlay(json("[\"a\"]"), POLICY, true), "BadBody")
        .hasMessageContaining("with ?names");
    badRequest(() -> Bodies.namesOrOverlay(json("\"a\""), POLICY, false), "BadBody");
  }

  @Test
  void technicalFields_otherThanVersionAndCreatedAt_areRefused() {
    TableSpec spec =
        TableSpec.builder("rentals")
            .keyFields(KeyField.string("state"), KeyField.string("city"))
            .structuralKey("_sk")
            .technicalPrefix("_")
            .versionField("_v")
            .createdAtField("_created")
            .build();
    Bodies.rejectTechnical(spec, List.of("name", "_v", "_created", "a"));
    badRequest(() -> Bodies.rejectTechnical(spec, List.of("ok", "_sk")), "TechnicalField")
        .hasMessageContaining("'_sk' starts with the technical prefix '_'");
    badRequest(
        () -> Bodies.rejectTechnical(spec, Map.of("_search-name", 1).keySet()), "TechnicalField");
    TableSpec plain = TableSpec.builder("plain").keyFields(KeyField.string("name")).build();
    Bodies.rejectTechnical(plain, List.of("_anything"));
  }
}
