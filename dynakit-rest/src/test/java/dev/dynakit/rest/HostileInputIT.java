package dev.dynakit.rest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.core.adapter.Adapter;
import dev.dynakit.test.DynakitTest;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Hostile and malformed requests: each answered with a 4xx whose body names the problem, and
 * nothing written.
 */
@DynakitTest
class HostileInputIT {
  private static final String INJECTION = "#a = :b OR 1=1";

  private DynamoDbClient client;
  private HttpFixture planets;
  private HttpFixture rentals;
  private List<Map<String, AttributeValue>> planetsBefore;
  private List<Map<String, AttributeValue>> rentalsBefore;

  @BeforeEach
  void start(DynamoDbClient client) {
    this.client = client;
    Adapter planetAdapter = Planets.load(client);
    Adapter rentalAdapter = Rentals.load(client);
    planets = new HttpFixture(TableRoutes.builder(planetAdapter).build());
    rentals = new HttpFixture(TableRoutes.builder(rentalAdapter).build());
    planetsBefore = RestTables.snapshot(client, Planets.SPEC);
    rentalsBefore = RestTables.snapshot(client, Rentals.SPEC);
  }

  @AfterEach
  void stop() {
    planets.close();
    rentals.close();
  }

  private static String encode(String text) {
    return URLEncoder.encode(text, StandardCharsets.UTF_8);
  }

  /** The reply is the 4xx, with a code and a message that contains every hint. */
  private void refused(HttpFixture.Reply reply, int status, String code, String... hints) {
    assertThat(reply.status()).as(reply.toString()).isEqualTo(status);
    assertThat(reply.code()).as(reply.toString()).isEqualTo(code);
    for (String hint : hints) {
      assertThat(reply.message()).contains(hint);
    }
    assertThat(reply.body()).doesNotContain(".java").doesNotContain("\tat ");
  }

  private void nothingWritten() {
    assertThat(RestTables.snapshot(client, Planets.SPEC)).isEqualTo(planetsBefore);
    assertThat(RestTables.snapshot(client, Rentals.SPEC)).isEqualTo(rentalsBefore);
  }

  @Test
  void unknownFilterFields() {
    refused(planets.get("/?eq-gravity=1"), 400, "BadFilterField", "gravity", "not filterable");
    refused(planets.send("DELETE", "/?eq-gravity=1", null), 400, "BadFilterField");
    refused(planets.send("PUT", "/-clone?eq-gravity=1", "{}"), 400, "BadFilterField");
    refused(planets.send("PUT", "/-move?eq-gravity=1", "{}"), 400, "BadFilterField");
    refused(planets.get("/?eq-" + encode(INJECTION) + "=x"), 400, "BadFilterField");
    nothingWritten();
  }

  @Test
  void unknownOrRefusedOperators() {
    refused(
        planets.get("/?like-name=Hoth"),
        400,
        "UnknownParameter",
        "'like-name'",
        "eq, ne, lt, le, gt, ge, in, btw, beg, ct, ex, nx");
    // the reference ignores unknown parameters: this would have deleted every planet
    refused(planets.send("DELETE", "/?like-name=Hoth&confirm=yes", null), 400, "UnknownParameter");
    refused(planets.get("/?gt-climate=a"), 400, "BadFilterOp", "allowed: eq, ne, in, beg, ct");
    refused(planets.send("DELETE", "/?gt-climate=a", null), 400, "BadFilterOp");
    refused(planets.get("/Hoth?eq-name=Hoth"), 400, "UnknownParameter", "not applied");
    refused(planets.send("DELETE", "/Hoth?eq-climate=arid", null), 400, "UnknownParameter");
    nothingWritten();
  }

  @Test
  void expressionLookingValues_areData() {
    HttpFixture.Reply listed = planets.get("/?eq-name=" + encode(INJECTION));
    assertThat(listed.status()).isEqualTo(200);
    assertThat(listed.data()).isEmpty();
    assertThat(listed.map().get("total")).isEqualTo(0L);
    assertThat(planets.get("/?search=" + encode(INJECTION)).data()).isEmpty();
    assertThat(planets.get("/?in-climate=" + encode("," + INJECTION + ",arid")).data()).hasSize(1);
    assertThat(planets.send("DELETE", "/?ct-name=" + encode(INJECTION), null).map())
        .isEqualTo(Map.of("processed", 0L));
    assertThat(planets.get("/" + encode(INJECTION).replace("+", "%20")).status()).isEqualTo(404);
    refused(
        planets.get("/?eq-diameter=" + encode(INJECTION)), 400, "BadFilterValue", "not a number");
    refused(planets.get("/?sort=" + encode(INJECTION)), 400, "NoIndexForSortField");
    // split at ':' it is a state and a city that do not exist
    assertThat(rentals.get("/" + encode(INJECTION).replace("+", "%20")).status()).isEqualTo(404);
    nothingWritten();
    // as a field name it is only a name: the write stores exactly that attribute
    assertThat(planets.send("PATCH", "/Hoth", "{\"" + INJECTION + "\":1}").status()).isEqualTo(204);
    assertThat(planets.get("/Hoth?fields=" + encode(INJECTION)).map())
        .isEqualTo(Map.of(INJECTION, 1L));
    assertThat(planets.get("/Endor").map()).doesNotContainKey(INJECTION);
  }

  @Test
  void overLongParameters() {
    refused(planets.get("/?search=" + "x".repeat(1025)), 400, "BadSearch", "at most 1024");
    refused(planets.get("/?eq-name=" + "x".repeat(2049)), 400, "BadFilterValue", "2048");
    refused(planets.get("/?fields=" + "x".repeat(2049)), 400, "BadFields", "2048");
    refused(planets.get("/" + "x".repeat(2049)), 400, "BadKey", "2048");
    refused(
        planets.send("DELETE", "/-by-names?names=" + "a,".repeat(1001), null),
        400,
        "BadNames",
        "at most 1000");
    refused(planets.get("/?fields=" + "a,".repeat(1001)), 400, "BadFields", "at most 1000");
    StringBuilder clauses = new StringBuilder("/?limit=1");
    for (int i = 0; i < 51; i++) {
      clauses.append("&eq-f").append(i).append("=1");
    }
    refused(planets.get(clauses.toString()), 400, "TooManyFilters", "50");
    refused(planets.get("/?x=" + "y".repeat(70_000)), 414, "UriTooLong");
    refused(planets.get("/?limit=99999999999999999999"), 400, "BadPaging");
    refused(planets.get("/?offset=100001"), 400, "BadPaging", "at most 100000");
    nothingWritten();
  }

  @Test
  void oversizedBodies_are413() {
    String big = "{\"name\":\"Big\",\"blob\":\"" + "x".repeat(1_048_576) + "\"}";
    refused(planets.send("POST", "/", big), 413, "PayloadTooLarge", "1048576 bytes");
    refused(planets.send("PUT", "/-load", "[" + big + "]"), 413, "PayloadTooLarge");
    nothingWritten();
  }

  @Test
  void malformedBodies() {
    refused(planets.send("POST", "/", "{\"name\":"), 400, "BadJsonBody", "line 1");
    refused(planets.send("POST", "/", "{\"name\":\"A\"} trailing"), 400, "BadJsonBody");
    refused(planets.send("POST", "/", "{\"name\":\"A\",\"name\":\"B\"}"), 400, "BadJsonBody");
    refused(planets.send("POST", "/", "[]"), 400, "BadBody", "an array");
    refused(planets.send("POST", "/", null), 400, "BadBody", "empty");
    refused(planets.send("PATCH", "/Hoth", "\"x\""), 400, "BadPatch", "a string");
    refused(
        planets.send("PATCH", "/Hoth", "{\"_delete\":\"surface_water\"}"),
        400,
        "BadPatch",
        "_delete must be an array");
    refused(planets.send("PATCH", "/Hoth", "{\"_explode\":1}"), 400, "BadPatch", "'_explode'");
    refused(planets.send("PUT", "/-load", "{}"), 400, "BadLoadBody");
    refused(planets.send("PUT", "/Hoth/-clone", "[1]"), 400, "BadBody");
    refused(
        planets.send("POST", "/", "[".repeat(100) + "]".repeat(100)), 400, "BadJsonBody", "nest");
    refused(planets.send("PATCH", "/Hoth", "{\"a..b\":1}"), 400, "BadPatch", "not a valid path");
    nothingWritten();
  }

  @Test
  void technicalFieldsInBodies() {
    refused(
        rentals.send("POST", "/", "{\"state\":\"NV\",\"_sk\":\"NV|x\"}"),
        400,
        "TechnicalField",
        "'_sk'");
    refused(
        rentals.send("PUT", "/TX:Dallas:1", "{\"_search-model\":\"x\"}"), 400, "TechnicalField");
    refused(rentals.send("PUT", "/TX:Dallas:1/-clone", "{\"_sk\":\"x\"}"), 400, "TechnicalField");
    refused(rentals.send("PUT", "/-move?eq-state=TX", "{\"_sk\":\"x\"}"), 400, "TechnicalField");
    refused(rentals.send("PUT", "/-load", "[{\"state\":\"NV\",\"_x\":1}]"), 400, "TechnicalField");
    // with the default meta prefix '_', a technical field in a patch is an unknown meta key
    refused(rentals.send("PATCH", "/TX:Dallas:1", "{\"_sk\":\"x\"}"), 400, "BadPatch", "'_sk'");
    refused(
        rentals.send("PATCH", "/TX:Dallas:1", "{\"_delete\":[\"_sk\"]}"), 400, "TechnicalField");
    refused(
        rentals.send(
            "PATCH",
            "/TX:Dallas:1",
            "{\"_arrayOps\":[{\"op\":\"add\",\"path\":\"_search-model\",\"value\":1}]}"),
        400,
        "TechnicalField");
    nothingWritten();
  }

  @Test
  void malformedEncodingAndFlags() {
    // a '%' without two hex digits, or escapes that are not UTF-8, are refused with 400
    assertThat(planets.raw("GET", "/Ho%zzth", null).status()).isEqualTo(400);
    assertThat(planets.raw("GET", "/?eq-name=%zz", null).status()).isEqualTo(400);
    refused(planets.raw("GET", "/Ho%C3th", null), 400, "BadKey", "UTF-8");
    refused(planets.raw("GET", "/?eq-name=%C3", null), 400, "BadQuery", "'eq-name'");
    refused(planets.raw("DELETE", "/-by-names?names=%E0", null), 400, "BadQuery");
    refused(planets.send("PUT", "/Hoth?force=maybe", "{}"), 400, "BadFlag", "force");
    // what only DynamoDB checks keeps the reference's status for its validation errors
    refused(
        planets.send("POST", "/", "{\"name\":\"\"}"), 422, "ValidationException", "empty string");
    nothingWritten();
  }
}
