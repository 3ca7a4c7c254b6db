package dev.dynakit.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dynakit.embedded.DynakitClients;
import dev.dynakit.engine.DynakitEngine;
import dev.dynakit.engine.EngineServer;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ConnectException;
import java.net.SocketException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;

class ProvisionCommandsTest {
  private static final String SPEC =
      """
      {
        "table": "rentals",
        "keyFields": ["state", "city", "rental"],
        "structuralKey": "_sk",
        "technicalPrefix": "_",
        "indices": {
          "byStatus": {"type": "gsi", "pk": "status", "sk": "pickupAt", "projection": "keys-only"},
          "byPickup": {"type": "lsi", "sk": "pickupAt"}
        },
        "searchable": {"customer": true},
        "descriptorKey": "__descriptor__",
        "ttlField": "_expiresAt"
      }
      """;

  @TempDir Path dir;
  private Path spec;
  private DynakitEngine engine;
  private EngineServer server;
  private String endpoint;
  private StringWriter out;
  private StringWriter err;

  @BeforeEach
  void start() throws Exception {
    spec = dir.resolve("rentals.json");
    Files.writeString(spec, SPEC);
    engine = DynakitEngine.inMemory();
    server = EngineServer.start(engine, "127.0.0.1", 0);
    endpoint = server.endpoint().toString();
  }

  @AfterEach
  void stop() {
    server.close();
    engine.close();
  }

  private int run(String... args) {
    out = new StringWriter();
    err = new StringWriter();
    return Main.run(new PrintWriter(out, true), new PrintWriter(err, true), args);
  }

  private static String nl() {
    return System.lineSeparator();
  }

  private String out() {
    return out.toString();
  }

  private String err() {
    return err.toString();
  }

  private void editSpec(String from, String to) throws Exception {
    String text = Files.readString(spec);
    assertThat(text).contains(from);
    Files.writeString(spec, text.replace(from, to));
  }

  @Test
  void planTable_embedded_showsWhatWouldBeCreated() {
    assertThat(run("plan-table", spec.toString())).isZero();

    assertThat(out().lines())
        .containsExactly(
            "Table rentals on the embedded in-memory engine (a dry run: nothing is kept).",
            "Table rentals does not exist: 3 changes:",
            "  + create table rentals: key state:S HASH, _sk:S RANGE; PAY_PER_REQUEST; GSI"
                + " byStatus (status:S HASH, pickupAt:S RANGE; KEYS_ONLY); LSI byPickup (state:S"
                + " HASH, pickupAt:S RANGE; ALL)",
            "  + enable TTL on _expiresAt",
            "  + write the descriptor row '__descriptor__'");
    assertThat(err()).isEmpty();
  }

  @Test
  void planTable_json() throws Exception {
    assertThat(run("plan-table", spec.toString(), "--json")).isZero();

    JsonNode plan = new ObjectMapper().readTree(out());
    assertThat(plan.get("table").asText()).isEqualTo("rentals");
    assertThat(plan.get("tableExists").asBoolean()).isFalse();
    assertThat(plan.get("steps")).hasSize(3);
    assertThat(plan.get("steps").get(0).get("action").asText()).isEqualTo("CREATE_TABLE");
    assertThat(plan.get("steps").get(0).get("refused").asBoolean()).isFalse();
    assertThat(plan.has("applied")).isFalse();
  }

  @Test
  void ensureTable_againstAnEndpoint_createsTheTable_thenIsANoOp() {
    assertThat(run("ensure-table", spec.toString(), "--endpoint", endpoint)).isZero();

    assertThat(out().lines()).first().isEqualTo("Table rentals on DynamoDB at " + endpoint + ".");
    assertThat(out().lines())
        .contains("  + enable TTL on _expiresAt")
        .last()
        .isEqualTo("Table rentals matches its declaration (3 changes applied).");
    assertThat(err()).isEmpty();
    try (DynamoDbClient dynamo = DynakitClients.inProcess(engine)) {
      TableDescription table = dynamo.describeTable(b -> b.tableName("rentals")).table();
      assertThat(table.globalSecondaryIndexes()).hasSize(1);
      assertThat(table.localSecondaryIndexes()).hasSize(1);
    }

    assertThat(run("ensure-table", spec.toString(), "--endpoint", endpoint)).isZero();
    assertThat(out().lines())
        .containsExactly(
            "Table rentals on DynamoDB at " + endpoint + ".",
            "Table rentals matches its declaration: nothing to do.");
    assertThat(run("plan-table", spec.toString(), "--endpoint", endpoint)).isZero();
    assertThat(out().lines())
        .last()
        .isEqualTo("Table rentals matches its declaration: nothing to do.");
  }

  @Test
  void planTable_againstAnEndpoint_saysHowToApply() {
    assertThat(run("plan-table", spec.toString(), "--endpoint", endpoint)).isZero();

    assertThat(out().lines())
        .last()
        .isEqualTo("Apply with: dynakit ensure-table " + spec + " --endpoint " + endpoint);
  }

  @Test
  void verifyTable_reportsDrift_andStrictMakesItExitCode3() throws Exception {
    run("ensure-table", spec.toString(), "--endpoint", endpoint);
    assertThat(run("verify-table", spec.toString(), "--endpoint", endpoint, "--strict")).isZero();
    assertThat(out().lines()).last().isEqualTo("Table rentals matches its declaration.");

    editSpec("{\"customer\": true}", "{\"customer\": true, \"model\": true}");

    assertThat(run("verify-table", spec.toString(), "--endpoint", endpoint)).isZero();
    assertThat(out().lines())
        .containsExactly(
            "Table rentals on DynamoDB at " + endpoint + ".",
            "Table rentals differs from its declaration (1 difference):",
            "  WARNING descriptor.searchable: expected {\"customer\":true,\"model\":true}, actual"
                + " {\"customer\":true}");
    assertThat(err()).isEmpty();

    assertThat(run("verify-table", spec.toString(), "--endpoint", endpoint, "--strict"))
        .isEqualTo(3);
    assertThat(err())
        .isEqualTo(
            "dynakit: table 'rentals' differs from its declaration: 1 difference"
                + " (descriptor.searchable)"
                + System.lineSeparator());
  }

  @Test
  void verifyTable_json() throws Exception {
    assertThat(run("verify-table", spec.toString(), "--endpoint", endpoint, "--json", "--strict"))
        .isEqualTo(3);

    JsonNode drift = new ObjectMapper().readTree(out());
    assertThat(drift.get("matches").asBoolean()).isFalse();
    JsonNode difference = drift.get("differences").get(0);
    assertThat(difference.get("path").asText()).isEqualTo("table");
    assertThat(difference.get("severity").asText()).isEqualTo("ERROR");
    assertThat(difference.get("expected").asText()).isEqualTo("exists");
    assertThat(difference.get("actual").asText()).isEqualTo("absent");
    assertThat(err().lines()).hasSize(1);
  }

  @Test
  void ensureTable_withANewLsi_refusesWithExitCode3_andChangesNothing() throws Exception {
    run("ensure-table", spec.toString(), "--endpoint", endpoint);
    editSpec(
        "\"byPickup\": {\"type\": \"lsi\", \"sk\": \"pickupAt\"}",
        "\"byPickup\": {\"type\": \"lsi\", \"sk\": \"pickupAt\"},"
            + " \"byRate\": {\"type\": \"lsi\", \"sk\": \"rate\"},"
            + " \"byCar\": {\"type\": \"gsi\", \"pk\": \"vin\"}");

    assertThat(run("ensure-table", spec.toString(), "--endpoint", endpoint)).isEqualTo(3);

    assertThat(out().lines())
        .contains(
            "Table rentals exists: 2 changes, 1 refusal (ensure changes nothing while any"
                + " remain):",
            "  + add GSI byCar (vin:S HASH; ALL)");
    assertThat(err())
        .startsWith("dynakit: cannot ensure table 'rentals', nothing was changed: LSI byRate")
        .endsWith("so the table must be rebuilt" + System.lineSeparator());
    assertThat(err().lines()).hasSize(1);
    try (DynamoDbClient dynamo = DynakitClients.inProcess(engine)) {
      assertThat(dynamo.describeTable(b -> b.tableName("rentals")).table().globalSecondaryIndexes())
          .hasSize(1);
    }

    assertThat(run("ensure-table", spec.toString(), "--endpoint", endpoint, "--json")).isEqualTo(3);
    JsonNode plan = new ObjectMapper().readTree(out());
    assertThat(plan.get("applied").asBoolean()).isFalse();
    assertThat(plan.get("steps").get(0).get("action").asText()).isEqualTo("REBUILD_TABLE");
    assertThat(plan.get("steps").get(0).get("refused").asBoolean()).isTrue();
  }

  @Test
  void theExampleDeclaration_plansAndEnsures() {
    String example = Path.of("..", "examples", "specs", "cars.json").toString();

    assertThat(run("ensure-table", example)).isZero();
    assertThat(out().lines())
        .last()
        .isEqualTo("Table car-rentals matches its declaration (3 changes applied).");
  }

  @Test
  void missingSpecFile_isWrongInput() {
    assertThat(run("plan-table", dir.resolve("nope.json").toString())).isEqualTo(2);

    assertThat(err())
        .isEqualTo("dynakit: " + dir.resolve("nope.json") + ": no such declaration file" + nl());
  }

  @Test
  void missingSpecArgument_isAUsageError() {
    assertThat(run("verify-table")).isEqualTo(2);

    assertThat(err()).contains("Missing required parameter: 'SPEC.json'");
  }

  @Test
  void invalidDeclaration_exitsAsAMissingFileDoes_withAProblemPerLine() throws Exception {
    Files.writeString(spec, "{\"table\": \"x\", \"keyFeilds\": []}");

    assertThat(run("plan-table", spec.toString())).isEqualTo(2);

    assertThat(err().lines())
        .containsExactly(
            "dynakit: " + spec + ": Invalid declaration of table 'x' (3 problems)",
            "  - keyFeilds: unknown option; did you mean 'keyFields'?",
            "  - table: 'x' is not a table name: 3 to 255 characters of a-z, A-Z, 0-9, '_',"
                + " '-', '.'",
            "  - keyFields: declare at least the partition key");
    assertThat(out()).isEmpty();
  }

  @Test
  void malformedDeclaration_exitsAsAMissingFileDoes() throws Exception {
    Files.writeString(spec, "{\"table\": ");

    assertThat(run("verify-table", spec.toString())).isEqualTo(2);

    assertThat(err().lines())
        .hasSize(2)
        .first()
        .isEqualTo("dynakit: " + spec + ": Invalid declaration (1 problem)");
    assertThat(err().lines().skip(1).findFirst().orElseThrow())
        .startsWith("  - (file): not valid JSON at line 1, column ");
  }

  @Test
  void malformedEndpoint_isAUsageError() {
    assertThat(run("plan-table", spec.toString(), "--endpoint", "localhost:8000")).isEqualTo(2);

    assertThat(err())
        .startsWith(
            "dynakit: --endpoint must be an http:// or https:// URL with a host, got"
                + " 'localhost:8000'");
  }

  @Test
  void unreachableEndpoint_isNamedInTheError() {
    String closed = endpoint;
    server.close();

    assertThat(run("plan-table", spec.toString(), "--endpoint", closed)).isEqualTo(1);

    assertThat(err())
        .isEqualTo(
            "dynakit: Cannot reach DynamoDB at "
                + closed
                + ": connection refused (is it running?)"
                + nl());
  }

  @Test
  void unreachableEndpoint_isTriedOnce_notRetried() {
    URI closed = server.endpoint();
    server.close();

    try (DynamoConnection dynamo = DynamoConnection.at(closed)) {
      SdkClientException e =
          catchThrowableOfType(SdkClientException.class, () -> dynamo.client().listTables());

      assertThat(e)
          .hasMessage(
              "Cannot reach DynamoDB at " + closed + ": connection refused (is it running?)");
      // the SDK's own exception lists every earlier attempt as suppressed: there is none
      assertThat(e.getSuppressed()).hasSize(1);
      assertThat(e.getSuppressed()[0].getSuppressed()).isEmpty();
    }
  }

  @Test
  void retries_skipARefusedConnection_butNotThrottlingOrAResetOne() {
    SdkClientException refused =
        SdkClientException.create("Unable to execute HTTP request", new ConnectException());
    SdkClientException reset =
        SdkClientException.create(
            "Unable to execute HTTP request", new SocketException("Connection reset"));
    AwsServiceException throttled =
        DynamoDbException.builder()
            .statusCode(400)
            .awsErrorDetails(AwsErrorDetails.builder().errorCode("ThrottlingException").build())
            .build();

    assertThat(Reachability.worthRetrying(refused)).isFalse();
    assertThat(Reachability.worthRetrying(reset)).isTrue();
    assertThat(Reachability.worthRetrying(throttled)).isTrue();
  }

  @Test
  void help_ofEachCommand_namesTheOptionsAndExitCodes() {
    String wrongInput = "2 usage error or SPEC.json missing or invalid";
    assertThat(run("plan-table", "--help")).isZero();
    assertThat(out()).startsWith("Usage: dynakit plan-table").contains("--endpoint=URL", "--json");
    assertThat(unwrapped(out())).contains(unwrapped(wrongInput));
    assertThat(run("ensure-table", "-h")).isZero();
    assertThat(out()).startsWith("Usage: dynakit ensure-table").contains("--timeout=SECONDS");
    assertThat(unwrapped(out())).contains(unwrapped(wrongInput), unwrapped("3 refused"));
    assertThat(run("verify-table", "--help")).isZero();
    assertThat(out()).startsWith("Usage: dynakit verify-table").contains("--strict");
    assertThat(unwrapped(out()))
        .contains(unwrapped(wrongInput), unwrapped("3 the table differs and --strict was given"));
  }

  /** Text without its white space: help wraps lines anywhere, even after "SPEC." */
  private static String unwrapped(String text) {
    return text.replaceAll("\\s+", "");
  }
}
