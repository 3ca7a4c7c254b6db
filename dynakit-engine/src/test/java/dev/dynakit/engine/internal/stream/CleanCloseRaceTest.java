package dev.dynakit.engine.internal.stream;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.engine.DynakitEngine;
import dev.dynakit.engine.EngineAccess;
import dev.dynakit.engine.EngineResponse;
import dev.dynakit.engine.ManualClock;
import dev.dynakit.engine.internal.protocol.Json;
import dev.dynakit.engine.internal.storage.memory.MemoryStore;
import dev.dynakit.engine.storage.ForwardingStore;
import dev.dynakit.engine.storage.OrderedStore;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

/**
 * A read that rolls a shard over after the engine noted its clean close (reads take no item locks,
 * so one can come between the note and the store's close): the child shard it opens reserves its
 * number anew, so the next open numbers past it instead of continuing the child at its own start.
 */
@SuppressWarnings("unchecked")
class CleanCloseRaceTest {
  /** A memory store that runs something just before it closes, and leaves its data for a reopen. */
  private static final class ClosingStore extends ForwardingStore {
    ClosingStore() {
      super(new MemoryStore());
    }

    private volatile @Nullable Runnable beforeClose;

    @Override
    public void close() {
      Runnable r = beforeClose;
      beforeClose = null;
      if (r != null) {
        r.run();
      }
    }
  }

  private final ManualClock clock = new ManualClock(Instant.parse("2026-03-04T05:06:07Z"));

  private DynakitEngine open(OrderedStore store) {
    return DynakitEngine.builder()
        .clock(clock)
        .ttlSweepInterval(Duration.ofHours(1))
        .streamShardRollover(2, Duration.ofHours(4))
        .store(store)
        .build();
  }

  private static Map<String, Object> call(DynakitEngine engine, String target, String json) {
    EngineResponse r =
        engine.handle(target, json.replace('\'', '"').getBytes(StandardCharsets.UTF_8));
    Map<String, Object> body = Json.parseObject(r.body());
    assertThat(r.status()).as(body.toString()).isEqualTo(200);
    return body;
  }

  private static void put(DynakitEngine engine, String pk) {
    call(
        engine,
        DynakitEngine.TARGET_PREFIX + "PutItem",
        "{'TableName':'orders','Item':{'pk':{'S':'" + pk + "'}}}");
  }

  private static Map<String, Object> streams(DynakitEngine engine, String op, String json) {
    return call(engine, StreamOperations.TARGET_PREFIX + op, json);
  }

  /** The keys of every record, along the shards from their trim horizons. */
  private static List<String> keys(DynakitEngine engine, String arn) {
    List<String> out = new ArrayList<>();
    Map<String, Object> d =
        (Map<String, Object>)
            streams(engine, "DescribeStream", "{'StreamArn':'" + arn + "'}")
                .get("StreamDescription");
    for (Map<String, Object> shard : (List<Map<String, Object>>) d.get("Shards")) {
      String it =
          (String)
              streams(
                      engine,
                      "GetShardIterator",
                      "{'StreamArn':'"
                          + arn
                          + "','ShardId':'"
                          + shard.get("ShardId")
                          + "','ShardIteratorType':'TRIM_HORIZON'}")
                  .get("ShardIterator");
      Map<String, Object> r = streams(engine, "GetRecords", "{'ShardIterator':'" + it + "'}");
      for (Map<String, Object> record : (List<Map<String, Object>>) r.get("Records")) {
        Map<String, Object> k =
            (Map<String, Object>) ((Map<String, Object>) record.get("dynamodb")).get("Keys");
        out.add((String) ((Map<String, Object>) k.get("pk")).get("S"));
      }
    }
    return out;
  }

  @Test
  void aShardRolledOverByAReadAfterTheCleanCloseNote_isNumberedPastAtTheNextOpen() {
    ClosingStore store = new ClosingStore();
    String arn;
    try (DynakitEngine engine = open(store)) {
      call(
          engine,
          DynakitEngine.TARGET_PREFIX + "CreateTable",
          "{'TableName':'orders','AttributeDefinitions':[{'AttributeName':'pk',"
              + "'AttributeType':'S'}],'KeySchema':[{'AttributeName':'pk','KeyType':'HASH'}],"
              + "'BillingMode':'PAY_PER_REQUEST','StreamSpecification':{'StreamEnabled':true,"
              + "'StreamViewType':'KEYS_ONLY'}}");
      // the shard is full with these two: the next read or write rolls it over
      put(engine, "a");
      put(engine, "b");
      Map<String, Object> table =
          (Map<String, Object>)
              call(engine, DynakitEngine.TARGET_PREFIX + "DescribeTable", "{'TableName':'orders'}")
                  .get("Table");
      arn = (String) table.get("LatestStreamArn");
      Streams streams = EngineAccess.state(engine).items().streams();
      // a reader between the clean-close note and the store's close
      store.beforeClose = () -> streams.all(t -> true);
    }
    try (DynakitEngine engine = open(store)) {
      put(engine, "c");
      put(engine, "d");
      assertThat(keys(engine, arn)).containsExactly("a", "b", "c", "d");
    }
  }
}
