package dev.dynakit.examples.rentals;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.core.schema.KeyField;
import dev.dynakit.core.schema.TableSpec;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ItemTextTest {
  private final ItemText text =
      new ItemText(
          TableSpec.builder("cities")
              .keyFields(KeyField.string("state"), KeyField.string("city"))
              .structuralKey("_sk")
              .technicalPrefix("_")
              .build());

  private static Map<String, Object> item() {
    Map<String, Object> item = new LinkedHashMap<>();
    item.put("_v", new BigDecimal(3));
    item.put("zip", "75201");
    item.put("city", "Dallas");
    item.put("airport", "DFW");
    item.put("state", "TX");
    item.put("rate", new BigDecimal("49.50"));
    return item;
  }

  @Test
  void full_putsKeyFieldsFirst_thenTheRestAlphabetically_thenTechnicalFields() {
    assertThat(text.full(item()))
        .isEqualTo(
            "{state: \"TX\", city: \"Dallas\", airport: \"DFW\", rate: 49.50, zip: \"75201\","
                + " _v: 3}");
  }

  @Test
  void key_andBrief() {
    assertThat(text.key(item())).isEqualTo("{state: \"TX\", city: \"Dallas\"}");
    assertThat(text.brief(item(), "zip", "missing", "_v"))
        .isEqualTo("TX|Dallas {zip: \"75201\", _v: 3}");
  }

  @Test
  void values_areWrittenByKind() {
    assertThat(ItemText.value(null)).isEqualTo("null");
    assertThat(ItemText.value("say \"hi\"")).isEqualTo("\"say \\\"hi\\\"\"");
    assertThat(ItemText.value(new BigDecimal("1E+3"))).isEqualTo("1000");
    assertThat(ItemText.value(List.of(1, "a"))).isEqualTo("[1, \"a\"]");
    assertThat(ItemText.value(new LinkedHashSet<>(List.of("b", "a"))))
        .isEqualTo("<<\"b\", \"a\">>");
    assertThat(ItemText.value(Map.of("b", true, "a", 1))).isEqualTo("{a: 1, b: true}");
    assertThat(ItemText.inOrder(Stage.map("b", 1, "a", 2))).isEqualTo("{b: 1, a: 2}");
  }
}
