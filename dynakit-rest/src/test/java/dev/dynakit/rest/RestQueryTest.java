package dev.dynakit.rest;

import static dev.dynakit.rest.RestAssertions.badRequest;
import static dev.dynakit.rest.RestAssertions.refused;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RestQueryTest {
  private static final RestPolicy POLICY = RestPolicy.defaults();
  private static final List<String> KEYS = List.of("state", "rentalName");

  private static RestQuery query(String raw) {
    return RestQuery.parse(raw, POLICY);
  }

  @Test
  void fields_areTrimmed_emptiesDropped_keysExpandedInPlace() {
    assertThat(query("fields=%20name%20,,climate,").fields(KEYS))
        .containsExactly("name", "climate");
    assertThat(query("fields=*keys,state,climate").fields(KEYS))
        .containsExactly("state", "rentalName", "climate");
    assertThat(query("fields=climate,*keys").fields(KEYS))
        .containsExactly("climate", "state", "rentalName");
    assertThat(query("fields=items.0.qty").fields(KEYS)).containsExactly("items.0.qty");
    assertThat(query("").fields(KEYS)).isEmpty();
    assertThat(query("fields=").fields(KEYS)).isEmpty();
  }

  @Test
  void fields_unknownWildcard_tooMany_tooLong_areRefused() {
    badRequest(() -> query("fields=*all").fields(KEYS), "BadFields").hasMessageContaining("*keys");
    RestPolicy small = RestPolicy.builder().maxFields(2).maxValueLength(5).build();
    badRequest(() -> RestQuery.parse("fields=a,b,c", small).fields(KEYS), "BadFields")
        .hasMessageContaining("more than 2");
    badRequest(() -> RestQuery.parse("fields=abcdef", small).fields(KEYS), "BadFields")
        .hasMessageContaining("longer than 5");
    assertThat(RestQuery.parse("fields=a,,b,", small).fields(KEYS)).containsExactly("a", "b");
  }

  @Test
  void sort_readsOneFieldAndItsDirection() {
    assertThat(query("sort=name").sort()).isEqualTo(new RestQuery.Sort("name", false));
    assertThat(query("sort=-name").sort()).isEqualTo(new RestQuery.Sort("name", true));
    assertThat(query("sort=+name").sort()).isEqualTo(new RestQuery.Sort("name", false));
    assertThat(query("sort=").sort()).isNull();
    assertThat(query("x=1").sort()).isNull();
    badRequest(() -> query("sort=a,b").sort(), "BadSort").hasMessageContaining("one field");
    badRequest(() -> query("sort=-").sort(), "BadSort");
  }

  @Test
  void paging_defaultsAndClampsTheLimit() {
    assertThat(query("").paging()).isEqualTo(new RestQuery.Paging(0, 10));
    assertThat(query("offset=&limit=").paging()).isEqualTo(new RestQuery.Paging(0, 10));
    assertThat(query("offset=20&limit=5").paging()).isEqualTo(new RestQuery.Paging(20, 5));
    assertThat(query("limit=1000").paging()).isEqualTo(new RestQuery.Paging(0, 100));
    assertThat(query("offset=100000").paging().offset()).isEqualTo(100_000);
    assertThat(query("limit=007").paging().limit()).isEqualTo(7);
  }

  @Test
  void paging_malformedOrOutOfRange_isRefused() {
    for (String raw :
        new String[] {
          "offset=-1",
          "offset=1.5",
          "offset=abc",
          "offset=1e3",
          "limit=0x10",
          "limit=-5",
          "offset=99999999999999999999",
          "limit=%EF%BC%91"
        }) {
      badRequest(() -> query(raw).paging(), "BadPaging").as(raw);
    }
    badRequest(() -> query("limit=0").paging(), "BadPaging").hasMessageContaining("at least 1");
    badRequest(() -> query("offset=100001").paging(), "BadPaging")
        .hasMessageContaining("at most 100000");
  }

  @Test
  void flags_acceptTheReferenceVocabulary() {
    for (String yes : new String[] {"yes", "TRUE", "1", "On"}) {
      assertThat(query("force=" + yes).flag("force")).as(yes).isTrue();
    }
    for (String no : new String[] {"no", "false", "0", "off", ""}) {
      assertThat(query("force=" + no).flag("force")).as(no).isFalse();
    }
    assertThat(query("").flag("consistent")).isFalse();
    badRequest(() -> query("consistent=maybe").flag("consistent"), "BadFlag")
        .hasMessageContaining("consistent is a flag");
  }

  @Test
  void names_areTrimmedAndLimited() {
    assertThat(query("names=Hoth,%20Endor%20,,Bespin").names())
        .containsExactly("Hoth", "Endor", "Bespin");
    assertThat(query("").names()).isEmpty();
    RestPolicy small = RestPolicy.builder().maxNames(2).build();
    badRequest(() -> RestQuery.parse("names=a,b,c", small).names(), "BadNames")
        .hasMessageContaining("at most 2");
  }

  @Test
  void search_blankIsNone_tooLongIsRefused() {
    assertThat(query("search=tooine").search()).isEqualTo("tooine");
    assertThat(query("search=%20%20").search()).isNull();
    assertThat(query("search=+a+").search()).isEqualTo(" a ");
    String longText = "x".repeat(1025);
    badRequest(() -> query("search=" + longText).search(), "BadSearch")
        .hasMessageContaining("1025 characters; at most 1024");
    assertThat(query("search=" + "x".repeat(1024)).search()).hasSize(1024);
  }

  @Test
  void overLongQuery_is414() {
    RestPolicy small = RestPolicy.builder().maxQueryLength(10).build();
    refused(() -> RestQuery.parse("search=abcdefghij", small), 414, "UriTooLong");
  }

  @Test
  void requireOnly_refusesUnknownParametersAndMisplacedFilters() {
    Set<String> item = Set.of("fields", "consistent");
    query("fields=a&consistent=1").requireOnly(item, false);
    badRequest(() -> query("fields=a&limt=5").requireOnly(item, false), "UnknownParameter")
        .hasMessageContaining("'limt'")
        .hasMessageContaining("fields");
    badRequest(() -> query("eq-status=x").requireOnly(item, false), "UnknownParameter")
        .hasMessageContaining("filter 'eq-status' is not applied by this route");
    query("eq-status=x&btw-year=1,2").requireOnly(Set.of(), true);
    badRequest(() -> query("like-name=x").requireOnly(Set.of(), true), "UnknownParameter")
        .hasMessageContaining("op one of eq, ne, lt, le, gt, ge, in, btw, beg, ct, ex, nx");
  }

  @Test
  void requireOnly_acceptsExtraParameters_andCanBeLenient() {
    RestPolicy extras = RestPolicy.builder().extraParameters("tenant", "_").build();
    RestQuery.parse("tenant=a&_=123", extras).requireOnly(Set.of(), false);
    RestPolicy lenient = RestPolicy.builder().strictParameters(false).build();
    RestQuery.parse("anything=1&eq-x=2", lenient).requireOnly(Set.of(), false);
  }
}
