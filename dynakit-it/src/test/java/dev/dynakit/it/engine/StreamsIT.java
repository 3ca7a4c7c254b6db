package dev.dynakit.it.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.embedded.DynakitClients;
import dev.dynakit.engine.DynakitEngine;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.Shard;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * The Java SDK's DynamoDbStreamsClient, unchanged, over HTTP: a random mixed workload (puts,
 * updates, deletes, transactions, batch writes, TTL deletes) through the DynamoDB client, then the
 * stream read through shard iterators, shard after shard along their lineage, equals the log of
 * acknowledged changes: every change exactly once, in order per item, nothing else.
 */
class StreamsIT {
  private static final Instant NOW = Instant.parse("2026-03-04T05:06:07Z");

  private final MovableClock clock = new MovableClock(NOW);
  private final EngineFixture fx =
      new EngineFixture(
          EngineSetup.HTTP,
          DynakitEngine.builder()
              .clock(clock)
              .ttlSweepInterval(Duration.ofDays(1))
              .streamShardRollover(40, Duration.ofHours(4)));
  private final DynamoDbStreamsClient streams =
      DynamoDbStreamsClient.builder()
          .endpointOverride(fx.server.endpoint())
          .region(DynakitClients.REGION)
          .credentialsProvider(
              StaticCredentialsProvider.create(AwsBasicCredentials.create("dynakit", "dynakit")))
          .build();

  /** What the table holds, as acknowledged; and per key, the changes the stream must show. */
  private final Map<String, Map<String, AttributeValue>> model = new HashMap<>();

  private final Map<String, List<String>> expected = new LinkedHashMap<>();

  @AfterEach
  void tearDown() {
    streams.close();
    fx.close();
  }

  private static AttributeValue s(String v) {
    return AttributeValue.builder().s(v).build();
  }

  private static AttributeValue n(long v) {
    return AttributeValue.builder().n(Long.toString(v)).build();
  }

  private static Map<String, AttributeValue> item(String pk, long v, Long exp) {
    Map<String, AttributeValue> m = new HashMap<>();
    m.put("pk", s(pk));
    m.put("v", n(v));
    if (exp != null) {
      m.put("exp", n(exp));
    }
    return m;
  }

  /** Notes an acknowledged change of {@code pk} to {@code next} (null: deleted). */
  private void changed(String pk, Map<String, AttributeValue> next) {
    changed(pk, next, "");
  }

  private void changed(String pk, Map<String, AttributeValue> next, String by) {
    Map<String, AttributeValue> before = model.get(pk);
    if (before == null ? next == null : before.equals(next)) {
      return;
    }
    String event = before == null ? "INSERT" : next == null ? "REMOVE" : "MODIFY";
    expected
        .computeIfAbsent(pk, k -> new ArrayList<>())
        .add(event + " " + text(before) + " -> " + text(next) + by);
    if (next == null) {
      model.remove(pk);
    } else {
      model.put(pk, next);
    }
  }

  @Test
  void theStreamEqualsTheLogOfAcknowledgedChanges_exactlyOnceAndInOrderPerItem() {
    fx.createTable("orders");
    fx.client.updateTable(
        b ->
            b.tableName("orders")
                .streamSpecification(
                    s -> s.streamEnabled(true).streamViewType(StreamViewType.NEW_AND_OLD_IMAGES)));
    fx.client.updateTimeToLive(
        b ->
            b.tableName("orders")
                .timeToLiveSpecification(t -> t.enabled(true).attributeName("exp")));
    Random random = new Random(29);
    long soon = NOW.getEpochSecond() + 30;
    for (int step = 0; step < 400; step++) {
      String pk = "k" + random.nextInt(15);
      switch (random.nextInt(6)) {
        case 0 -> {
          Map<String, AttributeValue> it =
              item(pk, random.nextInt(3), random.nextInt(4) == 0 ? soon : null);
          fx.client.putItem(b -> b.tableName("orders").item(it));
          changed(pk, it);
        }
        case 1 -> {
          fx.client.deleteItem(b -> b.tableName("orders").key(Map.of("pk", s(pk))));
          changed(pk, null);
        }
        case 2 -> {
          Map<String, AttributeValue> after =
              fx.client
                  .updateItem(
                      b ->
                          b.tableName("orders")
                              .key(Map.of("pk", s(pk)))
                              .updateExpression("ADD v :one")
                              .expressionAttributeValues(Map.of(":one", n(1)))
                              .returnValues("ALL_NEW"))
                  .attributes();
          changed(pk, new HashMap<>(after));
        }
        case 3 -> {
          String other = "k" + (15 + random.nextInt(5));
          Map<String, AttributeValue> a = item(pk, random.nextInt(3), null);
          Map<String, AttributeValue> c = item(other, random.nextInt(3), null);
          fx.client.transactWriteItems(
              b ->
                  b.transactItems(
                      TransactWriteItem.builder()
                          .put(Put.builder().tableName("orders").item(a).build())
                          .build(),
                      TransactWriteItem.builder()
                          .put(Put.builder().tableName("orders").item(c).build())
                          .build()));
          changed(pk, a);
          changed(other, c);
        }
        case 4 -> {
          String other = "k" + (15 + random.nextInt(5));
          Map<String, AttributeValue> a = item(pk, random.nextInt(3), soon);
          fx.client.batchWriteItem(
              b ->
                  b.requestItems(
                      Map.of(
                          "orders",
                          List.of(
                              WriteRequest.builder().putRequest(p -> p.item(a)).build(),
                              WriteRequest.builder()
                                  .deleteRequest(d -> d.key(Map.of("pk", s(other))))
                                  .build()))));
          changed(pk, a);
          changed(other, null);
        }
        default -> {
          clock.advance(Duration.ofMinutes(1));
          fx.engine.sweepExpiredItems();
          for (String key : new ArrayList<>(model.keySet())) {
            AttributeValue exp = model.get(key).get("exp");
            if (exp != null && Long.parseLong(exp.n()) < clock.instant().getEpochSecond()) {
              changed(key, null, " by TTL");
            }
          }
        }
      }
    }
    assertThat(read()).isEqualTo(expected);
  }

  private static String text(Map<String, AttributeValue> image) {
    return image == null ? "none" : new TreeMap<>(image).toString();
  }

  private static boolean ttl(Record rec) {
    var who = rec.userIdentity();
    return who != null
        && "Service".equals(who.type())
        && "dynamodb.amazonaws.com".equals(who.principalId());
  }

  /** The stream's changes per key, read shard by shard, each parent before its children. */
  private Map<String, List<String>> read() {
    String arn = fx.client.describeTable(b -> b.tableName("orders")).table().latestStreamArn();
    assertThat(streams.listStreams(b -> b.tableName("orders")).streams())
        .extracting(s -> s.streamArn())
        .containsExactly(arn);
    List<Shard> shards = new ArrayList<>();
    String start = null;
    do {
      String from = start;
      var d =
          streams
              .describeStream(b -> b.streamArn(arn).limit(3).exclusiveStartShardId(from))
              .streamDescription();
      shards.addAll(d.shards());
      start = d.lastEvaluatedShardId();
    } while (start != null);
    assertThat(shards).hasSizeGreaterThan(3);
    Set<String> seen = new HashSet<>();
    Map<String, List<String>> out = new LinkedHashMap<>();
    for (Shard shard : shards) {
      assertThat(shard.parentShardId() == null || seen.contains(shard.parentShardId())).isTrue();
      seen.add(shard.shardId());
      String it =
          streams
              .getShardIterator(
                  b ->
                      b.streamArn(arn)
                          .shardId(shard.shardId())
                          .shardIteratorType(ShardIteratorType.TRIM_HORIZON))
              .shardIterator();
      while (it != null) {
        String current = it;
        var r = streams.getRecords(b -> b.shardIterator(current).limit(7));
        for (Record rec : r.records()) {
          var d = rec.dynamodb();
          String pk = d.keys().get("pk").s();
          Map<String, AttributeValue> before = d.hasOldImage() ? d.oldImage() : null;
          Map<String, AttributeValue> after = d.hasNewImage() ? d.newImage() : null;
          out.computeIfAbsent(pk, k -> new ArrayList<>())
              .add(
                  rec.eventNameAsString()
                      + " "
                      + text(before)
                      + " -> "
                      + text(after)
                      + (ttl(rec) ? " by TTL" : ""));
        }
        it =
            r.records().isEmpty() && shard.sequenceNumberRange().endingSequenceNumber() == null
                ? null
                : r.nextShardIterator();
      }
    }
    return out;
  }
}
