package dev.dynakit.rest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.core.adapter.Adapter;
import dev.dynakit.test.DynakitTest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The routes over several items: by names, load, and delete, clone and move over the list's scope
 * (filters and search honoured, a whole-table delete confirmed).
 */
@DynakitTest
class BulkRoutesIT {
  private DynamoDbClient client;
  private Adapter planets;
  private HttpFixture http;

  @BeforeEach
  void start(DynamoDbClient client) {
    this.client = client;
    planets = Planets.load(client);
    http = new HttpFixture(TableRoutes.builder(planets).build());
  }

  @AfterEach
  void stop() {
    http.close();
  }

  private List<Map<String, AttributeValue>> stored() {
    return RestTables.snapshot(client, Planets.SPEC);
  }

  private List<String> names() {
    List<String> names = new ArrayList<>();
    for (Map<String, Object> item : http.get("/?sort=name&limit=100&fields=name").data()) {
      names.add((String) item.get("name"));
    }
    return names;
  }

  @Test
  void deleteAll_needsConfirmation() {
    List<Map<String, AttributeValue>> before = stored();
    HttpFixture.Reply refused = http.send("DELETE", "/", null);
    assertThat(refused.status()).isEqualTo(400);
    assertThat(refused.code()).isEqualTo("ConfirmationRequired");
    assertThat(refused.message()).contains("?confirm=yes");
    assertThat(http.send("DELETE", "/?confirm=no", null).status()).isEqualTo(400);
    assertThat(stored()).isEqualTo(before);
    HttpFixture.Reply confirmed = http.send("DELETE", "/?confirm=yes", null);
    assertThat(confirmed.map()).isEqualTo(Map.of("processed", (long) Planets.count()));
    assertThat(stored()).isEmpty();
  }

  @Test
  void delete_honoursFiltersAndSearch() {
    HttpFixture.Reply filtered = http.send("DELETE", "/?eq-climate=temperate", null);
    assertThat(filtered.map()).isEqualTo(Map.of("processed", 7L));
    assertThat(names()).hasSize(Planets.count() - 7).doesNotContain("Alderaan", "Naboo");
    HttpFixture.Reply searched = http.send("DELETE", "/?search=tooine", null);
    assertThat(searched.map()).isEqualTo(Map.of("processed", 1L));
    assertThat(names()).doesNotContain("Tatooine").contains("Hoth");
    assertThat(http.send("DELETE", "/?eq-name=Nowhere", null).map())
        .isEqualTo(Map.of("processed", 0L));
  }

  @Test
  void delete_refusesListOnlyParameters_andStopsOnItsItemBudget() {
    List<Map<String, AttributeValue>> before = stored();
    HttpFixture.Reply paged = http.send("DELETE", "/?limit=1&confirm=yes", null);
    assertThat(paged.status()).isEqualTo(400);
    assertThat(paged.code()).isEqualTo("UnknownParameter");
    try (HttpFixture small =
        new HttpFixture(
            TableRoutes.builder(planets)
                .policy(RestPolicy.builder().maxBulkItems(3).build())
                .build())) {
      HttpFixture.Reply first = small.send("DELETE", "/?ct-climate=temperate", null);
      assertThat(first.status()).isEqualTo(200);
      assertThat(first.map()).containsEntry("processed", 3L).containsKey("resume");
      assertThat(small.send("DELETE", "/?in-climate=,frozen,murky", null).map())
          .isEqualTo(Map.of("processed", 2L));
    }
    assertThat(stored()).hasSize(before.size() - 5);
  }

  @Test
  void cloneAndMove_overTheScope() {
    HttpFixture.Reply cloned = http.send("PUT", "/-clone?eq-name=Hoth", "{\"name\":\"Hoth II\"}");
    assertThat(cloned.map()).isEqualTo(Map.of("processed", 1L));
    assertThat(http.get("/Hoth%20II").map()).containsEntry("climate", "frozen");
    HttpFixture.Reply moved =
        http.send("PUT", "/-move?search=tooine&sort=name", "{\"name\":\"Moved\"}");
    // two items move to one key: the second replaces the first
    assertThat(moved.map()).isEqualTo(Map.of("processed", 2L));
    assertThat(names()).doesNotContain("Tatooine", "Dantooine").contains("Moved");
    assertThat(http.get("/Moved").map()).containsEntry("climate", "arid");
  }

  @Test
  void bulkCloneOrMove_thatKeepsTheKey_isRefused_andNoVersionRestarts(DynamoDbClient client) {
    Adapter rentals = Rentals.load(client);
    try (HttpFixture http = new HttpFixture(TableRoutes.builder(rentals).build())) {
      http.send("PATCH", "/TX:Dallas:1", "{\"price\":31}");
      http.send("PATCH", "/TX:Dallas:1", "{\"price\":32}");
      List<Map<String, AttributeValue>> before = RestTables.snapshot(client, Rentals.SPEC);
      for (String route : new String[] {"/-clone", "/-move"}) {
        for (String body : new String[] {null, "{\"status\":\"x\"}"}) {
          HttpFixture.Reply reply = http.send("PUT", route + "?eq-status=free", body);
          assertThat(reply.status()).as(route + " " + body).isEqualTo(400);
          assertThat(reply.code()).isEqualTo("SameKey");
        }
      }
      HttpFixture.Reply byNames =
          http.send("PUT", "/-clone-by-names?names=TX:Dallas:1", "{\"price\":1}");
      assertThat(byNames.code()).isEqualTo("SameKey");
      assertThat(RestTables.snapshot(client, Rentals.SPEC)).isEqualTo(before);
      // an overlay that changes a key field, but not of every item: those are refused one by one
      HttpFixture.Reply partly =
          http.send("PUT", "/-clone?eq-status=free", "{\"city\":\"Dallas\"}");
      assertThat(partly.status()).isEqualTo(200);
      assertThat(partly.map()).containsEntry("processed", 1L);
      assertThat(partly.map().get("failed").toString()).contains("SameKey").contains("Dallas");
      assertThat(http.get("/TX:Dallas:1").header("ETag")).hasValue("\"3\"");
      HttpFixture.Reply stale =
          http.send("PATCH", "/TX:Dallas:1", "{\"price\":1}", "If-Match", "\"1\"");
      assertThat(stale.status()).isEqualTo(412);
      assertThat(RestTables.snapshot(client, Rentals.SPEC)).hasSize(before.size() + 1);
    }
  }

  @Test
  void unscopedCloneAndMove_needConfirmation() {
    List<Map<String, AttributeValue>> before = stored();
    for (String route : new String[] {"/-clone", "/-move"}) {
      HttpFixture.Reply refused = http.send("PUT", route, "{\"name\":\"All\"}");
      assertThat(refused.status()).as(route).isEqualTo(400);
      assertThat(refused.code()).isEqualTo("ConfirmationRequired");
      assertThat(refused.message()).contains("?confirm=yes");
    }
    assertThat(stored()).isEqualTo(before);
    assertThat(http.send("PUT", "/-clone?confirm=yes", "{\"name\":\"All\"}").map())
        .containsEntry("processed", (long) Planets.count());
    assertThat(stored()).hasSize(before.size() + 1);
  }

  @Test
  void repeatedParameters_areRefused_andCountAgainstTheFilterLimit() {
    List<Map<String, AttributeValue>> before = stored();
    HttpFixture.Reply twice = http.send("DELETE", "/?eq-climate=temperate&eq-climate=frozen", null);
    assertThat(twice.status()).isEqualTo(400);
    assertThat(twice.code()).isEqualTo("RepeatedParameter");
    assertThat(twice.message()).contains("eq-climate").contains("2 times");
    HttpFixture.Reply listed = http.get("/?eq-climate=temperate&eq-climate=frozen");
    assertThat(listed.code()).isEqualTo("RepeatedParameter");
    assertThat(http.get("/?sort=name&sort=-name").code()).isEqualTo("RepeatedParameter");
    String many = "eq-climate=x&".repeat(51);
    HttpFixture.Reply tooMany = http.get("/?" + many);
    assertThat(tooMany.status()).isEqualTo(400);
    assertThat(tooMany.code()).isEqualTo("TooManyFilters");
    assertThat(stored()).isEqualTo(before);
  }

  @Test
  void move_overAHierarchy_takesEveryTier(DynamoDbClient client) {
    Adapter rentals = Rentals.load(client);
    try (HttpFixture http =
        new HttpFixture(
            TableRoutes.builder(rentals)
                .policy(RestPolicy.builder().extraParameters("state").build())
                .exampleBuilder(
                    (query, body) ->
                        query.has("state") ? Map.of("state", query.get("state")) : Map.of())
                .build())) {
      HttpFixture.Reply moved = http.send("PUT", "/-move?eq-state=TX", "{\"state\":\"OK\"}");
      assertThat(moved.map()).isEqualTo(Map.of("processed", 6L));
      assertThat(http.get("/OK").map()).containsEntry("name", "Texas");
      assertThat(http.get("/OK:Dallas:1").map()).containsEntry("model", "Civic");
      assertThat(http.get("/TX:Dallas:1").status()).isEqualTo(404);
      // an example narrows the scope, so no confirmation is needed
      HttpFixture.Reply deleted = http.send("DELETE", "/?state=CA", null);
      assertThat(deleted.map()).isEqualTo(Map.of("processed", 1L));
      assertThat(http.get("/?limit=100").data()).hasSize(6);
    }
  }

  @Test
  void byNames_get_deduplicatesAndProjects() {
    List<Object> items = http.get("/-by-names?names=Hoth,Endor,Hoth&fields=*keys,climate").list();
    assertThat(items)
        .containsExactly(
            Map.of("name", "Hoth", "climate", "frozen"),
            Map.of("name", "Endor", "climate", "temperate"),
            Map.of("name", "Hoth", "climate", "frozen"));
    assertThat(http.get("/-by-names").list()).isEmpty();
    assertThat(http.get("/-by-names?names=Hoth&consistent=yes").list()).hasSize(1);
    assertThat(http.get("/-by-names?names=Hoth&eq-name=x").code()).isEqualTo("UnknownParameter");
  }

  @Test
  void byNames_delete_fromQueryOrBody() {
    HttpFixture.Reply body = http.send("DELETE", "/-by-names", "[\"Hoth\",\"Endor\",\"Nowhere\"]");
    assertThat(body.map()).isEqualTo(Map.of("processed", 3L));
    assertThat(names()).doesNotContain("Hoth", "Endor");
    assertThat(http.send("DELETE", "/-by-names?names=Naboo", null).map())
        .isEqualTo(Map.of("processed", 1L));
    assertThat(http.send("DELETE", "/-by-names", null).map()).isEqualTo(Map.of("processed", 0L));
    List<Map<String, AttributeValue>> before = stored();
    HttpFixture.Reply bad = http.send("DELETE", "/-by-names", "{\"names\":[\"Kamino\"]}");
    assertThat(bad.status()).isEqualTo(400);
    assertThat(bad.code()).isEqualTo("BadNames");
    assertThat(stored()).isEqualTo(before);
  }

  @Test
  void load_writesEveryItem_withTheirMirrors() {
    HttpFixture.Reply loaded =
        http.send(
            "PUT",
            "/-load",
            "[{\"name\":\"Jakku\",\"climate\":\"arid\",\"kind\":\"planet\"},"
                + "{\"name\":\"Hoth\",\"climate\":\"reloaded\"}]");
    assertThat(loaded.map()).isEqualTo(Map.of("processed", 2L));
    assertThat(http.get("/?search=jakku&fields=name").data())
        .containsExactly(Map.of("name", "Jakku"));
    assertThat(http.get("/Hoth").map()).isEqualTo(Map.of("name", "Hoth", "climate", "reloaded"));
  }

  @Test
  void load_refusesTheWholeBodyBeforeWriting() {
    List<Map<String, AttributeValue>> before = stored();
    HttpFixture.Reply noKey =
        http.send("PUT", "/-load", "[{\"name\":\"Ok\"},{\"climate\":\"no name\"}]");
    assertThat(noKey.status()).isEqualTo(400);
    assertThat(noKey.code()).isEqualTo("BadKey");
    HttpFixture.Reply notArray = http.send("PUT", "/-load", "{\"name\":\"Ok\"}");
    assertThat(notArray.code()).isEqualTo("BadLoadBody");
    try (HttpFixture small =
        new HttpFixture(
            TableRoutes.builder(planets)
                .policy(RestPolicy.builder().maxBulkItems(1).build())
                .build())) {
      HttpFixture.Reply tooMany =
          small.send("PUT", "/-load", "[{\"name\":\"A\"},{\"name\":\"B\"}]");
      assertThat(tooMany.status()).isEqualTo(400);
      assertThat(tooMany.code()).isEqualTo("TooManyItems");
    }
    HttpFixture.Reply technical =
        http.send("PUT", "/-load", "[{\"name\":\"Ok\"},{\"name\":\"X\",\"-search-name\":\"x\"}]");
    assertThat(technical.code()).isEqualTo("TechnicalField");
    assertThat(stored()).isEqualTo(before);
  }

  @Test
  void cloneAndMoveByNames_takeNamesFromQueryOrBody() {
    assertThat(http.send("PUT", "/-clone-by-names", "[\"Hoth\",\"Nowhere\"]").code())
        .as("no overlay: every copy would land on itself")
        .isEqualTo("SameKey");
    assertThat(
            http.send("PUT", "/-move-by-names?names=Hoth,Endor", "{\"climate\":\"moved\"}").code())
        .isEqualTo("SameKey");
    assertThat(
            http.send("PUT", "/-clone-by-names?names=Hoth,Nowhere", "{\"name\":\"Hoth II\"}").map())
        .isEqualTo(Map.of("processed", 1L, "skipped", 1L));
    assertThat(http.send("PUT", "/-move-by-names?names=Endor", "{\"name\":\"Endor II\"}").map())
        .isEqualTo(Map.of("processed", 1L));
    assertThat(http.get("/Endor").status()).isEqualTo(404);
    assertThat(http.get("/Endor%20II").map()).containsEntry("climate", "temperate");
    assertThat(http.send("PUT", "/-move-by-names?names=Hoth", "[\"Endor\"]").code())
        .isEqualTo("BadBody");
  }
}
