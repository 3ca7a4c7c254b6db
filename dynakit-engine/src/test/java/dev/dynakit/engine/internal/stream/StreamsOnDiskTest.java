package dev.dynakit.engine.internal.stream;

import static dev.dynakit.engine.internal.stream.StreamTestCalls.db;
import static dev.dynakit.engine.internal.stream.StreamTestCalls.iterator;
import static dev.dynakit.engine.internal.stream.StreamTestCalls.shards;
import static dev.dynakit.engine.internal.stream.StreamTestCalls.streams;
import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.engine.DynakitEngine;
import dev.dynakit.engine.ManualClock;
import dev.dynakit.engine.internal.storage.memory.MemoryStore;
import dev.dynakit.engine.storage.StoreCursor;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Streams kept in the store: an on-disk engine finds every record again after a clean restart and
 * after a crash, and a consumer's checkpoint taken before either reads on without loss or repeat.
 */
@SuppressWarnings("unchecked")
class StreamsOnDiskTest {
  @TempDir Path directory;

  private final ManualClock clock = new ManualClock(Instant.parse("2026-03-04T05:06:07Z"));

  private DynakitEngine open(Path dir) {
    return DynakitEngine.builder()
        .clock(clock)
        .ttlSweepInterval(Duration.ofHours(1))
        .dataDirectory(dir)
        .build();
  }

  private static String createTable(DynakitEngine engine) {
    db(
        engine,
        "CreateTable",
        "{'TableName':'orders','AttributeDefinitions':[{'AttributeName':'pk','AttributeType':'S'}],"
            + "'KeySchema':[{'AttributeName':'pk','KeyType':'HASH'}],'BillingMode':"
            + "'PAY_PER_REQUEST','StreamSpecification':{'StreamEnabled':true,"
            + "'StreamViewType':'NEW_AND_OLD_IMAGES'}}");
    return latestArn(engine);
  }

  private static String latestArn(DynakitEngine engine) {
    Map<String, Object> t =
        (Map<String, Object>) db(engine, "DescribeTable", "{'TableName':'orders'}").get("Table");
    return (String) t.get("LatestStreamArn");
  }

  /** A mixed workload: puts, an update, a delete, a transaction and a batch write. */
  private static void writes(DynakitEngine engine, String prefix) {
    for (int i = 0; i < 5; i++) {
      put(engine, prefix + i, "v" + i);
    }
    db(
        engine,
        "UpdateItem",
        "{'TableName':'orders','Key':{'pk':{'S':'"
            + prefix
            + "0'}},'UpdateExpression':'SET v = :v','ExpressionAttributeValues':{':v':{'S':'u'}}}");
    db(engine, "DeleteItem", "{'TableName':'orders','Key':{'pk':{'S':'" + prefix + "1'}}}");
    db(
        engine,
        "TransactWriteItems",
        "{'TransactItems':[{'Put':{'TableName':'orders','Item':{'pk':{'S':'"
            + prefix
            + "t1'}}}},{'Delete':{'TableName':'orders','Key':{'pk':{'S':'"
            + prefix
            + "2'}}}}]}");
    db(
        engine,
        "BatchWriteItem",
        "{'RequestItems':{'orders':[{'PutRequest':{'Item':{'pk':{'S':'"
            + prefix
            + "b1'}}}},{'DeleteRequest':{'Key':{'pk':{'S':'"
            + prefix
            + "3'}}}}]}}");
  }

  private static void put(DynakitEngine engine, String pk, String v) {
    db(
        engine,
        "PutItem",
        "{'TableName':'orders','Item':{'pk':{'S':'" + pk + "'},'v':{'S':'" + v + "'}}}");
  }

  /** A record read, with the shard it was read from (a consumer's checkpoint). */
  private record Read(String shardId, Map<String, Object> record) {
    String sequence() {
      return (String) data().get("SequenceNumber");
    }

    Map<String, Object> data() {
      return (Map<String, Object>) record.get("dynamodb");
    }
  }

  /**
   * Reads as a consumer that follows shard lineage: from a checkpoint (after its sequence number in
   * its shard, then every later shard from its start), or from every shard's trim horizon.
   */
  private static List<Read> readFrom(DynakitEngine engine, String arn, Read checkpoint) {
    List<Read> out = new ArrayList<>();
    boolean reached = checkpoint == null;
    for (Map<String, Object> shard : shards(engine, arn)) {
      String id = (String) shard.get("ShardId");
      String it;
      if (reached) {
        it = iterator(engine, arn, id, "TRIM_HORIZON", null);
      } else if (id.equals(checkpoint.shardId())) {
        reached = true;
        it = iterator(engine, arn, id, "AFTER_SEQUENCE_NUMBER", checkpoint.sequence());
      } else {
        continue;
      }
      boolean open =
          ((Map<String, Object>) shard.get("SequenceNumberRange")).get("EndingSequenceNumber")
              == null;
      while (it != null) {
        Map<String, Object> r =
            streams(engine, "GetRecords", "{'ShardIterator':'" + it + "','Limit':3}");
        List<Map<String, Object>> records = (List<Map<String, Object>>) r.get("Records");
        records.forEach(record -> out.add(new Read(id, record)));
        it = (String) r.get("NextShardIterator");
        if (records.isEmpty() && open) {
          break;
        }
      }
    }
    assertThat(reached).as("the checkpoint's shard is still there").isTrue();
    return out;
  }

  private static List<Map<String, Object>> records(List<Read> reads) {
    return reads.stream().map(Read::record).toList();
  }

  private static List<String> events(List<Read> reads) {
    return reads.stream()
        .map(
            r ->
                r.record().get("eventName")
                    + " "
                    + ((Map<String, Object>) r.data().get("Keys")).get("pk"))
        .toList();
  }

  @Test
  void cleanRestart_keepsEveryRecordOnceInOrder_andTheOpenShardContinues() {
    String arn;
    List<Read> before;
    List<Map<String, Object>> shardsBefore;
    try (DynakitEngine engine = open(directory)) {
      arn = createTable(engine);
      writes(engine, "a");
      before = readFrom(engine, arn, null);
      shardsBefore = shards(engine, arn);
    }
    assertThat(before).hasSize(11);
    try (DynakitEngine engine = open(directory)) {
      assertThat(latestArn(engine)).isEqualTo(arn);
      assertThat(shards(engine, arn)).isEqualTo(shardsBefore);
      assertThat(records(readFrom(engine, arn, null))).isEqualTo(records(before));
      writes(engine, "b");
      List<Read> after = readFrom(engine, arn, null);
      assertThat(records(after.subList(0, 11))).isEqualTo(records(before));
      assertThat(events(after.subList(11, after.size())))
          .isEqualTo(events(before).stream().map(e -> e.replace("{S=a", "{S=b")).toList());
      assertThat(after).extracting(Read::shardId).containsOnly(before.get(0).shardId());
      assertThat(after.stream().map(Read::sequence).toList())
          .isSortedAccordingTo(String::compareTo)
          .doesNotHaveDuplicates();
    }
  }

  @Test
  void checkpointTakenBeforeARestart_readsOnWithoutLossOrRepeat() {
    String arn;
    Read checkpoint;
    List<Read> all;
    String latest;
    try (DynakitEngine engine = open(directory)) {
      arn = createTable(engine);
      writes(engine, "a");
      all = readFrom(engine, arn, null);
      checkpoint = all.get(6);
      latest = iterator(engine, arn, checkpoint.shardId(), "LATEST", null);
    }
    try (DynakitEngine engine = open(directory)) {
      writes(engine, "b");
      List<Read> rest = readFrom(engine, arn, checkpoint);
      assertThat(records(rest.subList(0, 4))).isEqualTo(records(all.subList(7, 11)));
      List<String> later = events(all).stream().map(e -> e.replace("{S=a", "{S=b")).toList();
      assertThat(events(rest.subList(4, rest.size()))).isEqualTo(later);
      // an iterator handed out before the restart (still in its 15 minutes) reads on too
      Map<String, Object> r = streams(engine, "GetRecords", "{'ShardIterator':'" + latest + "'}");
      assertThat((List<Map<String, Object>>) r.get("Records"))
          .extracting(m -> m.get("dynamodb"))
          .isEqualTo(rest.subList(4, rest.size()).stream().map(Read::data).toList());
    }
  }

  @Test
  void crash_everyAcknowledgedWriteHasItsRecord_theOpenShardClosesAndAChildContinues()
      throws IOException {
    Path copy = directory.resolve("copy");
    String arn;
    List<Read> acknowledged;
    Read checkpoint;
    try (DynakitEngine engine = open(directory.resolve("live"))) {
      arn = createTable(engine);
      writes(engine, "a");
      acknowledged = readFrom(engine, arn, null);
      checkpoint = acknowledged.get(4);
      // the directory as a crash leaves it: every write acknowledged, nothing closed cleanly
      copyTree(directory.resolve("live"), copy);
    }
    try (DynakitEngine engine = open(copy)) {
      assertThat(latestArn(engine)).isEqualTo(arn);
      List<Read> restored = readFrom(engine, arn, null);
      assertThat(records(restored)).isEqualTo(records(acknowledged));
      List<Map<String, Object>> shards = shards(engine, arn);
      assertThat(shards).hasSize(2);
      Map<String, Object> crashed = shards.get(0);
      assertThat(((Map<String, Object>) crashed.get("SequenceNumberRange")))
          .containsEntry("EndingSequenceNumber", acknowledged.get(10).sequence());
      assertThat(shards.get(1).get("ParentShardId")).isEqualTo(crashed.get("ShardId"));

      writes(engine, "b");
      List<Read> rest = readFrom(engine, arn, checkpoint);
      assertThat(records(rest.subList(0, 6))).isEqualTo(records(acknowledged.subList(5, 11)));
      List<Read> continued = rest.subList(6, rest.size());
      assertThat(events(continued))
          .isEqualTo(events(acknowledged).stream().map(e -> e.replace("{S=a", "{S=b")).toList());
      assertThat(continued)
          .extracting(Read::shardId)
          .containsOnly((String) shards.get(1).get("ShardId"));
      assertThat(continued.get(0).sequence()).isGreaterThan(acknowledged.get(10).sequence());
    }
  }

  @Test
  void streamOfATableDeletedBeforeARestart_staysReadableAndDisabled() {
    String arn;
    List<Read> before;
    try (DynakitEngine engine = open(directory)) {
      arn = createTable(engine);
      writes(engine, "a");
      before = readFrom(engine, arn, null);
      db(engine, "DeleteTable", "{'TableName':'orders'}");
    }
    try (DynakitEngine engine = open(directory)) {
      Map<String, Object> d =
          (Map<String, Object>)
              streams(engine, "DescribeStream", "{'StreamArn':'" + arn + "'}")
                  .get("StreamDescription");
      assertThat(d.get("StreamStatus")).isEqualTo("DISABLED");
      assertThat(d.get("TableName")).isEqualTo("orders");
      assertThat(records(readFrom(engine, arn, null))).isEqualTo(records(before));
      clock.advance(Duration.ofHours(25));
      assertThat((List<Object>) streams(engine, "ListStreams", "{}").get("Streams")).isEmpty();
    }
    try (DynakitEngine engine = open(directory)) {
      // a stream trimmed away is gone from the store too
      assertThat((List<Object>) streams(engine, "ListStreams", "{}").get("Streams")).isEmpty();
    }
  }

  @Test
  void recordsLiveInTheStore_andTrimmingPastRetentionDeletesThem() {
    MemoryStore store = new MemoryStore();
    try (DynakitEngine engine =
        DynakitEngine.builder()
            .clock(clock)
            .ttlSweepInterval(Duration.ofHours(1))
            .store(store)
            .build()) {
      String arn = createTable(engine);
      writes(engine, "a");
      assertThat(storedRecords(store, arn)).isEqualTo(11);
      clock.advance(Duration.ofHours(24).plusSeconds(1));
      put(engine, "late", "1");
      assertThat(readFrom(engine, arn, null)).hasSize(1);
      assertThat(storedRecords(store, arn)).isEqualTo(1);
    }
  }

  private static int storedRecords(MemoryStore store, String arn) {
    int n = 0;
    try (StoreCursor c =
        store.scan(StreamKeys.record(arn, 0), StreamKeys.record(arn, Long.MAX_VALUE), false)) {
      while (c.hasNext()) {
        c.next();
        n++;
      }
    }
    return n;
  }

  private static void copyTree(Path from, Path to) throws IOException {
    try (Stream<Path> files = Files.walk(from)) {
      for (Path f : files.toList()) {
        Path target = to.resolve(from.relativize(f).toString());
        if (Files.isDirectory(f)) {
          Files.createDirectories(target);
        } else {
          Files.copy(f, target);
        }
      }
    }
  }
}
