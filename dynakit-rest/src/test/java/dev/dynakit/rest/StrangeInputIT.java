package dev.dynakit.rest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.test.DynakitTest;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Strange input over HTTP (issue 23, defects 3, 4 and 6): strings that are not Unicode, numbers
 * whose exponent overflows an int, bodies that do not say they are JSON. Each is a 4xx naming the
 * problem, with nothing written.
 */
@DynakitTest
class StrangeInputIT {
  private DynamoDbClient client;
  private HttpFixture planets;
  private HttpFixture rentals;
  private List<Map<String, AttributeValue>> planetsBefore;
  private List<Map<String, AttributeValue>> rentalsBefore;

  @BeforeEach
  void start(DynamoDbClient client) {
    this.client = client;
    planets = new HttpFixture(TableRoutes.builder(Planets.load(client)).build());
    rentals = new HttpFixture(TableRoutes.builder(Rentals.load(client)).build());
    planetsBefore = RestTables.snapshot(client, Planets.SPEC);
    rentalsBefore = RestTables.snapshot(client, Rentals.SPEC);
  }

  @AfterEach
  void stop() {
    planets.close();
    rentals.close();
  }

  private void nothingWritten() {
    assertThat(RestTables.snapshot(client, Planets.SPEC)).isEqualTo(planetsBefore);
    assertThat(RestTables.snapshot(client, Rentals.SPEC)).isEqualTo(rentalsBefore);
  }

  private static void refused(HttpFixture.Reply reply, int status, String code, String hint) {
    assertThat(reply.status()).as(reply.toString()).isEqualTo(status);
    assertThat(reply.code()).as(reply.toString()).isEqualTo(code);
    assertThat(reply.message()).as(reply.toString()).contains(hint);
  }

  @Test
  void loneSurrogates_are400_andTwoKeysNeverCollapseIntoOne() {
    refused(
        planets.send("POST", "/", "{\"name\":\"a\\ud800\",\"kind\":\"planet\"}"),
        400,
        "BadJsonBody",
        "unpaired surrogate");
    refused(
        planets.send("POST", "/", "{\"name\":\"a\\udfff\",\"kind\":\"planet\"}"),
        400,
        "BadJsonBody",
        "unpaired surrogate");
    refused(
        planets.send("PUT", "/-load", "[{\"name\":\"x\",\"note\":\"\\ud800\"}]"),
        400,
        "BadJsonBody",
        "unpaired surrogate");
    nothingWritten();
  }

  @Test
  void invalidUtf8Bodies_are400() {
    byte[] latin1 =
        "{\"name\":\"Caf\u00e9\"}".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
    refused(planets.sendBytes("POST", "/", latin1), 400, "BadJsonBody", "not valid UTF-8");
    byte[] surrogate = {
      '{', '"', 'n', 'a', 'm', 'e', '"', ':', '"', (byte) 0xED, (byte) 0xA0, (byte) 0x80, '"', '}'
    };
    refused(planets.sendBytes("POST", "/", surrogate), 400, "BadJsonBody", "not valid UTF-8");
    nothingWritten();
  }

  @Test
  void exponentsThatOverflowAnInt_are400_inBodiesAndQueries() {
    refused(
        planets.send("POST", "/", "{\"name\":\"Big\",\"mass\":1e-2147483649}"),
        400,
        "BadJsonBody",
        "out of range");
    refused(
        rentals.send("POST", "/", "{\"state\":\"TX\",\"city\":\"Waco\",\"car\":1e999999999}"),
        400,
        "BadJsonBody",
        "out of range");
    for (String query :
        new String[] {
          "/?eq-diameter=1e-2147483649",
          "/?lt-diameter=1e2147483648",
          "/?btw-diameter=1e-2147483649,1",
          "/?eq-diameter=1e999999999",
          "/?offset=1e-2147483649",
          "/?limit=1e2147483648",
        }) {
      HttpFixture.Reply reply = planets.get(query);
      assertThat(reply.status()).as(query + " " + reply).isEqualTo(400);
      assertThat(reply.json()).as(query).isInstanceOf(Map.class);
    }
    assertThat(rentals.get("/TX:Dallas:1e-2147483649").status()).isEqualTo(400);
    assertThat(rentals.get("/TX:Dallas:1e999999999").status()).isEqualTo(400);
    nothingWritten();
  }

  @Test
  void writesThatDoNotSayJson_are415_soACrossSitePostCannotWrite() {
    String item = "{\"name\":\"Pwned\",\"kind\":\"planet\"}";
    refused(
        planets.send("POST", "/", item, "Content-Type", "text/plain"),
        415,
        "UnsupportedMediaType",
        "application/json");
    refused(
        planets.send("POST", "/", item, "Content-Type", "application/x-www-form-urlencoded"),
        415,
        "UnsupportedMediaType",
        "x-www-form-urlencoded");
    refused(
        planets.send("POST", "/", item, "Content-Type", "multipart/form-data; boundary=x"),
        415,
        "UnsupportedMediaType",
        "multipart");
    refused(
        planets.send("PUT", "/Hoth", item, "Content-Type", "application/json; charset=latin1"),
        415,
        "UnsupportedMediaType",
        "latin1");
    refused(
        planets.sendWithoutType("PATCH", "/Hoth", "{\"climate\":\"warm\"}"),
        415,
        "UnsupportedMediaType",
        "no Content-Type");
    refused(
        planets.send("DELETE", "/-by-names", "[\"Hoth\"]", "Content-Type", "text/plain"),
        415,
        "UnsupportedMediaType",
        "text/plain");
    nothingWritten();
    // JSON, with or without a charset, and writes without a body, still work
    assertThat(
            planets
                .send("POST", "/", item, "Content-Type", "Application/JSON; charset=UTF-8")
                .status())
        .isEqualTo(204);
    assertThat(planets.sendWithoutType("DELETE", "/Pwned", null).status()).isEqualTo(204);
    assertThat(planets.get("/Pwned").status()).isEqualTo(404);
  }
}
