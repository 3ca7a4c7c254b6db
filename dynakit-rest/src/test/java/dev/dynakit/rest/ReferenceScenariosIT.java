package dev.dynakit.rest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.core.adapter.Adapter;
import dev.dynakit.test.DynakitTest;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The reference toolkit's REST end-to-end scenarios against the route pack over real HTTP, with the
 * statuses this module fixes where they differ (the module README lists the differences).
 */
@DynakitTest
class ReferenceScenariosIT {
  private HttpFixture http;
  private Adapter adapter;

  @BeforeEach
  void start(DynamoDbClient client) {
    adapter = Planets.load(client);
    http = new HttpFixture(TableRoutes.builder(adapter).build());
  }

  @AfterEach
  void stop() {
    http.close();
  }

  @Test
  void list_sortedByName_withTotal() {
    HttpFixture.Reply reply = http.get("/?sort=name&fields=name&limit=10");
    assertThat(reply.status()).isEqualTo(200);
    assertThat(reply.data()).hasSize(10);
    assertThat(reply.data().get(0)).isEqualTo(Map.of("name", "Alderaan"));
    assertThat(reply.map())
        .containsEntry("offset", 0L)
        .containsEntry("limit", 10L)
        .containsEntry("total", (long) Planets.count());
  }

  @Test
  void list_descending_withSearchOnTheNameMirror() {
    HttpFixture.Reply reply = http.get("/?sort=-name&fields=name&search=tooine&limit=10");
    assertThat(reply.status()).isEqualTo(200);
    assertThat(reply.data())
        .containsExactly(Map.of("name", "Tatooine"), Map.of("name", "Dantooine"));
  }

  @Test
  void list_secondPage_hasBothLinks() {
    HttpFixture.Reply reply = http.get("/?sort=name&fields=name&limit=10&offset=10");
    @SuppressWarnings("unchecked")
    Map<String, Object> links = (Map<String, Object>) reply.map().get("links");
    assertThat(links.get("prev")).isEqualTo("/?sort=name&fields=name&limit=10&offset=0");
    assertThat(links.get("next")).isNull();
    HttpFixture.Reply first = http.get("/?sort=name&fields=name&limit=5&offset=5");
    @SuppressWarnings("unchecked")
    Map<String, Object> both = (Map<String, Object>) first.map().get("links");
    assertThat((String) both.get("prev")).contains("offset=0");
    assertThat((String) both.get("next")).contains("offset=10");
  }

  @Test
  void getByKey_foundAndMissing_andProjected() {
    HttpFixture.Reply tatooine = http.get("/Tatooine");
    assertThat(tatooine.status()).isEqualTo(200);
    assertThat(tatooine.map()).containsEntry("name", "Tatooine").containsEntry("climate", "arid");
    HttpFixture.Reply missing = http.get("/NeverWas");
    assertThat(missing.status()).isEqualTo(404);
    assertThat(missing.body()).isEmpty();
    assertThat(http.get("/Hoth?fields=name,climate").map())
        .isEqualTo(Map.of("name", "Hoth", "climate", "frozen"));
  }

  @Test
  void byNames_keepsTheOrderWithNullHoles() {
    List<Object> items =
        http.get("/-by-names?names=Hoth,Endor,Bespin,XX&fields=name,diameter").list();
    assertThat(items).hasSize(4);
    assertThat(items.get(0)).isEqualTo(Map.of("name", "Hoth", "diameter", 7200L));
    assertThat(items.get(1)).isEqualTo(Map.of("name", "Endor", "diameter", 4900L));
    assertThat(items.get(2)).isEqualTo(Map.of("name", "Bespin", "diameter", 118000L));
    assertThat(items.get(3)).isNull();
  }

  @Test
  void post_createsOnce_thenConflicts() {
    HttpFixture.Reply created =
        http.send("POST", "/", "{\"name\":\"AAA Fake\",\"climate\":\"fake\"}");
    assertThat(created.status()).isEqualTo(204);
    assertThat(created.body()).isEmpty();
    assertThat(http.get("/AAA%20Fake").map()).containsEntry("climate", "fake");
    HttpFixture.Reply again = http.send("POST", "/", "{\"name\":\"Hoth\"}");
    assertThat(again.status()).isEqualTo(409);
    assertThat(again.code()).isEqualTo("ItemExists");
  }

  @Test
  void put_forceReplaces_withoutForceAMissingItemIs404() {
    assertThat(http.send("PUT", "/Tatooine?force=yes", "{\"climate\":\"replaced\"}").status())
        .isEqualTo(204);
    assertThat(http.get("/Tatooine").map())
        .isEqualTo(Map.of("name", "Tatooine", "climate", "replaced"));
    HttpFixture.Reply missing = http.send("PUT", "/NotThere", "{\"climate\":\"x\"}");
    // the reference answers 409 (a failed condition); here a missing item is 404
    assertThat(missing.status()).isEqualTo(404);
    assertThat(missing.code()).isEqualTo("ItemNotFound");
    assertThat(http.get("/NotThere").status()).isEqualTo(404);
  }

  @Test
  void patch_setsAndDeletes() {
    HttpFixture.Reply patched =
        http.send("PATCH", "/Hoth", "{\"gravity\":\"patched\",\"_delete\":[\"surface_water\"]}");
    assertThat(patched.status()).isEqualTo(204);
    assertThat(http.get("/Hoth").map())
        .containsEntry("gravity", "patched")
        .doesNotContainKey("surface_water")
        .containsEntry("climate", "frozen");
  }

  @Test
  void delete_thenGetIs404_andDeletingAgainIs204() {
    http.send("POST", "/", "{\"name\":\"Throwaway\"}");
    assertThat(http.send("DELETE", "/Throwaway", null).status()).isEqualTo(204);
    assertThat(http.get("/Throwaway").status()).isEqualTo(404);
    assertThat(http.send("DELETE", "/NeverExisted", null).status()).isEqualTo(204);
  }

  @Test
  void deleteByNames_countsRequests() {
    http.send("POST", "/", "{\"name\":\"tx1\"}");
    http.send("POST", "/", "{\"name\":\"tx2\"}");
    HttpFixture.Reply reply = http.send("DELETE", "/-by-names?names=tx1,tx2", null);
    assertThat(reply.status()).isEqualTo(200);
    assertThat(reply.map()).isEqualTo(Map.of("processed", 2L));
    assertThat(http.get("/tx1").status()).isEqualTo(404);
  }

  @Test
  void cloneByNames_copiesWithTheOverlay() {
    http.send("POST", "/", "{\"name\":\"Original\",\"climate\":\"mild\"}");
    HttpFixture.Reply reply =
        http.send("PUT", "/-clone-by-names?names=Original", "{\"name\":\"OriginalCopy\"}");
    assertThat(reply.map()).isEqualTo(Map.of("processed", 1L));
    assertThat(http.get("/OriginalCopy").map()).containsEntry("climate", "mild");
    assertThat(http.get("/Original").status()).isEqualTo(200);
  }

  @Test
  void emptyPatch_is422WithCodeAndMessage() {
    HttpFixture.Reply reply = http.send("PATCH", "/Hoth", "{}");
    assertThat(reply.status()).isEqualTo(422);
    assertThat(reply.code()).isEqualTo("EmptyPatch");
    assertThat(reply.message()).isNotBlank();
  }

  @Test
  void patchOnTheRoot_is405() {
    HttpFixture.Reply reply = http.send("PATCH", "/", "{}");
    assertThat(reply.status()).isEqualTo(405);
    assertThat(reply.code()).isEqualTo("MethodNotAllowed");
    assertThat(reply.header("Allow")).hasValue("GET, HEAD, POST, DELETE");
  }
}
