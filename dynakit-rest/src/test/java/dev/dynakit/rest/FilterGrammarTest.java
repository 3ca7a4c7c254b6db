package dev.dynakit.rest;

import static dev.dynakit.rest.RestAssertions.badRequest;
import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.core.expr.FilterClause;
import dev.dynakit.core.schema.FilterOp;
import java.util.List;
import org.junit.jupiter.api.Test;

class FilterGrammarTest {
  private static List<FilterClause> filters(String raw) {
    return RestQuery.parse(raw, RestPolicy.defaults()).filters();
  }

  @Test
  void everyOperatorCode_isAFilter() {
    List<FilterClause> clauses =
        filters(
            "eq-a=1&ne-b=2&lt-c=3&le-d=4&gt-e=5&ge-f=6&in-g=7,8&btw-h=1,9&beg-i=x&ct-j=y"
                + "&ex-k&nx-l=whatever");
    assertThat(clauses)
        .containsExactly(
            FilterClause.of("a", FilterOp.EQ, "1"),
            FilterClause.of("b", FilterOp.NE, "2"),
            FilterClause.of("c", FilterOp.LT, "3"),
            FilterClause.of("d", FilterOp.LE, "4"),
            FilterClause.of("e", FilterOp.GT, "5"),
            FilterClause.of("f", FilterOp.GE, "6"),
            FilterClause.of("g", FilterOp.IN, "7", "8"),
            FilterClause.of("h", FilterOp.BETWEEN, "1", "9"),
            FilterClause.of("i", FilterOp.BEGINS_WITH, "x"),
            FilterClause.of("j", FilterOp.CONTAINS, "y"),
            FilterClause.of("k", FilterOp.EXISTS),
            FilterClause.of("l", FilterOp.NOT_EXISTS));
  }

  @Test
  void fieldIsEverythingAfterTheFirstDash_nonOperatorsAreNotFilters() {
    assertThat(filters("eq-rental-name=x"))
        .containsExactly(FilterClause.of("rental-name", FilterOp.EQ, "x"));
    assertThat(filters("zz-x=1&EQ-x=1&eq-=1&e-x=1&fields=a&-x=1")).isEmpty();
  }

  @Test
  void valuesAreLiteralText_expressionLookingValuesIncluded() {
    assertThat(filters("eq-name=%23a+%3D+%3Ab+OR+1%3D1"))
        .containsExactly(FilterClause.of("name", FilterOp.EQ, "#a = :b OR 1=1"));
    assertThat(filters("eq-name=")).containsExactly(FilterClause.of("name", FilterOp.EQ, ""));
  }

  @Test
  void multiValues_followTheFirstCharacterRule() {
    assertThat(FilterGrammar.split(",active,pending")).containsExactly("active", "pending");
    assertThat(FilterGrammar.split("1,3,5")).containsExactly("1", "3", "5");
    assertThat(FilterGrammar.split("|a,b|c,d")).containsExactly("a,b", "c,d");
    assertThat(FilterGrammar.split("-2020-2024")).containsExactly("2020", "2024");
    assertThat(FilterGrammar.split("^1^10")).containsExactly("1", "10");
    assertThat(FilterGrammar.split(",1,2,")).containsExactly("1", "2");
    assertThat(FilterGrammar.split("a,,b")).containsExactly("a", "", "b");
    assertThat(FilterGrammar.split(",,a,,")).containsExactly("a");
    assertThat(FilterGrammar.split(" x y")).containsExactly("x", "y");
    assertThat(FilterGrammar.split("éaébé")).containsExactly("a", "b");
    assertThat(FilterGrammar.split("🪐a🪐b")).containsExactly("a", "b");
    assertThat(FilterGrammar.split("")).isEmpty();
    assertThat(FilterGrammar.split(",")).isEmpty();
    assertThat(filters("btw-cost=%5E-5%5E10"))
        .containsExactly(FilterClause.of("cost", FilterOp.BETWEEN, "-5", "10"));
    assertThat(filters("in-status="))
        .containsExactly(new FilterClause("status", FilterOp.IN, List.of()));
  }

  @Test
  void limits_areEnforced() {
    RestPolicy small = RestPolicy.builder().maxFilterClauses(2).maxValueLength(8).build();
    badRequest(() -> RestQuery.parse("eq-a=1&eq-b=2&eq-c=3", small).filters(), "TooManyFilters")
        .hasMessageContaining("at most 2");
    badRequest(() -> RestQuery.parse("eq-a=123456789", small).filters(), "BadFilterValue")
        .hasMessageContaining("'eq-a' is longer than 8");
    badRequest(() -> RestQuery.parse("eq-abcdefghi=1", small).filters(), "BadFilterField");
  }
}
