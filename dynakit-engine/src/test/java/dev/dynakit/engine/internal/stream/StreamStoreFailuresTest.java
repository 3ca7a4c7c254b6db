package dev.dynakit.engine.internal.stream;

import static dev.dynakit.engine.internal.stream.StreamTestCalls.call;
import static dev.dynakit.engine.internal.stream.StreamTestCalls.iterator;
import static dev.dynakit.engine.internal.stream.StreamTestCalls.send;
import static dev.dynakit.engine.internal.stream.StreamTestCalls.shards;
import static dev.dynakit.engine.internal.stream.StreamTestCalls.streams;
import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.engine.DynakitEngine;
import dev.dynakit.engine.EngineResponse;
import dev.dynakit.engine.ManualClock;
import dev.dynakit.engine.storage.OrderedStore;
import dev.dynakit.engine.storage.StoreCursor;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A store write of the stream's own state (a sequence reservation, a shard rolling over, a trim)
 * that fails leaves the stream as the store has it: a restart after a later crash numbers on
 * without repeating a sequence number, finds every shard a reader saw, and a trim that failed is
 * done again instead of leaving its records in the store for good.
 */
@SuppressWarnings("unchecked")
class StreamStoreFailuresTest {
  private final ManualClock clock = new ManualClock(Instant.parse("2026-03-04T05:06:07Z"));
  private final FailingStore store = new FailingStore();

  private DynakitEngine open(OrderedStore on, int shardRecords) {
    return DynakitEngine.builder()
        .clock(clock)
        .ttlSweepInterval(Duration.ofHours(1))
        .streamShardRollover(shardRecords, Duration.ofHours(4))
        .store(on)
        .build();
  }

  private static String createTable(DynakitEngine engine) {
    call(
        engine,
        DynakitEngine.TARGET_PREFIX + "CreateTable",
        "{'TableName':'orders','AttributeDefinitions':[{'AttributeName':'pk','AttributeType':'S'}],"
            + "'KeySchema':[{'AttributeName':'pk','KeyType':'HASH'}],'BillingMode':"
            + "'PAY_PER_REQUEST','StreamSpecification':{'StreamEnabled':true,"
            + "'StreamViewType':'KEYS_ONLY'}}");
    Map<String, Object> t =
        (Map<String, Object>)
            call(engine, DynakitEngine.TARGET_PREFIX + "DescribeTable", "{'TableName':'orders'}")
                .get("Table");
    return (String) t.get("LatestStreamArn");
  }

  /** Puts an item: whether the engine acknowledged it. */
  private static boolean put(DynakitEngine engine, String pk) {
    return send(
                engine,
                DynakitEngine.TARGET_PREFIX + "PutItem",
                "{'TableName':'orders','Item':{'pk':{'S':'" + pk + "'}}}")
            .status()
        == 200;
  }

  /** Every record of every shard, from each shard's trim horizon: sequence number and key. */
  private static List<String[]> records(DynakitEngine engine, String arn) {
    List<String[]> out = new ArrayList<>();
    for (Map<String, Object> shard : shards(engine, arn)) {
      boolean open =
          ((Map<String, Object>) shard.get("SequenceNumberRange")).get("EndingSequenceNumber")
              == null;
      String it = iterator(engine, arn, (String) shard.get("ShardId"), "TRIM_HORIZON", null);
      while (it != null) {
        Map<String, Object> r = streams(engine, "GetRecords", "{'ShardIterator':'" + it + "'}");
        List<Map<String, Object>> got = (List<Map<String, Object>>) r.get("Records");
        for (Map<String, Object> record : got) {
          Map<String, Object> data = (Map<String, Object>) record.get("dynamodb");
          Map<String, Object> pk =
              (Map<String, Object>) ((Map<String, Object>) data.get("Keys")).get("pk");
          out.add(new String[] {(String) data.get("SequenceNumber"), (String) pk.get("S")});
        }
        it = (String) r.get("NextShardIterator");
        if (got.isEmpty() && open) {
          break;
        }
      }
    }
    return out;
  }

  private static List<String> keysOf(List<String[]> records) {
    return records.stream().map(r -> r[1]).toList();
  }

  private static List<String> sequencesOf(List<String[]> records) {
    return records.stream().map(r -> r[0]).toList();
  }

  @Test
  void aFailedReservationWrite_neverLetsARestartAfterACrashRepeatASequenceNumber() {
    List<String> acknowledged = new ArrayList<>();
    String arn;
    try (DynakitEngine engine = open(store, 100_000)) {
      arn = createTable(engine);
      // the first put creates the stream (and reserves the first block)
      assertThat(put(engine, "first")).isTrue();
      acknowledged.add("first");
      store.failNext(FailingStore.touching(StreamKeys.reservation(arn)));
      // sequence numbers are reserved in blocks: put until the put that reserves the next block
      int i = 0;
      while (store.failures() == 0 && i < 5_000) {
        String pk = "a" + i++;
        if (put(engine, pk)) {
          acknowledged.add(pk);
        }
      }
      assertThat(store.failures()).isEqualTo(1);
      for (int j = 0; j < 5; j++) {
        assertThat(put(engine, "b" + j)).isTrue();
        acknowledged.add("b" + j);
      }
      store.crash();
    }
    try (DynakitEngine engine = open(store.inner(), 100_000)) {
      for (int j = 0; j < 5; j++) {
        assertThat(put(engine, "c" + j)).isTrue();
        acknowledged.add("c" + j);
      }
      List<String[]> records = records(engine, arn);
      assertThat(sequencesOf(records)).doesNotHaveDuplicates();
      assertThat(keysOf(records)).containsExactlyElementsOf(acknowledged);
    }
  }

  @Test
  void aFailedShardRollover_leavesTheLineageAsStored_soARestartFindsEveryShardAReaderSaw() {
    List<String> acknowledged = new ArrayList<>();
    String arn;
    List<Map<String, Object>> seen;
    try (DynakitEngine engine = open(store, 3)) {
      arn = createTable(engine);
      for (String pk : List.of("a", "b", "c")) {
        assertThat(put(engine, pk)).isTrue();
        acknowledged.add(pk);
      }
      // the fourth record closes the full shard and opens its child: that write fails
      store.failNext(FailingStore.touching(withoutNumber(StreamKeys.shard(arn, 0))));
      assertThat(put(engine, "d")).isFalse();
      for (String pk : List.of("e", "f")) {
        assertThat(put(engine, pk)).isTrue();
        acknowledged.add(pk);
      }
      seen = shards(engine, arn);
      assertThat(keysOf(records(engine, arn))).containsExactlyElementsOf(acknowledged);
      store.crash();
    }
    try (DynakitEngine engine = open(store.inner(), 3)) {
      List<Map<String, Object>> after = shards(engine, arn);
      for (Map<String, Object> s : seen) {
        Map<String, Object> same =
            after.stream()
                .filter(a -> a.get("ShardId").equals(s.get("ShardId")))
                .findFirst()
                .orElse(null);
        assertThat(same).as("shard %s after the restart", s.get("ShardId")).isNotNull();
        assertThat(same.get("ParentShardId")).isEqualTo(s.get("ParentShardId"));
        assertThat(
                ((Map<String, Object>) same.get("SequenceNumberRange"))
                    .get("StartingSequenceNumber"))
            .isEqualTo(
                ((Map<String, Object>) s.get("SequenceNumberRange")).get("StartingSequenceNumber"));
      }
      assertThat(put(engine, "g")).isTrue();
      acknowledged.add("g");
      List<String[]> records = records(engine, arn);
      assertThat(sequencesOf(records)).doesNotHaveDuplicates();
      assertThat(keysOf(records)).containsExactlyElementsOf(acknowledged);
    }
  }

  @Test
  void aFailedTrimWrite_isDoneAgain_andTheStoreKeepsNoRecordPastRetention() {
    try (DynakitEngine engine = open(store, 100_000)) {
      String arn = createTable(engine);
      for (String pk : List.of("a", "b", "c")) {
        assertThat(put(engine, pk)).isTrue();
      }
      clock.advance(Duration.ofHours(24).plusSeconds(1));
      store.failNext(FailingStore.deleting(withoutNumber(StreamKeys.record(arn, 0))));
      EngineResponse failed =
          send(
              engine,
              StreamOperations.TARGET_PREFIX + "DescribeStream",
              "{'StreamArn':'" + arn + "'}");
      assertThat(failed.status()).isEqualTo(500);
      assertThat(store.failures()).isEqualTo(1);
      assertThat(records(engine, arn)).isEmpty();
      assertThat(storedRecords(store, arn)).isZero();
    }
  }

  /** The prefix of every key of this kind of the stream (a numbered key without its number). */
  private static byte[] withoutNumber(byte[] key) {
    return java.util.Arrays.copyOf(key, key.length - Long.BYTES);
  }

  static int storedRecords(OrderedStore store, String arn) {
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
}
