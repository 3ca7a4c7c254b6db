package dev.dynakit.rest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.core.adapter.Adapter;
import dev.dynakit.core.adapter.Patch;
import dev.dynakit.test.DynakitTest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** {@code GET /}: every query parameter of the list route, over HTTP. */
@DynakitTest
class ListRouteIT {
  private HttpFixture http;
  private Adapter adapter;

  @BeforeEach
  void start(DynamoDbClient client) {
    adapter = Planets.load(client);
    adapter.patch(Map.of("name", "Hoth"), Patch.of(Map.of("tags", Set.of("ice", "rebels"))));
    http = new HttpFixture(TableRoutes.builder(adapter).build());
  }

  @AfterEach
  void stop() {
    http.close();
  }

  private List<String> names(String target) {
    HttpFixture.Reply reply = http.get(target);
    assertThat(reply.status()).as(target + " -> " + reply).isEqualTo(200);
    List<String> names = new ArrayList<>();
    for (Map<String, Object> item : reply.data()) {
      names.add((String) item.get("name"));
    }
    return names;
  }

  @Test
  void everyFilterOperator_overHttp() {
    assertThat(names("/?eq-climate=arid&limit=100")).containsExactly("Tatooine");
    assertThat(names("/?ne-climate=temperate&limit=100")).hasSize(Planets.count() - 7);
    assertThat(names("/?lt-diameter=4900&limit=100")).containsExactly("Mustafar");
    assertThat(names("/?le-diameter=4900&limit=100"))
        .containsExactlyInAnyOrder("Mustafar", "Endor");
    assertThat(names("/?gt-diameter=19720&limit=100")).containsExactly("Bespin");
    assertThat(names("/?ge-diameter=19720&limit=100"))
        .containsExactlyInAnyOrder("Bespin", "Kamino");
    assertThat(names("/?in-climate=,frozen,murky&limit=100"))
        .containsExactlyInAnyOrder("Hoth", "Dagobah");
    assertThat(names("/?btw-diameter=4000,5000&limit=100"))
        .containsExactlyInAnyOrder("Endor", "Mustafar");
    assertThat(names("/?beg-name=Da&limit=100")).containsExactlyInAnyOrder("Dagobah", "Dantooine");
    assertThat(names("/?ct-climate=arid&limit=100"))
        .containsExactlyInAnyOrder("Tatooine", "Geonosis", "Utapau");
    assertThat(names("/?ct-tags=ice&limit=100")).containsExactly("Hoth");
    assertThat(names("/?ex-tags&limit=100")).containsExactly("Hoth");
    assertThat(names("/?nx-tags=&limit=100")).hasSize(Planets.count() - 1);
  }

  @Test
  void clausesAreAnded_andTheTotalCountsMatches() {
    HttpFixture.Reply reply = http.get("/?ct-climate=temperate&gt-diameter=12000&limit=2");
    assertThat(reply.map().get("total")).isEqualTo(6L);
    assertThat(reply.data()).hasSize(2);
    assertThat(names("/?ct-climate=temperate&gt-diameter=12000&limit=100"))
        .containsExactlyInAnyOrder("Alderaan", "Coruscant", "Naboo", "Utapau", "Bespin", "Kamino");
  }

  @Test
  void filtersOnTheSortIndexKey_becomeTheKeyCondition_orderKept() {
    assertThat(names("/?sort=name&beg-name=D")).containsExactly("Dagobah", "Dantooine");
    assertThat(names("/?sort=-name&btw-name=,E,K")).containsExactly("Hoth", "Geonosis", "Endor");
  }

  @Test
  void fields_projectAndExpandKeys() {
    HttpFixture.Reply reply = http.get("/?fields=*keys,climate&eq-name=Hoth");
    assertThat(reply.data()).containsExactly(Map.of("name", "Hoth", "climate", "frozen"));
    assertThat(http.get("/?fields=*all").code()).isEqualTo("BadFields");
  }

  @Test
  void search_isCaseInsensitive_andLimitedToRequestedSearchableFields() {
    assertThat(names("/?search=MOUNTAIN&limit=100"))
        .containsExactlyInAnyOrder(
            "Alderaan", "Coruscant", "Dantooine", "Endor", "Geonosis", "Hoth", "Mustafar", "Naboo");
    assertThat(names("/?search=hot&limit=100")).containsExactlyInAnyOrder("Mustafar", "Hoth");
    assertThat(names("/?search=lava&fields=name,terrain&limit=100")).containsExactly("Mustafar");
    assertThat(names("/?search=lava&fields=name,climate&limit=100")).isEmpty();
    HttpFixture.Reply none = http.get("/?search=hot&fields=diameter");
    assertThat(none.status()).isEqualTo(400);
    assertThat(none.code()).isEqualTo("BadSearch");
    assertThat(none.message()).contains("searchable");
  }

  @Test
  void paging_offsetLimitAndLinks() {
    List<String> all = names("/?sort=name&limit=100");
    assertThat(all).hasSize(Planets.count()).isSorted();
    assertThat(names("/?sort=name&offset=3&limit=4")).isEqualTo(all.subList(3, 7));
    HttpFixture.Reply reply = http.get("/?sort=name&offset=3&limit=4&fields=name");
    assertThat(reply.map())
        .containsEntry("offset", 3L)
        .containsEntry("limit", 4L)
        .containsEntry("total", (long) Planets.count());
    assertThat(reply.map().get("links"))
        .isEqualTo(
            Map.of(
                "prev", "/?sort=name&offset=0&limit=4&fields=name",
                "next", "/?sort=name&offset=7&limit=4&fields=name"));
    HttpFixture.Reply clamped = http.get("/?limit=1000");
    assertThat(clamped.map().get("limit")).isEqualTo(100L);
    assertThat(clamped.data()).hasSize(Planets.count());
    assertThat(http.get("/?offset=100").data()).isEmpty();
    assertThat(http.get("/?limit=0").code()).isEqualTo("BadPaging");
    assertThat(http.get("/?offset=-1").code()).isEqualTo("BadPaging");
  }

  @Test
  void withoutTotals_theEnvelopeHasNone() {
    try (HttpFixture lean =
        new HttpFixture(
            TableRoutes.builder(adapter)
                .policy(RestPolicy.builder().needTotal(false).build())
                .build())) {
      HttpFixture.Reply reply = lean.get("/?sort=name&limit=5");
      assertThat(reply.map()).doesNotContainKey("total");
      assertThat(reply.data()).hasSize(5);
      assertThat(reply.map().get("links"))
          .isEqualTo(
              new java.util.HashMap<>(Map.of("next", "/?sort=name&limit=5&offset=5")) {
                {
                  put("prev", null);
                }
              });
    }
  }

  @Test
  void consistent_onTheTable_andRefusedOnAGlobalIndex() {
    assertThat(names("/?consistent=yes&limit=100")).hasSize(Planets.count());
    HttpFixture.Reply gsi = http.get("/?sort=name&consistent=true");
    assertThat(gsi.status()).isEqualTo(400);
    assertThat(gsi.code()).isEqualTo("ConsistentReadOnGSIRejected");
    assertThat(http.get("/?consistent=perhaps").code()).isEqualTo("BadFlag");
  }

  @Test
  void sort_needsAnIndex_orTheConfiguredMap() {
    HttpFixture.Reply unsorted = http.get("/?sort=climate");
    assertThat(unsorted.status()).isEqualTo(400);
    assertThat(unsorted.code()).isEqualTo("NoIndexForSortField");
    assertThat(unsorted.message()).contains("climate");
    try (HttpFixture mapped =
        new HttpFixture(
            TableRoutes.builder(adapter).sortableIndices(Map.of("title", "byName")).build())) {
      HttpFixture.Reply byTitle = mapped.get("/?sort=-title&limit=1&fields=name");
      assertThat(byTitle.data()).containsExactly(Map.of("name", "Yavin IV"));
      HttpFixture.Reply byName = mapped.get("/?sort=name");
      assertThat(byName.code()).isEqualTo("NoIndexForSortField");
      assertThat(byName.message()).contains("sortable fields: [title]");
    }
  }

  @Test
  void unknownParameters_areRefusedUnlessDeclared() {
    HttpFixture.Reply typo = http.get("/?limt=5");
    assertThat(typo.status()).isEqualTo(400);
    assertThat(typo.code()).isEqualTo("UnknownParameter");
    assertThat(typo.message()).contains("'limt'").contains("limit");
    try (HttpFixture extras =
        new HttpFixture(
            TableRoutes.builder(adapter)
                .policy(RestPolicy.builder().extraParameters("_").build())
                .build())) {
      assertThat(extras.get("/?_=1700000000&limit=1").status()).isEqualTo(200);
    }
  }

  @Test
  void head_hasTheGetHeadersAndNoBody() {
    HttpFixture.Reply get = http.get("/?sort=name");
    HttpFixture.Reply head = http.send("HEAD", "/?sort=name", null);
    assertThat(head.status()).isEqualTo(200);
    assertThat(head.body()).isEmpty();
    assertThat(head.header("Content-Length"))
        .hasValue(
            Integer.toString(get.body().getBytes(java.nio.charset.StandardCharsets.UTF_8).length));
  }
}
