package dev.dynakit.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynakit.embedded.DynakitClients;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;

/** {@code serve --table-latency} and {@code --gsi-lag}: DynamoDB's delays, against real clients. */
class ServeLatencyOptionsTest {
  private static final String TWO_GSIS =
      """
      {
        "table": "orders",
        "keyFields": ["customer", "order"],
        "structuralKey": "_sk",
        "indices": {
          "byStatus": {"type": "gsi", "pk": "status", "sk": "placedAt"},
          "byShop": {"type": "gsi", "pk": "shop", "projection": "keys-only"}
        },
        "descriptorKey": "__descriptor__",
        "ttlField": "_expiresAt"
      }
      """;

  @TempDir Path dir;

  private static int run(StringWriter out, StringWriter err, String... args) {
    return Main.run(new PrintWriter(out, true), new PrintWriter(err, true), args);
  }

  @Test
  void ensureTable_againstServeWithTableLatency_waitsThroughEveryStep_andSucceeds()
      throws Exception {
    Path spec = dir.resolve("orders.json");
    Files.writeString(spec, TWO_GSIS);
    try (CliRun serve = new CliRun("serve", "--port", "0", "--table-latency", "300")) {
      URI endpoint = serve.endpoint();
      StringWriter out = new StringWriter();
      StringWriter err = new StringWriter();

      int code = run(out, err, "ensure-table", spec.toString(), "--endpoint", endpoint.toString());

      assertThat(code).as(err.toString()).isZero();
      assertThat(out.toString().lines())
          .last()
          .isEqualTo("Table orders matches its declaration (3 changes applied).");
      try (DynamoDbClient dynamo = DynakitClients.http(endpoint)) {
        TableDescription table = dynamo.describeTable(b -> b.tableName("orders")).table();
        assertThat(table.tableStatus()).isEqualTo(TableStatus.ACTIVE);
        assertThat(table.globalSecondaryIndexes())
            .extracting(GlobalSecondaryIndexDescription::indexStatusAsString)
            .containsExactly("ACTIVE", "ACTIVE");
        // the descriptor row, written after the waits, is there
        assertThat(dynamo.scan(b -> b.tableName("orders")).count()).isEqualTo(1);
      }
    }
  }

  @Test
  void serveWithTableLatency_refusesAPutBeforeActive() throws Exception {
    try (CliRun serve = new CliRun("serve", "--port", "0", "--table-latency", "60000");
        DynamoDbClient dynamo = DynakitClients.http(serve.endpoint())) {
      TableDescription created =
          dynamo
              .createTable(
                  b ->
                      b.tableName("early")
                          .billingMode(BillingMode.PAY_PER_REQUEST)
                          .attributeDefinitions(
                              a -> a.attributeName("pk").attributeType(ScalarAttributeType.S))
                          .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH)))
              .tableDescription();

      assertThat(created.tableStatus()).isEqualTo(TableStatus.CREATING);
      assertThatThrownBy(
              () ->
                  dynamo.putItem(
                      b -> b.tableName("early").item(Map.of("pk", AttributeValue.fromS("a")))))
          .isInstanceOf(ResourceNotFoundException.class)
          .hasMessageStartingWith("Requested resource not found");
    }
  }

  @Test
  void serveWithGsiLag_doesNotShowAWriteInTheGsiAtOnce() throws Exception {
    try (CliRun serve = new CliRun("serve", "--port", "0", "--gsi-lag", "60000-120000");
        DynamoDbClient dynamo = DynakitClients.http(serve.endpoint())) {
      dynamo.createTable(
          b ->
              b.tableName("lagging")
                  .billingMode(BillingMode.PAY_PER_REQUEST)
                  .attributeDefinitions(
                      a -> a.attributeName("pk").attributeType(ScalarAttributeType.S),
                      a -> a.attributeName("g").attributeType(ScalarAttributeType.S))
                  .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH))
                  .globalSecondaryIndexes(
                      g ->
                          g.indexName("byG")
                              .keySchema(k -> k.attributeName("g").keyType(KeyType.HASH))
                              .projection(p -> p.projectionType("ALL"))));
      dynamo.putItem(
          b ->
              b.tableName("lagging")
                  .item(Map.of("pk", AttributeValue.fromS("a"), "g", AttributeValue.fromS("x"))));

      assertThat(
              dynamo
                  .query(
                      b ->
                          b.tableName("lagging")
                              .indexName("byG")
                              .keyConditionExpression("g = :g")
                              .expressionAttributeValues(Map.of(":g", AttributeValue.fromS("x"))))
                  .count())
          .isZero();
      assertThat(
              dynamo
                  .getItem(b -> b.tableName("lagging").key(Map.of("pk", AttributeValue.fromS("a"))))
                  .hasItem())
          .isTrue();
    }
  }

  @Test
  void malformedLatencies_areUsageErrorsWithTheReason() {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    assertThat(run(out, err, "serve", "--port", "0", "--gsi-lag", "soon")).isEqualTo(2);
    assertThat(err.toString())
        .startsWith("dynakit: --gsi-lag: 'soon' is not a number of milliseconds");

    err = new StringWriter();
    assertThat(run(out, err, "serve", "--port", "0", "--gsi-lag", "500-100")).isEqualTo(2);
    assertThat(err.toString()).startsWith("dynakit: --gsi-lag: gsiLag maximum");

    err = new StringWriter();
    assertThat(run(out, err, "serve", "--port", "0", "--table-latency", "-5")).isEqualTo(2);
    assertThat(err.toString()).startsWith("dynakit: --table-latency: must not be negative");
  }
}
