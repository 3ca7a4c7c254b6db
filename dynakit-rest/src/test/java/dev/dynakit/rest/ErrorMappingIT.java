package dev.dynakit.rest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.core.adapter.Adapter;
import dev.dynakit.core.adapter.Hooks;
import dev.dynakit.core.adapter.WriteContext;
import dev.dynakit.test.DynakitTest;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The error mappings not covered elsewhere, over HTTP: each names its problem, nothing written. */
@DynakitTest
class ErrorMappingIT {
  private DynamoDbClient client;
  private Adapter adapter;
  private HttpFixture http;
  private List<Map<String, AttributeValue>> before;

  @BeforeEach
  void start(DynamoDbClient client) {
    this.client = client;
    adapter = Planets.load(client);
    http = new HttpFixture(TableRoutes.builder(adapter).build());
    before = RestTables.snapshot(client, Planets.SPEC);
  }

  @AfterEach
  void stop() {
    http.close();
  }

  @Test
  void sortOnSeveralFields_isBadSort() {
    HttpFixture.Reply reply = http.get("/?sort=name,climate");
    assertThat(reply.status()).isEqualTo(400);
    assertThat(reply.code()).isEqualTo("BadSort");
    assertThat(reply.message()).contains("one field");
  }

  @Test
  void aNumberDynamoDbCannotHold_isBadValue() {
    HttpFixture.Reply reply = http.send("POST", "/", "{\"name\":\"Big\",\"mass\":1e200}");
    assertThat(reply.status()).isEqualTo(400);
    assertThat(reply.code()).isEqualTo("BadValue");
    assertThat(reply.message()).contains("mass");
    assertThat(RestTables.snapshot(client, Planets.SPEC)).isEqualTo(before);
  }

  @Test
  void overlappingPatchPaths_areAnInvalidRequest() {
    HttpFixture.Reply reply =
        http.send("PATCH", "/Hoth", "{\"climate\":\"x\",\"_delete\":[\"climate\"]}");
    assertThat(reply.status()).isEqualTo(400);
    assertThat(reply.code()).isEqualTo("InvalidRequest");
    assertThat(reply.message()).contains("overlap");
    assertThat(RestTables.snapshot(client, Planets.SPEC)).isEqualTo(before);
  }

  @Test
  void aBugInAHook_is500WithAnErrorIdOnly(DynamoDbClient client) {
    Hooks broken =
        new Hooks() {
          @Override
          public Map<String, Object> prepare(Map<String, Object> item, WriteContext context) {
            throw new IllegalStateException("secret: connection string xyz");
          }
        };
    Adapter failing = Adapter.builder(Planets.SPEC, client).hooks(Planets.hooks(), broken).build();
    try (HttpFixture bad = new HttpFixture(TableRoutes.builder(failing).build())) {
      HttpFixture.Reply reply = bad.send("POST", "/", "{\"name\":\"Crash\"}");
      assertThat(reply.status()).isEqualTo(500);
      assertThat(reply.code()).isEqualTo("InternalError");
      assertThat(reply.message()).matches("internal server error \\(error id [0-9a-f]{12}\\)");
      assertThat(reply.body()).doesNotContain("secret").doesNotContain("IllegalState");
      assertThat(bad.get("/Hoth").status()).isEqualTo(200);
    }
    assertThat(RestTables.snapshot(client, Planets.SPEC)).isEqualTo(before);
  }
}
