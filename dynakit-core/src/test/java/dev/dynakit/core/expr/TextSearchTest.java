package dev.dynakit.core.expr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynakit.core.InvalidExpressionException;
import dev.dynakit.core.schema.TableSpec;
import java.util.List;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class TextSearchTest {
  private static final TableSpec SPEC =
      TableSpec.builder("cars")
          .keyField("vin")
          .technicalPrefix("_")
          .searchable("make", "model")
          .build();

  @Test
  void search_containsOverEveryMirror_withOneLowerCaseValue() {
    Expression e = TextSearch.condition(SPEC, "VoLvo").orElseThrow().render();
    assertThat(e.text()).isEqualTo("contains(#n0, :v0) OR contains(#n1, :v0)");
    assertThat(e.names().values()).containsExactly("_search-make", "_search-model");
    assertThat(e.values())
        .containsExactly(java.util.Map.entry(":v0", AttributeValue.fromS("volvo")));
  }

  @Test
  void search_restrictedToRequestedFields() {
    Expression e =
        TextSearch.condition(SPEC, "x", List.of("model", "price")).orElseThrow().render();
    assertThat(e.text()).isEqualTo("contains(#n0, :v0)");
    assertThat(e.names().values()).containsExactly("_search-model");
  }

  @Test
  void blankQuery_meansNoSearch() {
    assertThat(TextSearch.condition(SPEC, " ")).isEmpty();
    assertThat(TextSearch.condition(SPEC, null)).isEmpty();
  }

  @Test
  void noSearchableField_isRefusedRatherThanIgnored() {
    assertThatThrownBy(() -> TextSearch.condition(SPEC, "x", List.of("price")))
        .isInstanceOf(InvalidExpressionException.class)
        .hasMessageContaining("searchable");
    TableSpec none = TableSpec.builder("cars").keyField("vin").build();
    assertThatThrownBy(() -> TextSearch.condition(none, "x"))
        .isInstanceOf(InvalidExpressionException.class)
        .hasMessageContaining("declares no searchable fields");
  }
}
