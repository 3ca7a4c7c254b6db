package dev.dynakit.benchmarks;

import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ResourceInUseException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;

/**
 * Creates the tables of {@link Workload} and loads their data, then checks that the target answers
 * GetItem and Query as the measurements expect. Running it twice is harmless.
 *
 * <pre>
 * java -cp … dev.dynakit.benchmarks.Seeder --endpoint http://127.0.0.1:8000
 * </pre>
 */
public final class Seeder {
  private Seeder() {}

  public static void main(String[] args) {
    Flags flags = Flags.parse(args, Set.of("--endpoint"), Set.of());
    URI endpoint = URI.create(flags.required("--endpoint"));
    try (DynamoDbClient client = SdkClients.http(endpoint, 1, Duration.ofSeconds(30))) {
      seed(client);
    }
    System.out.println("seeded " + endpoint);
  }

  /** Creates and fills the tables; throws when the target cannot do what the benchmark needs. */
  static void seed(DynamoDbClient client) {
    createTable(client, Workload.ITEMS_TABLE, false);
    createTable(client, Workload.QUERY_TABLE, true);
    for (int i = 0; i < Workload.SEEDED_ITEMS; i++) {
      int n = i;
      client.putItem(
          b -> b.tableName(Workload.ITEMS_TABLE).item(Workload.item(Workload.seededKey(n), n)));
    }
    for (int i = 0; i < Workload.QUERY_PARTITION_SIZE; i++) {
      int n = i;
      client.putItem(b -> b.tableName(Workload.QUERY_TABLE).item(Workload.queryItem(n)));
    }
    check(client);
  }

  private static void check(DynamoDbClient client) {
    Map<String, AttributeValue> expected = Workload.item(Workload.seededKey(7), 7);
    GetItemResponse got =
        client.getItem(
            b -> b.tableName(Workload.ITEMS_TABLE).key(Map.of("pk", expected.get("pk"))));
    if (!got.hasItem() || !expected.equals(got.item())) {
      throw new IllegalStateException("GetItem after seeding returned " + got.item());
    }
    int count = client.query(Workload.query()).count();
    if (count != Workload.QUERY_PARTITION_SIZE) {
      throw new IllegalStateException(
          "Query after seeding returned " + count + " items, not " + Workload.QUERY_PARTITION_SIZE);
    }
  }

  private static void createTable(DynamoDbClient client, String name, boolean withRangeKey) {
    CreateTableRequest.Builder b =
        CreateTableRequest.builder().tableName(name).billingMode(BillingMode.PAY_PER_REQUEST);
    AttributeDefinition pk = attribute("pk");
    KeySchemaElement hash =
        KeySchemaElement.builder().attributeName("pk").keyType(KeyType.HASH).build();
    if (withRangeKey) {
      b.attributeDefinitions(pk, attribute("sk"))
          .keySchema(
              hash, KeySchemaElement.builder().attributeName("sk").keyType(KeyType.RANGE).build());
    } else {
      b.attributeDefinitions(pk).keySchema(hash);
    }
    try {
      TableDescription created = client.createTable(b.build()).tableDescription();
      if (created != null && created.tableStatus() == TableStatus.ACTIVE) {
        return;
      }
    } catch (ResourceInUseException alreadyThere) {
      // seeded before: the puts below overwrite the same items
    }
    awaitActive(client, name);
  }

  private static void awaitActive(DynamoDbClient client, String name) {
    long deadline = System.nanoTime() + 30_000_000_000L;
    while (System.nanoTime() < deadline) {
      TableDescription table = client.describeTable(b -> b.tableName(name)).table();
      if (table == null) {
        throw new IllegalStateException("DescribeTable of " + name + " returned no table");
      }
      if (table.tableStatus() == TableStatus.ACTIVE) {
        return;
      }
      try {
        Thread.sleep(50);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted while waiting for " + name, e);
      }
    }
    throw new IllegalStateException("table " + name + " did not become ACTIVE in 30 s");
  }

  private static AttributeDefinition attribute(String name) {
    return AttributeDefinition.builder()
        .attributeName(name)
        .attributeType(ScalarAttributeType.S)
        .build();
  }
}
