package dev.dynakit.rest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.dynakit.core.expr.CompiledFilter;
import dev.dynakit.core.expr.Expression;
import dev.dynakit.core.expr.Filters;
import dev.dynakit.core.schema.FilterOp;
import dev.dynakit.core.schema.KeyField;
import dev.dynakit.core.schema.ScalarType;
import dev.dynakit.core.schema.TableSpec;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Filters from query strings compiled against a declaration, refusals mapped to responses. */
class HostileFilterTest {
  private static final TableSpec SPEC =
      TableSpec.builder("planets")
          .keyFields(KeyField.string("name"))
          .filterable("climate", FilterOp.EQ, FilterOp.IN, FilterOp.BEGINS_WITH)
          .filterable("diameter", ScalarType.NUMBER, FilterOp.values())
          .build();

  private static CompiledFilter compile(String raw) {
    return Filters.compile(SPEC, null, RestQuery.parse(raw, RestPolicy.defaults()).filters());
  }

  private static RestError refusal(String raw) {
    Throwable failure = catchThrowable(() -> compile(raw));
    assertThat(failure).as(raw).isNotNull();
    return ErrorMapping.toError(failure, SPEC, RestPolicy.defaults());
  }

  @Test
  void expressionLookingValue_isBoundAsAPlaceholderValue() {
    Expression filter = compile("eq-climate=%23a+%3D+%3Ab+OR+1%3D1").filter().render();
    assertThat(filter.text()).doesNotContain("OR").doesNotContain("1=1").matches("#\\w+ = :\\w+");
    assertThat(filter.values().values()).containsExactly(AttributeValue.fromS("#a = :b OR 1=1"));
  }

  @Test
  void numbersAreTyped() {
    Expression filter = compile("btw-diameter=%5E-5%5E1e4").filter().render();
    assertThat(filter.values().values())
        .containsExactly(AttributeValue.fromN("-5"), AttributeValue.fromN("10000"));
  }

  @Test
  void unknownField_isBadFilterField() {
    RestError error = refusal("eq-gravity=1");
    assertThat(error.status()).isEqualTo(400);
    assertThat(error.code()).isEqualTo("BadFilterField");
    assertThat(error.message()).contains("gravity").contains("not filterable");
    assertThat(refusal("eq-%23a+%3D+%3Ab+OR+1%3D1=x").code()).isEqualTo("BadFilterField");
  }

  @Test
  void operatorNotAllowed_isBadFilterOp() {
    RestError error = refusal("ct-climate=arid");
    assertThat(error.status()).isEqualTo(400);
    assertThat(error.code()).isEqualTo("BadFilterOp");
    assertThat(error.message()).contains("allowed: eq, in, beg");
  }

  @Test
  void badValues_areBadFilterValue() {
    for (String raw :
        new String[] {
          "eq-diameter=%23a+%3D+%3Ab+OR+1%3D1",
          "eq-diameter=",
          "eq-diameter=NaN",
          "in-climate=",
          "btw-diameter=1",
          "btw-diameter=1,2,3",
          "in-diameter=1,x"
        }) {
      RestError error = refusal(raw);
      assertThat(error.status()).as(raw).isEqualTo(400);
      assertThat(error.code()).as(raw).isEqualTo("BadFilterValue");
    }
  }
}
