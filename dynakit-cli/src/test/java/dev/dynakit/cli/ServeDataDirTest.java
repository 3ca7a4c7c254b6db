package dev.dynakit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.embedded.DynakitClients;
import dev.dynakit.engine.DynakitEngine;
import java.net.URI;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/** {@code dynakit serve --data-dir DIR --durability MODE}: an on-disk engine. */
class ServeDataDirTest {
  @TempDir Path directory;

  @Test
  void dataDir_printsWhereTheDataLives_andKeepsTablesAcrossRuns() throws Exception {
    String dir = directory.toAbsolutePath().normalize().toString();
    try (CliRun serve = new CliRun("serve", "--port", "0", "--data-dir", dir)) {
      URI endpoint = serve.endpoint();
      try (DynamoDbClient dynamo = DynakitClients.http(endpoint)) {
        dynamo.createTable(
            b ->
                b.tableName("kept")
                    .attributeDefinitions(
                        a -> a.attributeName("pk").attributeType(ScalarAttributeType.S))
                    .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH))
                    .billingMode(BillingMode.PAY_PER_REQUEST));
      }
      assertThat(serve.stop()).isZero();
      assertThat(serve.out())
          .startsWith("Dynakit engine listening on " + endpoint + " (data in " + dir)
          .contains("durability strict");
    }
    try (CliRun serve =
        new CliRun("serve", "--port", "0", "--data-dir", dir, "--durability", "relaxed")) {
      try (DynamoDbClient dynamo = DynakitClients.http(serve.endpoint())) {
        assertThat(dynamo.listTables().tableNames()).containsExactly("kept");
      }
      assertThat(serve.stop()).isZero();
      assertThat(serve.out()).contains("durability relaxed");
    }
  }

  @Test
  void dataDirInUse_failsNamingTheDirectory_andLeavesItUntouched() throws Exception {
    try (DynakitEngine holder = DynakitEngine.onDisk(directory)) {
      try (CliRun serve = new CliRun("serve", "--port", "0", "--data-dir", directory.toString())) {
        assertThat(serve.awaitExit()).isEqualTo(1);
        assertThat(serve.err())
            .contains(directory.toAbsolutePath().normalize().toString())
            .contains("in use");
        assertThat(serve.out()).isEmpty();
      }
    }
  }

  @Test
  void durabilityOtherThanStrictOrRelaxed_isRefused() throws Exception {
    try (CliRun serve =
        new CliRun(
            "serve", "--port", "0", "--data-dir", directory.toString(), "--durability", "fast")) {
      assertThat(serve.awaitExit()).isEqualTo(2);
      assertThat(serve.err()).contains("--durability must be strict or relaxed, got 'fast'");
    }
  }
}
