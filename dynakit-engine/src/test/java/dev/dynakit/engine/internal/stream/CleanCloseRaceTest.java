package dev.dynakit.engine.internal.stream;

import static dev.dynakit.engine.internal.stream.StreamTestCalls.call;
import static dev.dynakit.engine.internal.stream.StreamTestCalls.iterator;
import static dev.dynakit.engine.internal.stream.StreamTestCalls.shards;
import static dev.dynakit.engine.internal.stream.StreamTestCalls.streams;
import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.engine.DynakitEngine;
import dev.dynakit.engine.EngineAccess;
import dev.dynakit.engine.ManualClock;
import dev.dynakit.engine.internal.storage.memory.MemoryStore;
import dev.dynakit.engine.storage.ForwardingStore;
import dev.dynakit.engine.storage.OrderedStore;
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

  private static void put(DynakitEngine engine, String pk) {
    call(
        engine,
        DynakitEngine.TARGET_PREFIX + "PutItem",
        "{'TableName':'orders','Item':{'pk':{'S':'" + pk + "'}}}");
  }

  /** The keys of every record, along the shards from their trim horizons. */
  private static List<String> keys(DynakitEngine engine, String arn) {
    List<String> out = new ArrayList<>();
    for (Map<String, Object> shard : shards(engine, arn)) {
      String it = iterator(engine, arn, (String) shard.get("ShardId"), "TRIM_HORIZON", null);
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
