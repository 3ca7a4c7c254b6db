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
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The item routes on a hierarchical, versioned table: composite keys in the path, ETags, {@code
 * If-Match}, body versions, clone and move.
 */
@DynakitTest
class ItemRoutesIT {
  private DynamoDbClient client;
  private HttpFixture http;

  @BeforeEach
  void start(DynamoDbClient client) {
    this.client = client;
    Adapter adapter = Rentals.load(client);
    http = new HttpFixture(TableRoutes.builder(adapter).build());
  }

  @AfterEach
  void stop() {
    http.close();
  }

  private List<Map<String, AttributeValue>> stored() {
    return RestTables.snapshot(client, Rentals.SPEC);
  }

  @Test
  void compositeKeys_addressEveryTier() {
    HttpFixture.Reply car = http.get("/TX:Dallas:1");
    assertThat(car.status()).isEqualTo(200);
    assertThat(car.map())
        .containsEntry("state", "TX")
        .containsEntry("city", "Dallas")
        .containsEntry("car", 1L)
        .containsEntry("model", "Civic")
        .containsEntry("_v", 1L)
        .doesNotContainKeys("_sk", "_search-model");
    assertThat(car.header("ETag")).hasValue("\"1\"");
    assertThat(http.get("/TX").map()).containsEntry("name", "Texas").doesNotContainKey("city");
    assertThat(http.get("/TX:Dallas").map())
        .containsEntry("city", "Dallas")
        .doesNotContainKey("car");
    assertThat(http.get("/TX:Dallas:00001").map()).containsEntry("model", "Civic");
    assertThat(http.get("/TX:Dallas:9").status()).isEqualTo(404);
    assertThat(http.get("/TX:Dallas:1?fields=model&consistent=yes").map())
        .isEqualTo(Map.of("model", "Civic"));
  }

  @Test
  void badCompositeKeys_are400() {
    for (String path : new String[] {"/TX:Dallas:x", "/TX:Dallas:1:2", "/TX::1", "/TX:a%25zz"}) {
      HttpFixture.Reply reply = http.get(path);
      assertThat(reply.status()).as(path).isEqualTo(400);
      assertThat(reply.code()).as(path).isEqualTo("BadKey");
    }
  }

  @Test
  void put_withIfMatch_bumpsTheVersion_andAStaleOneIs412() {
    String body = "{\"status\":\"repair\",\"price\":31,\"model\":\"Civic\"}";
    HttpFixture.Reply put = http.send("PUT", "/TX:Dallas:1", body, "If-Match", "\"1\"");
    assertThat(put.status()).isEqualTo(204);
    assertThat(put.header("ETag")).hasValue("\"2\"");
    assertThat(http.get("/TX:Dallas:1").map()).containsEntry("status", "repair");
    List<Map<String, AttributeValue>> before = stored();
    HttpFixture.Reply stale = http.send("PUT", "/TX:Dallas:1", body, "If-Match", "\"1\"");
    assertThat(stale.status()).isEqualTo(412);
    assertThat(stale.code()).isEqualTo("PreconditionFailed");
    assertThat(stale.message()).contains("version 2");
    assertThat(stored()).isEqualTo(before);
    assertThat(http.send("PUT", "/TX:Dallas:1", body, "If-Match", "*").status()).isEqualTo(204);
    HttpFixture.Reply missing = http.send("PUT", "/TX:Dallas:9", body, "If-Match", "*");
    assertThat(missing.status()).isEqualTo(412);
    assertThat(stored()).hasSize(before.size());
  }

  @Test
  void put_withAStaleBodyVersion_is409() {
    List<Map<String, AttributeValue>> before = stored();
    HttpFixture.Reply stale = http.send("PUT", "/TX:Dallas:1", "{\"_v\":5,\"status\":\"x\"}");
    assertThat(stale.status()).isEqualTo(409);
    assertThat(stale.code()).isEqualTo("VersionConflict");
    assertThat(stored()).isEqualTo(before);
    HttpFixture.Reply disagree =
        http.send("PUT", "/TX:Dallas:1", "{\"_v\":1,\"status\":\"x\"}", "If-Match", "\"2\"");
    assertThat(disagree.status()).isEqualTo(400);
    assertThat(disagree.code()).isEqualTo("BadIfMatch");
    assertThat(http.send("PUT", "/TX:Dallas:1", "{\"_v\":1,\"status\":\"x\"}").status())
        .isEqualTo(204);
    assertThat(http.get("/TX:Dallas:1").header("ETag")).hasValue("\"2\"");
  }

  @Test
  void versionedPut_withoutAVersion_createsButNeverReplaces() {
    List<Map<String, AttributeValue>> before = stored();
    HttpFixture.Reply blind = http.send("PUT", "/TX:Dallas:1", "{\"status\":\"lost update\"}");
    assertThat(blind.status()).isEqualTo(409);
    assertThat(blind.code()).isEqualTo("VersionRequired");
    assertThat(blind.message()).contains("version");
    assertThat(stored()).isEqualTo(before);
    HttpFixture.Reply created = http.send("PUT", "/TX:Dallas:9", "{\"status\":\"new\"}");
    assertThat(created.status()).isEqualTo(204);
    assertThat(created.header("ETag")).hasValue("\"1\"");
    HttpFixture.Reply forced =
        http.send("PUT", "/TX:Dallas:9?force=yes", "{\"state\":\"CA\",\"status\":\"new\"}");
    assertThat(forced.status()).isEqualTo(204);
    assertThat(forced.header("ETag")).as("the version goes on, never restarts").hasValue("\"2\"");
    assertThat(http.send("PATCH", "/TX:Dallas:9", "{\"a\":1}", "If-Match", "\"1\"").status())
        .isEqualTo(412);
    assertThat(http.get("/TX:Dallas:9").map()).containsEntry("state", "TX");
    assertThat(http.send("PUT", "/TX:Dallas:10?force=yes", null).status()).isEqualTo(204);
    assertThat(http.get("/TX:Dallas:10").map()).containsEntry("car", 10L);
  }

  @Test
  void unversionedPut_replacesOnly_orCreatesWithForce(DynamoDbClient client) {
    try (HttpFixture planets = new HttpFixture(TableRoutes.builder(Planets.load(client)).build())) {
      HttpFixture.Reply missing = planets.send("PUT", "/Nowhere", "{\"climate\":\"x\"}");
      assertThat(missing.status()).isEqualTo(404);
      assertThat(missing.code()).isEqualTo("ItemNotFound");
      assertThat(planets.send("PUT", "/Hoth", "{\"climate\":\"thawed\"}").status()).isEqualTo(204);
      assertThat(planets.get("/Hoth").map()).containsEntry("climate", "thawed");
      assertThat(planets.send("PUT", "/Nowhere?force=yes", "{}").status()).isEqualTo(204);
    }
  }

  @Test
  void post_carryingAVersion_createsVersionOne() {
    HttpFixture.Reply posted =
        http.send("POST", "/", "{\"state\":\"TX\",\"city\":\"Dallas\",\"car\":8,\"_v\":7}");
    assertThat(posted.status()).isEqualTo(204);
    assertThat(posted.header("ETag")).hasValue("\"1\"");
    assertThat(http.get("/TX:Dallas:8").map()).containsEntry("_v", 1L);
  }

  @Test
  void writes_ofAFilterableNumberAsText_are400() {
    List<Map<String, AttributeValue>> before = stored();
    HttpFixture.Reply posted =
        http.send(
            "POST", "/", "{\"state\":\"TX\",\"city\":\"Dallas\",\"car\":8,\"price\":\"cheap\"}");
    assertThat(posted.status()).isEqualTo(400);
    assertThat(posted.code()).isEqualTo("BadValue");
    assertThat(posted.message()).contains("price").contains("cheap");
    HttpFixture.Reply patched = http.send("PATCH", "/TX:Dallas:1", "{\"price\":\"cheap\"}");
    assertThat(patched.status()).isEqualTo(400);
    assertThat(patched.code()).isEqualTo("BadValue");
    assertThat(stored()).isEqualTo(before);
  }

  @Test
  void put_bodyMayNotAddDeeperKeyFields() {
    List<Map<String, AttributeValue>> before = stored();
    HttpFixture.Reply reply = http.send("PUT", "/TX?force=yes", "{\"city\":\"Houston\"}");
    assertThat(reply.status()).isEqualTo(400);
    assertThat(reply.code()).isEqualTo("BadKey");
    assertThat(reply.message()).contains("'city'");
    assertThat(stored()).isEqualTo(before);
  }

  @Test
  @SuppressWarnings("unchecked")
  void patch_appliesEveryKindOfChange_withVersions() {
    http.send("PATCH", "/TX:Dallas:1", "{\"tags\":[\"a\",\"b\"],\"stats\":{\"trips\":1}}");
    HttpFixture.Reply patched =
        http.send(
            "PATCH",
            "/TX:Dallas:1",
            "{\"price\":99,\"stats.trips\":2,\"_delete\":[\"model\"],\"_arrayOps\":["
                + "{\"op\":\"append\",\"path\":\"tags\",\"values\":[\"z\"]},"
                + "{\"op\":\"add\",\"path\":\"visits\",\"value\":3},"
                + "{\"op\":\"add\",\"path\":\"labels\",\"value\":[\"x\",\"y\"]}]}",
            "If-Match",
            "\"2\"");
    assertThat(patched.status()).as(patched.toString()).isEqualTo(204);
    assertThat(patched.header("ETag")).hasValue("\"3\"");
    http.send(
        "PATCH",
        "/TX:Dallas:1",
        "{\"_arrayOps\":[{\"op\":\"prepend\",\"path\":\"tags\",\"values\":[\"0\"]}]}");
    Map<String, Object> item = http.get("/TX:Dallas:1").map();
    assertThat(item)
        .containsEntry("price", 99L)
        .containsEntry("stats", Map.of("trips", 2L))
        .containsEntry("tags", List.of("0", "a", "b", "z"))
        .containsEntry("visits", 3L)
        .containsEntry("_v", 4L)
        .doesNotContainKey("model");
    assertThat((List<Object>) item.get("labels")).containsExactlyInAnyOrder("x", "y");
    http.send(
        "PATCH",
        "/TX:Dallas:1",
        "{\"_separator\":\"/\",\"_arrayOps\":[{\"op\":\"setAtIndex\",\"path\":\"tags\",\"index\":0,"
            + "\"value\":\"first\"},{\"op\":\"removeAtIndex\",\"path\":\"tags\",\"index\":3}]}");
    assertThat(http.get("/TX:Dallas:1").map()).containsEntry("tags", List.of("first", "a", "b"));
  }

  @Test
  void patch_staleVersions_missingItems_andKeyFields() {
    List<Map<String, AttributeValue>> before = stored();
    HttpFixture.Reply stale =
        http.send("PATCH", "/TX:Dallas:1", "{\"price\":1}", "If-Match", "\"7\"");
    assertThat(stale.status()).isEqualTo(412);
    HttpFixture.Reply staleBody = http.send("PATCH", "/TX:Dallas:1", "{\"price\":1,\"_v\":7}");
    assertThat(staleBody.status()).isEqualTo(409);
    assertThat(staleBody.code()).isEqualTo("VersionConflict");
    HttpFixture.Reply missing = http.send("PATCH", "/TX:Dallas:9", "{\"price\":1}");
    assertThat(missing.status()).isEqualTo(404);
    assertThat(missing.code()).isEqualTo("ItemNotFound");
    assertThat(stored()).isEqualTo(before);
    HttpFixture.Reply keyChange = http.send("PATCH", "/TX:Dallas:1", "{\"car\":5,\"price\":1}");
    assertThat(keyChange.status()).isEqualTo(400);
    assertThat(keyChange.code()).isEqualTo("KeyFieldChanged");
    assertThat(keyChange.message()).contains("car");
    assertThat(stored()).isEqualTo(before);
    assertThat(http.send("PATCH", "/TX:Dallas:1", "{\"car\":1,\"price\":1}").status())
        .as("a key field with the value it has changes nothing")
        .isEqualTo(204);
    assertThat(http.get("/TX:Dallas:1").map()).containsEntry("car", 1L).containsEntry("price", 1L);
    assertThat(http.get("/TX:Dallas:5").status()).isEqualTo(404);
  }

  @Test
  void patch_onAVersionedTable_anEmptyPatchIs422() {
    List<Map<String, AttributeValue>> before = stored();
    for (String body : new String[] {"{}", "{\"_v\":1}"}) {
      HttpFixture.Reply empty = http.send("PATCH", "/TX:Dallas:1", body);
      assertThat(empty.status()).as(body).isEqualTo(422);
      assertThat(empty.code()).isEqualTo("EmptyPatch");
    }
    assertThat(stored()).isEqualTo(before);
  }

  @Test
  void delete_withIfMatch() {
    List<Map<String, AttributeValue>> before = stored();
    assertThat(http.send("DELETE", "/TX:Dallas:1", null, "If-Match", "\"4\"").status())
        .isEqualTo(412);
    assertThat(http.send("DELETE", "/TX:Dallas:9", null, "If-Match", "*").status()).isEqualTo(412);
    assertThat(http.send("DELETE", "/TX:Dallas:9", null, "If-Match", "\"1\"").status())
        .isEqualTo(412);
    assertThat(stored()).isEqualTo(before);
    assertThat(http.send("DELETE", "/TX:Dallas:1", null, "If-Match", "\"1\"").status())
        .isEqualTo(204);
    assertThat(http.send("DELETE", "/TX:Dallas:2", null, "If-Match", "*").status()).isEqualTo(204);
    assertThat(http.get("/TX:Dallas:1").status()).isEqualTo(404);
    assertThat(http.get("/TX:Dallas:2").status()).isEqualTo(404);
    assertThat(http.send("DELETE", "/TX:Dallas:1", null).status()).isEqualTo(204);
  }

  @Test
  void ifMatch_malformedOrOnAnUnversionedTable_is400(DynamoDbClient client) {
    for (String value : new String[] {"1", "W/\"1\"", "\"1\", \"2\"", "\"x\"", "\"\""}) {
      HttpFixture.Reply reply =
          http.send("PATCH", "/TX:Dallas:1", "{\"price\":1}", "If-Match", value);
      assertThat(reply.status()).as(value).isEqualTo(400);
      assertThat(reply.code()).as(value).isEqualTo("BadIfMatch");
    }
    try (HttpFixture planets = new HttpFixture(TableRoutes.builder(Planets.load(client)).build())) {
      HttpFixture.Reply reply =
          planets.send("PATCH", "/Hoth", "{\"climate\":\"x\"}", "If-Match", "\"1\"");
      assertThat(reply.status()).isEqualTo(400);
      assertThat(reply.message()).contains("no version field");
      assertThat(planets.get("/Hoth").header("ETag")).isEmpty();
    }
  }

  @Test
  void clone_copiesWithTheOverlay_createOnlyUnlessForced() {
    HttpFixture.Reply cloned = http.send("PUT", "/TX:Dallas:1/-clone", "{\"city\":\"Houston\"}");
    assertThat(cloned.status()).isEqualTo(204);
    assertThat(http.get("/TX:Houston:1").map())
        .containsEntry("model", "Civic")
        .containsEntry("_v", 1L);
    assertThat(http.get("/TX:Dallas:1").status()).isEqualTo(200);
    List<Map<String, AttributeValue>> before = stored();
    HttpFixture.Reply again = http.send("PUT", "/TX:Dallas:1/-clone", "{\"city\":\"Houston\"}");
    assertThat(again.status()).isEqualTo(409);
    assertThat(again.code()).isEqualTo("ItemExists");
    assertThat(stored()).isEqualTo(before);
    assertThat(
            http.send(
                    "PUT",
                    "/TX:Dallas:1/-clone?force=yes",
                    "{\"city\":\"Houston\",\"model\":\"New\"}")
                .status())
        .isEqualTo(204);
    assertThat(http.get("/TX:Houston:1").map()).containsEntry("model", "New");
    HttpFixture.Reply missing = http.send("PUT", "/TX:Dallas:9/-clone", "{\"city\":\"Houston\"}");
    assertThat(missing.status()).isEqualTo(404);
    assertThat(missing.body()).isEmpty();
    assertThat(
            http.send("PUT", "/TX:Dallas:1/-clone", "{\"city\":\"Waco\"}", "If-Match", "\"9\"")
                .status())
        .isEqualTo(412);
    assertThat(http.get("/TX:Waco:1").status()).isEqualTo(404);
  }

  @Test
  void move_relocatesTheItem() {
    HttpFixture.Reply moved =
        http.send("PUT", "/TX:Dallas:2/-move", "{\"state\":\"CA\",\"city\":\"Fresno\"}");
    assertThat(moved.status()).isEqualTo(204);
    assertThat(http.get("/TX:Dallas:2").status()).isEqualTo(404);
    assertThat(http.get("/CA:Fresno:2").map()).containsEntry("model", "Model 3");
    List<Map<String, AttributeValue>> before = stored();
    HttpFixture.Reply taken = http.send("PUT", "/TX:Dallas:3/-move", "{\"car\":1}");
    assertThat(taken.status()).isEqualTo(409);
    assertThat(stored()).isEqualTo(before);
    assertThat(http.send("PUT", "/TX:Dallas:3/-move?force=yes", "{\"car\":1}").status())
        .isEqualTo(204);
    assertThat(http.get("/TX:Dallas:1").map()).containsEntry("model", "F-150");
    assertThat(http.send("PUT", "/TX:Dallas:3/-move", "{\"car\":4}").status()).isEqualTo(404);
  }

  @Test
  void head_onAnItem_carriesTheEtag() {
    HttpFixture.Reply head = http.send("HEAD", "/TX:Dallas:1", null);
    assertThat(head.status()).isEqualTo(200);
    assertThat(head.body()).isEmpty();
    assertThat(head.header("ETag")).hasValue("\"1\"");
    assertThat(http.send("HEAD", "/TX:Dallas:9", null).status()).isEqualTo(404);
  }
}
