package dev.dynakit.benchmarks;

import java.util.Random;
import java.util.function.IntConsumer;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/**
 * The SDK call of each operation, over a pool of prebuilt requests, with a check of the answer: a
 * target that answers wrongly shows errors rather than a flattering number.
 */
final class SdkCalls {
  private SdkCalls() {}

  /** One call of {@code op}, given a random index into its pool of prebuilt requests. */
  static IntConsumer of(DynamoDbClient client, String op) {
    Random random = new Random(42);
    switch (op) {
      case "GetItem":
        GetItemRequest[] gets = Workload.gets();
        return i -> {
          if (!client.getItem(gets[i % gets.length]).hasItem()) {
            throw new IllegalStateException("GetItem found no item");
          }
        };
      case "PutItem":
        PutItemRequest[] puts = Workload.puts(random);
        return i -> client.putItem(puts[i % puts.length]);
      case "Query":
        QueryRequest query = Workload.query();
        return i -> {
          int count = client.query(query).count();
          if (count != Workload.QUERY_PARTITION_SIZE) {
            throw new IllegalStateException("Query returned " + count + " items");
          }
        };
      case "BatchWriteItem":
        BatchWriteItemRequest[] batches = Workload.batches(random);
        return i -> {
          BatchWriteItemResponse r = client.batchWriteItem(batches[i % batches.length]);
          if (r.hasUnprocessedItems() && !r.unprocessedItems().isEmpty()) {
            throw new IllegalStateException("BatchWriteItem left items unprocessed");
          }
        };
      default:
        throw new IllegalArgumentException(
            "unknown operation " + op + "; known: " + Workload.OPERATIONS);
    }
  }
}
