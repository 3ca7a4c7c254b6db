package dev.dynakit.core.stream;

import dev.dynakit.embedded.DynakitClients;
import dev.dynakit.engine.DynakitEngine;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/** An engine whose shards roll over after a few records, and clients for tables and streams. */
final class StreamFixture implements AutoCloseable {
  final DynakitEngine engine;
  final DynamoDbClient dynamo;
  final DynamoDbStreamsClient streams;

  StreamFixture(int recordsPerShard) {
    this(DynakitEngine.builder().streamShardRollover(recordsPerShard, Duration.ofHours(4)));
  }

  StreamFixture(DynakitEngine.Builder builder) {
    engine = builder.build();
    dynamo = DynakitClients.inProcess(engine);
    streams = DynakitClients.streamsInProcess(engine);
  }

  /** Creates {@code name}, keyed by the string {@code id}, with a NEW_AND_OLD_IMAGES stream. */
  void createTable(String name) {
    dynamo.createTable(
        b ->
            b.tableName(name)
                .billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(k -> k.attributeName("id").keyType(KeyType.HASH))
                .attributeDefinitions(
                    AttributeDefinition.builder()
                        .attributeName("id")
                        .attributeType(ScalarAttributeType.S)
                        .build())
                .streamSpecification(
                    s -> s.streamEnabled(true).streamViewType(StreamViewType.NEW_AND_OLD_IMAGES)));
  }

  void put(String table, String id, long v) {
    dynamo.putItem(b -> b.tableName(table).item(Map.of("id", s(id), "v", n(v))));
  }

  void delete(String table, String id) {
    dynamo.deleteItem(b -> b.tableName(table).key(Map.of("id", s(id))));
  }

  StreamListener.Builder listener() {
    return StreamListener.builder(dynamo, streams);
  }

  /** Polls until a poll handles nothing; returns how many records were handled. */
  static int drain(StreamSubscription subscription) {
    int total = 0;
    for (int n = subscription.pollOnce(); n > 0; n = subscription.pollOnce()) {
      total += n;
    }
    return total;
  }

  /** Each change as its kind and id, e.g. {@code INSERT a}. */
  static List<String> ids(List<StreamChange> changes) {
    return changes.stream().map(c -> c.kind() + " " + c.keys().get("id")).toList();
  }

  static AttributeValue s(String v) {
    return AttributeValue.builder().s(v).build();
  }

  static AttributeValue n(long v) {
    return AttributeValue.builder().n(Long.toString(v)).build();
  }

  @Override
  public void close() {
    streams.close();
    dynamo.close();
    engine.close();
  }
}
