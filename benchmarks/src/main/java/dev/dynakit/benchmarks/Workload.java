package dev.dynakit.benchmarks;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * The data and the requests of every measurement, the same for every target. {@code
 * benchmarks/wrk/dynamodb.lua} builds the same shapes by hand; change both together.
 *
 * <ul>
 *   <li>{@value #ITEMS_TABLE}: hash key {@code pk} (S); {@value #SEEDED_ITEMS} items {@code item-0}
 *       … seeded for GetItem; PutItem and BatchWriteItem write there too.
 *   <li>{@value #QUERY_TABLE}: hash key {@code pk} (S), range key {@code sk} (S); one partition
 *       {@value #QUERY_PARTITION} of {@value #QUERY_PARTITION_SIZE} items, which one Query returns
 *       in one page.
 * </ul>
 */
final class Workload {
  static final String ITEMS_TABLE = "bench_items";
  static final String QUERY_TABLE = "bench_query";
  static final int SEEDED_ITEMS = 1000;
  static final String QUERY_PARTITION = "p0";
  static final int QUERY_PARTITION_SIZE = 100;
  static final int BATCH_SIZE = 25;

  /** PutItem picks its key among this many, so the table stays bounded however long the run. */
  static final int PUT_KEY_SPACE = 100_000;

  /** BatchWriteItem picks a base among this many and puts {@value #BATCH_SIZE} keys under it. */
  static final int BATCH_KEY_SPACE = 4_000;

  // pools of prebuilt requests: the load loop should measure the call, not request building
  private static final int PUT_POOL = 2048;
  private static final int BATCH_POOL = 256;

  private Workload() {}

  /** The operations measured, in report order. */
  static final List<String> OPERATIONS = List.of("GetItem", "PutItem", "Query", "BatchWriteItem");

  /** A small item (about 80 bytes): what GetItem reads and PutItem writes. */
  static Map<String, AttributeValue> item(String pk, int n) {
    Map<String, AttributeValue> item = new LinkedHashMap<>();
    item.put("pk", AttributeValue.fromS(pk));
    item.put("name", AttributeValue.fromS("benchmark item " + n));
    item.put("count", AttributeValue.fromN(Integer.toString(n)));
    item.put("active", AttributeValue.fromBool(true));
    return item;
  }

  /** One item of the Query partition (about 100 bytes). */
  static Map<String, AttributeValue> queryItem(int n) {
    Map<String, AttributeValue> item = new LinkedHashMap<>();
    item.put("pk", AttributeValue.fromS(QUERY_PARTITION));
    item.put("sk", AttributeValue.fromS(String.format("s%03d", n)));
    item.put("payload", AttributeValue.fromS("x".repeat(48)));
    item.put("n", AttributeValue.fromN(Integer.toString(n)));
    return item;
  }

  static String seededKey(int n) {
    return "item-" + n;
  }

  static GetItemRequest[] gets() {
    GetItemRequest[] pool = new GetItemRequest[SEEDED_ITEMS];
    for (int i = 0; i < pool.length; i++) {
      pool[i] =
          GetItemRequest.builder()
              .tableName(ITEMS_TABLE)
              .key(Map.of("pk", AttributeValue.fromS(seededKey(i))))
              .build();
    }
    return pool;
  }

  static PutItemRequest[] puts(Random random) {
    PutItemRequest[] pool = new PutItemRequest[PUT_POOL];
    for (int i = 0; i < pool.length; i++) {
      int n = random.nextInt(PUT_KEY_SPACE);
      pool[i] = PutItemRequest.builder().tableName(ITEMS_TABLE).item(item("put-" + n, n)).build();
    }
    return pool;
  }

  static QueryRequest query() {
    return QueryRequest.builder()
        .tableName(QUERY_TABLE)
        .keyConditionExpression("pk = :p")
        .expressionAttributeValues(Map.of(":p", AttributeValue.fromS(QUERY_PARTITION)))
        .build();
  }

  /** Batches of {@value #BATCH_SIZE} puts; the keys of one batch are distinct, as DynamoDB asks. */
  static BatchWriteItemRequest[] batches(Random random) {
    BatchWriteItemRequest[] pool = new BatchWriteItemRequest[BATCH_POOL];
    for (int b = 0; b < pool.length; b++) {
      int base = random.nextInt(BATCH_KEY_SPACE);
      WriteRequest[] writes = new WriteRequest[BATCH_SIZE];
      for (int i = 0; i < BATCH_SIZE; i++) {
        Map<String, AttributeValue> item = item("batch-" + base + "-" + i, i);
        writes[i] =
            WriteRequest.builder().putRequest(PutRequest.builder().item(item).build()).build();
      }
      pool[b] =
          BatchWriteItemRequest.builder()
              .requestItems(Map.of(ITEMS_TABLE, List.of(writes)))
              .build();
    }
    return pool;
  }
}
