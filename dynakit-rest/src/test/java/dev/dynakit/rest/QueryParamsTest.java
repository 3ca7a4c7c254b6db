package dev.dynakit.rest;

import static dev.dynakit.rest.RestAssertions.badRequest;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class QueryParamsTest {
  @Test
  void parse_decodesNamesAndValues_lastOccurrenceWins_firstOrderKept() {
    QueryParams params = QueryParams.parse("b=1&a=x+y&b=2&c&%65q-name=Hoth%20II&&");
    assertThat(params.names()).containsExactly("b", "a", "c", "eq-name");
    assertThat(params.get("b")).isEqualTo("2");
    assertThat(params.get("a")).isEqualTo("x y");
    assertThat(params.get("c")).isEmpty();
    assertThat(params.get("eq-name")).isEqualTo("Hoth II");
    assertThat(params.get("missing")).isNull();
    assertThat(params.has("c")).isTrue();
  }

  @Test
  void parse_keepsEqualsSignsInValues() {
    assertThat(QueryParams.parse("eq-name=a=b").get("eq-name")).isEqualTo("a=b");
  }

  @Test
  void parse_emptyOrNull_isEmpty() {
    assertThat(QueryParams.parse(null).names()).isEmpty();
    assertThat(QueryParams.parse("").names()).isEmpty();
  }

  @Test
  void parse_malformedEncoding_isBadQuery() {
    badRequest(() -> QueryParams.parse("eq-name=100%"), "BadQuery")
        .hasMessageContaining("'eq-name'")
        .hasMessageContaining("two hex digits");
    badRequest(() -> QueryParams.parse("a%FF=1"), "BadQuery").hasMessageContaining("UTF-8");
  }

  @Test
  void withPaging_replacesInPlace_dropsRepeats_appendsMissing() {
    assertThat(QueryParams.parse("offset=3&limit=2").withPaging(1, 2))
        .isEqualTo("offset=1&limit=2");
    assertThat(QueryParams.parse("limit=5&x=1").withPaging(5, 5)).isEqualTo("limit=5&x=1&offset=5");
    assertThat(QueryParams.parse("a=%20b&offset=1&offset=9&c=d+e").withPaging(20, 10))
        .isEqualTo("a=%20b&offset=20&c=d+e&limit=10");
    assertThat(QueryParams.parse(null).withPaging(10, 10)).isEqualTo("offset=10&limit=10");
  }
}
