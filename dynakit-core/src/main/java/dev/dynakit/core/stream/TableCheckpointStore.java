package dev.dynakit.core.stream;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * {@link CheckpointStore#inTable}: an item per consumer, stream and shard, {@code {stream, shard:
 * "consumer/shardId", sequence?, finished}}; loading is one consistent query per stream and
 * consumer, saving one put, deleting one delete.
 */
final class TableCheckpointStore implements CheckpointStore {
  static final String STREAM = "stream";
  static final String SHARD = "shard";
  private static final String SEQUENCE = "sequence";
  private static final String FINISHED = "finished";

  private final DynamoDbClient client;
  private final String tableName;

  TableCheckpointStore(DynamoDbClient client, String tableName) {
    this.client = client;
    this.tableName = tableName;
  }

  static CreateTableRequest createRequest(String tableName) {
    return CreateTableRequest.builder()
        .tableName(tableName)
        .billingMode(BillingMode.PAY_PER_REQUEST)
        .keySchema(
            KeySchemaElement.builder().attributeName(STREAM).keyType(KeyType.HASH).build(),
            KeySchemaElement.builder().attributeName(SHARD).keyType(KeyType.RANGE).build())
        .attributeDefinitions(
            AttributeDefinition.builder()
                .attributeName(STREAM)
                .attributeType(ScalarAttributeType.S)
                .build(),
            AttributeDefinition.builder()
                .attributeName(SHARD)
                .attributeType(ScalarAttributeType.S)
                .build())
        .build();
  }

  @Override
  public Map<String, ShardCheckpoint> load(String consumer, String streamArn) {
    String prefix = consumer + "/";
    QueryRequest query =
        QueryRequest.builder()
            .tableName(tableName)
            .consistentRead(true)
            .keyConditionExpression("#stream = :stream AND begins_with(#shard, :prefix)")
            .expressionAttributeNames(Map.of("#stream", STREAM, "#shard", SHARD))
            .expressionAttributeValues(Map.of(":stream", s(streamArn), ":prefix", s(prefix)))
            .build();
    Map<String, ShardCheckpoint> out = new LinkedHashMap<>();
    client
        .queryPaginator(query)
        .items()
        .forEach(
            item -> {
              String shardId = item.get(SHARD).s().substring(prefix.length());
              AttributeValue sequence = item.get(SEQUENCE);
              out.put(
                  shardId,
                  new ShardCheckpoint(
                      shardId,
                      sequence == null ? null : sequence.s(),
                      // an item written by hand without the flag is a checkpoint still being read
                      Boolean.TRUE.equals(
                          item.get(FINISHED) == null ? null : item.get(FINISHED).bool())));
            });
    return out;
  }

  @Override
  public void save(String consumer, String streamArn, ShardCheckpoint checkpoint) {
    Map<String, AttributeValue> item = new HashMap<>();
    item.put(STREAM, s(streamArn));
    item.put(SHARD, s(consumer + "/" + checkpoint.shardId()));
    if (checkpoint.sequenceNumber() != null) {
      item.put(SEQUENCE, s(checkpoint.sequenceNumber()));
    }
    item.put(FINISHED, AttributeValue.builder().bool(checkpoint.finished()).build());
    client.putItem(b -> b.tableName(tableName).item(item));
  }

  @Override
  public void delete(String consumer, String streamArn, String shardId) {
    client.deleteItem(
        b ->
            b.tableName(tableName)
                .key(Map.of(STREAM, s(streamArn), SHARD, s(consumer + "/" + shardId))));
  }

  private static AttributeValue s(String value) {
    return AttributeValue.builder().s(value).build();
  }
}
