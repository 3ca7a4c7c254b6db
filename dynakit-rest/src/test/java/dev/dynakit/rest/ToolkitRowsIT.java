package dev.dynakit.rest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.core.adapter.Adapter;
import dev.dynakit.core.schema.KeyField;
import dev.dynakit.core.schema.TableSpec;
import dev.dynakit.test.DynakitTest;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The toolkit's own rows and fields are not the client's: the descriptor row cannot be written or
 * deleted, the derived type field cannot be overwritten, and key values must have their declared
 * type.
 */
@DynakitTest
class ToolkitRowsIT {
  static final TableSpec SPEC =
      TableSpec.builder("places")
          .keyFields(KeyField.string("state"), KeyField.string("city"))
          .structuralKey("_sk")
          .technicalPrefix("_")
          .typeLabels("state", "city")
          .typeField("kind")
          .versionField("_v")
          .descriptorKey("__descriptor__")
          .build();

  private DynamoDbClient client;
  private HttpFixture http;

  @BeforeEach
  void start(DynamoDbClient client) {
    this.client = client;
    RestTables.create(client, SPEC);
    Adapter places = Adapter.builder(SPEC, client).build();
    places.post(Map.of("state", "TX", "name", "Texas"));
    http = new HttpFixture(TableRoutes.builder(places).build());
  }

  @AfterEach
  void stop() {
    http.close();
  }

  private List<Map<String, AttributeValue>> stored() {
    return RestTables.snapshot(client, SPEC);
  }

  @Test
  void theDescriptorRow_cannotBeWrittenOrDeleted() {
    List<Map<String, AttributeValue>> before = stored();
    assertThat(before)
        .anySatisfy(item -> assertThat(item.get("state").s()).isEqualTo("__descriptor__"));
    HttpFixture.Reply put = http.send("PUT", "/__descriptor__?force=yes", "{\"x\":1}");
    assertThat(put.status()).isEqualTo(400);
    assertThat(put.code()).isEqualTo("BadKey");
    assertThat(put.message()).contains("descriptor");
    assertThat(http.send("DELETE", "/__descriptor__", null).code()).isEqualTo("BadKey");
    assertThat(http.send("PATCH", "/__descriptor__", "{\"x\":1}").code()).isEqualTo("BadKey");
    assertThat(http.send("POST", "/", "{\"state\":\"__descriptor__\"}").code()).isEqualTo("BadKey");
    assertThat(http.send("DELETE", "/-by-names?names=__descriptor__", null).map().toString())
        .contains("failed");
    assertThat(stored()).isEqualTo(before);
  }

  @Test
  void theTypeField_cannotBeOverwritten() {
    List<Map<String, AttributeValue>> before = stored();
    HttpFixture.Reply posted = http.send("POST", "/", "{\"state\":\"CA\",\"kind\":\"city\"}");
    assertThat(posted.status()).isEqualTo(400);
    assertThat(posted.code()).isEqualTo("TechnicalField");
    assertThat(posted.message()).contains("kind");
    HttpFixture.Reply patched = http.send("PATCH", "/TX", "{\"kind\":\"city\"}");
    assertThat(patched.code()).isEqualTo("TechnicalField");
    HttpFixture.Reply put = http.send("PUT", "/TX?force=yes", "{\"kind\":\"city\"}");
    assertThat(put.code()).isEqualTo("TechnicalField");
    assertThat(stored()).isEqualTo(before);
    assertThat(http.send("POST", "/", "{\"state\":\"CA\",\"kind\":\"state\"}").status())
        .as("the type it has anyway")
        .isEqualTo(204);
  }

  @Test
  void keyValuesOfTheWrongType_are400() {
    List<Map<String, AttributeValue>> before = stored();
    HttpFixture.Reply posted = http.send("POST", "/", "{\"state\":5}");
    assertThat(posted.status()).isEqualTo(400);
    assertThat(posted.code()).isEqualTo("BadKey");
    assertThat(posted.message()).contains("state");
    assertThat(http.send("POST", "/", "{\"state\":\"TX\",\"city\":true}").code())
        .isEqualTo("BadKey");
    assertThat(stored()).isEqualTo(before);
  }
}
