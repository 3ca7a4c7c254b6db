package dev.dynakit.rest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynakit.core.adapter.Adapter;
import dev.dynakit.test.DynakitTest;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** Route matching, 405s, HEAD, keys that look like methods, and the renamable policy names. */
@DynakitTest
class RoutingIT {
  private Adapter adapter;
  private HttpFixture http;

  @BeforeEach
  void start(DynamoDbClient client) {
    adapter = Planets.load(client);
    http = new HttpFixture(TableRoutes.builder(adapter).build());
  }

  @AfterEach
  void stop() {
    http.close();
  }

  private void notAllowed(String method, String path, String allow) {
    HttpFixture.Reply reply = http.send(method, path, "{}");
    assertThat(reply.status()).as(method + " " + path).isEqualTo(405);
    assertThat(reply.code()).isEqualTo("MethodNotAllowed");
    assertThat(reply.message()).doesNotContain(path.substring(1).isEmpty() ? "\u0000" : path);
    assertThat(reply.header("Allow")).as(method + " " + path).hasValue(allow);
  }

  @Test
  void otherMethodsAndShapes_are405WithAllow() {
    notAllowed("PATCH", "/", "GET, HEAD, POST, DELETE");
    notAllowed("PUT", "/", "GET, HEAD, POST, DELETE");
    notAllowed("POST", "/Hoth", "GET, HEAD, PUT, PATCH, DELETE");
    notAllowed("GET", "/-load", "PUT");
    notAllowed("DELETE", "/-clone", "PUT");
    notAllowed("PUT", "/-by-names", "GET, HEAD, DELETE");
    notAllowed("DELETE", "/Hoth/-clone", "PUT");
    notAllowed("GET", "/Hoth/-move", "PUT");
    notAllowed("OPTIONS", "/", "GET, HEAD, POST, DELETE");
    notAllowed("OPTIONS", "/Hoth", "GET, HEAD, PUT, PATCH, DELETE");
  }

  private void notFound(String method, String path) {
    HttpFixture.Reply reply = http.send(method, path, method.equals("GET") ? null : "{}");
    assertThat(reply.status()).as(method + " " + path).isEqualTo(404);
    assertThat(reply.code()).isEqualTo("NotFound");
    assertThat(reply.message()).contains("no route");
    assertThat(reply.header("Allow")).as(method + " " + path).isEmpty();
  }

  @Test
  void unknownRoutes_are404WithAJsonBody_notA405WithAnEmptyAllow() {
    notFound("GET", "/-nope");
    notFound("PUT", "/Hoth/-nope");
    notFound("GET", "/a/b");
    notFound("GET", "/a/b/-clone");
    notFound("DELETE", "/-nope");
    notFound("OPTIONS", "/x/y/z");
  }

  @Test
  void keysThatLookLikeMethods_orHoldSlashes() {
    assertThat(http.send("POST", "/", "{\"name\":\"-dash\"}").status()).isEqualTo(204);
    assertThat(http.get("/%2Ddash").map()).containsEntry("name", "-dash");
    assertThat(http.get("/-dash").status()).isEqualTo(404);
    assertThat(http.send("POST", "/", "{\"name\":\"a/b\"}").status()).isEqualTo(204);
    assertThat(http.get("/a%2Fb").map()).containsEntry("name", "a/b");
    assertThat(http.send("PUT", "/a%2Fb/-clone", "{\"name\":\"c/d\"}").status()).isEqualTo(204);
    assertThat(http.get("/-by-names?names=a/b,c/d").list()).doesNotContainNull();
    assertThat(http.send("POST", "/", "{\"name\":\"-\"}").status()).isEqualTo(204);
    assertThat(http.get("/-").status()).isEqualTo(200);
    assertThat(http.get("/Hoth/").status()).isEqualTo(200);
  }

  @Test
  void head_isAGetWithoutBody_everywhere() {
    for (String path : new String[] {"/", "/Hoth", "/-by-names?names=Hoth"}) {
      HttpFixture.Reply get = http.get(path);
      HttpFixture.Reply head = http.send("HEAD", path, null);
      assertThat(head.status()).as(path).isEqualTo(200);
      assertThat(head.body()).isEmpty();
      assertThat(head.header("Content-Type")).hasValue("application/json; charset=utf-8");
      assertThat(head.header("Content-Length"))
          .hasValue(
              Integer.toString(
                  get.body().getBytes(java.nio.charset.StandardCharsets.UTF_8).length));
    }
  }

  @Test
  void renamedPolicyNames_areUsedOnTheWire() {
    RestPolicy policy =
        RestPolicy.builder()
            .methodPrefix("~")
            .metaPrefix("$")
            .envelope(new EnvelopeNames("items", "count", "skip", "take", "pages"))
            .statusCodes(new StatusCodes(410, 422, 409, 429, 503, 500))
            .defaultLimit(3)
            .build();
    try (HttpFixture custom =
        new HttpFixture(TableRoutes.builder(adapter).policy(policy).build())) {
      Map<String, Object> envelope = custom.get("/?sort=name&fields=name").map();
      assertThat(envelope.keySet()).containsExactly("items", "skip", "take", "count", "pages");
      assertThat(envelope.get("take")).isEqualTo(3L);
      assertThat(custom.get("/~by-names?names=Hoth").list()).hasSize(1);
      assertThat(custom.get("/-by-names").status()).isEqualTo(410);
      assertThat(
              custom
                  .send("PATCH", "/Hoth", "{\"_private\":1,\"$delete\":[\"surface_water\"]}")
                  .status())
          .isEqualTo(204);
      assertThat(custom.get("/Hoth").map())
          .containsEntry("_private", 1L)
          .doesNotContainKey("surface_water");
      HttpFixture.Reply miss = custom.send("PATCH", "/Nowhere", "{\"a\":1}");
      assertThat(miss.status()).isEqualTo(410);
      assertThat(miss.code()).isEqualTo("ItemNotFound");
    }
  }

  @Test
  void builder_refusesSettingsTheAdapterCannotServe() {
    assertThatThrownBy(
            () ->
                TableRoutes.builder(adapter)
                    .policy(RestPolicy.builder().maxLimit(5000).build())
                    .build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("maxLimit 5000");
    assertThatThrownBy(
            () -> TableRoutes.builder(adapter).sortableIndices(Map.of("name", "byNothing")).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'byNothing', which is not declared");
  }

  @Test
  void customErrorBody() {
    RestPolicy policy =
        RestPolicy.builder()
            .errorBody(error -> Map.of("error", error.code(), "detail", error.message()))
            .build();
    try (HttpFixture custom =
        new HttpFixture(TableRoutes.builder(adapter).policy(policy).build())) {
      HttpFixture.Reply reply = custom.get("/?eq-gravity=1");
      assertThat(reply.status()).isEqualTo(400);
      assertThat(reply.map()).containsEntry("error", "BadFilterField").containsKey("detail");
    }
  }

  @Test
  void mountedRoutes_linkBelowTheMount() {
    try (HttpFixture mounted =
        new HttpFixture(TableRoutes.builder(adapter).build(), "/api/planets")) {
      Map<String, Object> envelope = mounted.get("/api/planets/?sort=name&limit=2").map();
      assertThat(envelope.get("links"))
          .isEqualTo(
              new java.util.HashMap<>(Map.of("next", "/api/planets/?sort=name&limit=2&offset=2")) {
                {
                  put("prev", null);
                }
              });
      assertThat(mounted.get("/api/planets/Hoth").status()).isEqualTo(200);
      assertThat(mounted.get("/api/planets").status()).isEqualTo(200);
      assertThat(mounted.get("/api/planetsX").status()).isEqualTo(404);
    }
  }

  @Test
  void customKeyMapper_isUsedForPathsAndNames() {
    KeyMapper capitalised =
        text ->
            Map.of(
                "name",
                text.substring(0, 1).toUpperCase(Locale.ROOT)
                    + text.substring(1).toLowerCase(Locale.ROOT));
    try (HttpFixture custom =
        new HttpFixture(TableRoutes.builder(adapter).keyMapper(capitalised).build())) {
      assertThat(custom.get("/hOTH").map()).containsEntry("name", "Hoth");
      assertThat(custom.get("/-by-names?names=endor,NABOO").list())
          .extracting(item -> (Object) ((Map<?, ?>) item).get("name"))
          .containsExactly("Endor", "Naboo");
    }
  }
}
