package dev.dynakit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.embedded.DynakitClients;
import dev.dynakit.engine.DynakitEngine;
import dev.dynakit.engine.EngineServer;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;

/**
 * The single-table example declaration, {@code examples/specs/shop.json}, through the command line
 * as written: {@code ensure-table} provisions it and {@code rest} serves its entities and access
 * patterns.
 */
class ShopCommandsTest {
  private static final String SPEC = Path.of("..", "examples", "specs", "shop.json").toString();

  @Test
  void ensureTable_provisionsTheShop_withItsOverloadedAndSparseIndices() {
    try (DynakitEngine engine = DynakitEngine.inMemory();
        EngineServer server = EngineServer.start(engine, "127.0.0.1", 0)) {
      String endpoint = server.endpoint().toString();
      StringWriter out = new StringWriter();
      StringWriter err = new StringWriter();

      int exit =
          Main.run(
              new PrintWriter(out, true),
              new PrintWriter(err, true),
              "ensure-table",
              SPEC,
              "--endpoint",
              endpoint);

      assertThat(err.toString()).isEmpty();
      assertThat(exit).isZero();
      assertThat(out.toString()).contains("Table shop on DynamoDB at " + endpoint + ".");
      try (DynamoDbClient dynamo = DynakitClients.inProcess(engine)) {
        TableDescription table = dynamo.describeTable(b -> b.tableName("shop")).table();
        assertThat(table.keySchema())
            .extracting(k -> k.attributeName() + " " + k.keyTypeAsString())
            .containsExactly("PK HASH", "SK RANGE");
        assertThat(table.globalSecondaryIndexes())
            .extracting(
                gsi ->
                    gsi.indexName()
                        + " "
                        + gsi.keySchema().get(0).attributeName()
                        + " "
                        + gsi.keySchema().get(1).attributeName()
                        + " "
                        + gsi.projection().projectionTypeAsString())
            .containsExactlyInAnyOrder("GSI1 GSI1PK GSI1SK ALL", "GSI2 GSI2PK GSI2SK KEYS_ONLY");
      }
      StringWriter again = new StringWriter();
      assertThat(
              Main.run(
                  new PrintWriter(again, true),
                  new PrintWriter(err, true),
                  "ensure-table",
                  SPEC,
                  "--endpoint",
                  endpoint))
          .isZero();
      assertThat(again.toString()).contains("Table shop matches its declaration: nothing to do.");
    }
  }
}
