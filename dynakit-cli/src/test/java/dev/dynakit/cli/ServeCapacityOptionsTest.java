package dev.dynakit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dynakit.embedded.DynakitClients;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * {@code serve --enforce-capacity} and {@code --key-statistics}. One BatchWriteItem is admitted in
 * one second of the server's clock, so its outcome does not depend on when it is sent.
 */
class ServeCapacityOptionsTest {
  /** One BatchWriteItem of 25 puts of 100 KB (100 write units each) to partition key "today". */
  private static BatchWriteItemResponse hotBatch(URI endpoint) {
    try (DynamoDbClient dynamo = DynakitClients.http(endpoint)) {
      dynamo.createTable(
          b ->
              b.tableName("Orders")
                  .billingMode(BillingMode.PAY_PER_REQUEST)
                  .attributeDefinitions(
                      a -> a.attributeName("pk").attributeType(ScalarAttributeType.S),
                      a -> a.attributeName("sk").attributeType(ScalarAttributeType.S))
                  .keySchema(
                      k -> k.attributeName("pk").keyType(KeyType.HASH),
                      k -> k.attributeName("sk").keyType(KeyType.RANGE)));
      String pad = "x".repeat(100 * 1024 - 100);
      List<WriteRequest> puts = new ArrayList<>();
      for (int i = 0; i < 25; i++) {
        Map<String, AttributeValue> item =
            Map.of(
                "pk", AttributeValue.fromS("today"),
                "sk", AttributeValue.fromS("s" + i),
                "pad", AttributeValue.fromS(pad));
        puts.add(
            WriteRequest.builder().putRequest(PutRequest.builder().item(item).build()).build());
      }
      return dynamo.batchWriteItem(b -> b.requestItems(Map.of("Orders", puts)));
    }
  }

  /** The write share of the hottest key, as {@code top --once --json} reports it. */
  private static double hottestWriteShare(URI endpoint) throws Exception {
    return new ObjectMapper()
        .readTree(topJson(endpoint))
        .at("/Tables/0/Keys/0/WriteCeilingShare")
        .asDouble();
  }

  private static String topJson(URI endpoint) {
    StringWriter out = new StringWriter();
    int exit =
        Main.run(
            new PrintWriter(out, true),
            new PrintWriter(new StringWriter(), true),
            "top",
            "--endpoint",
            endpoint.toString(),
            "--once",
            "--json");
    assertThat(exit).isZero();
    return out.toString();
  }

  @Test
  void enforceCapacity_leavesWhatPassesAKeysCeilingUnprocessed() throws Exception {
    try (CliRun serve = new CliRun("serve", "--port", "0", "--enforce-capacity")) {
      URI endpoint = serve.endpoint();

      BatchWriteItemResponse answer = hotBatch(endpoint);

      assertThat(answer.unprocessedItems().get("Orders")).hasSize(15);
      assertThat(hottestWriteShare(endpoint)).isEqualTo(1.0);
    }
  }

  @Test
  void keyStatistics_measuresWithoutThrottling() throws Exception {
    try (CliRun serve = new CliRun("serve", "--port", "0", "--key-statistics")) {
      URI endpoint = serve.endpoint();

      assertThat(hotBatch(endpoint).unprocessedItems()).isEmpty();
      assertThat(hottestWriteShare(endpoint)).isEqualTo(2.5);
    }
  }

  @Test
  void withoutEitherOption_nothingIsThrottled() throws Exception {
    try (CliRun serve = new CliRun("serve", "--port", "0")) {
      assertThat(hotBatch(serve.endpoint()).unprocessedItems()).isEmpty();
    }
  }
}
