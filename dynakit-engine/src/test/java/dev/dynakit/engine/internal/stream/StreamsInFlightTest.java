package dev.dynakit.engine.internal.stream;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.engine.DynakitEngine;
import dev.dynakit.engine.EngineResponse;
import dev.dynakit.engine.internal.protocol.Json;
import dev.dynakit.engine.internal.storage.memory.MemoryStore;
import dev.dynakit.engine.storage.ForwardingStore;
import dev.dynakit.engine.storage.WriteBatch;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

/**
 * A record is numbered before its change's batch is applied: a reader must not step past a number
 * whose batch is still being applied, or the record that lands there later is never read.
 */
@SuppressWarnings("unchecked")
class StreamsInFlightTest {

  /** A memory store whose next batch applied by one chosen thread waits until released. */
  private static final class PausingStore extends ForwardingStore {
    PausingStore() {
      super(new MemoryStore());
    }

    private final CountDownLatch entered = new CountDownLatch(1);
    private final CountDownLatch release = new CountDownLatch(1);
    private volatile @Nullable Thread paused;

    @Override
    public void apply(WriteBatch batch) {
      if (Thread.currentThread() == paused) {
        paused = null;
        entered.countDown();
        try {
          release.await(1, TimeUnit.MINUTES);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
      inner.apply(batch);
    }
  }

  private final PausingStore store = new PausingStore();
  private final DynakitEngine engine = DynakitEngine.builder().store(store).build();

  private Map<String, Object> call(String target, String json) {
    EngineResponse r =
        engine.handle(target, json.replace('\'', '"').getBytes(StandardCharsets.UTF_8));
    Map<String, Object> body = Json.parseObject(r.body());
    assertThat(r.status()).as(body.toString()).isEqualTo(200);
    return body;
  }

  private void put(String pk) {
    call(
        DynakitEngine.TARGET_PREFIX + "PutItem",
        "{'TableName':'orders','Item':{'pk':{'S':'" + pk + "'}}}");
  }

  private Map<String, Object> getRecords(String iterator) {
    return call(
        StreamOperations.TARGET_PREFIX + "GetRecords", "{'ShardIterator':'" + iterator + "'}");
  }

  private static List<Object> keys(Map<String, Object> answer) {
    return ((List<Map<String, Object>>) answer.get("Records"))
        .stream()
            .map(r -> ((Map<String, Object>) ((Map<String, Object>) r.get("dynamodb")).get("Keys")))
            .map(k -> ((Map<String, Object>) k.get("pk")).get("S"))
            .toList();
  }

  @Test
  void aReaderWaitsAtARecordWhoseBatchIsStillBeingApplied_andReadsItOnceItLands() throws Exception {
    try (engine) {
      call(
          DynakitEngine.TARGET_PREFIX + "CreateTable",
          "{'TableName':'orders','AttributeDefinitions':[{'AttributeName':'pk',"
              + "'AttributeType':'S'}],'KeySchema':[{'AttributeName':'pk','KeyType':'HASH'}],"
              + "'BillingMode':'PAY_PER_REQUEST','StreamSpecification':{'StreamEnabled':true,"
              + "'StreamViewType':'KEYS_ONLY'}}");
      Map<String, Object> table =
          (Map<String, Object>)
              call(DynakitEngine.TARGET_PREFIX + "DescribeTable", "{'TableName':'orders'}")
                  .get("Table");
      String arn = (String) table.get("LatestStreamArn");
      Map<String, Object> d =
          (Map<String, Object>)
              call(StreamOperations.TARGET_PREFIX + "DescribeStream", "{'StreamArn':'" + arn + "'}")
                  .get("StreamDescription");
      String shard = (String) ((List<Map<String, Object>>) d.get("Shards")).get(0).get("ShardId");
      String iterator =
          (String)
              call(
                      StreamOperations.TARGET_PREFIX + "GetShardIterator",
                      "{'StreamArn':'"
                          + arn
                          + "','ShardId':'"
                          + shard
                          + "','ShardIteratorType':'TRIM_HORIZON'}")
                  .get("ShardIterator");

      Thread slow = new Thread(() -> put("first"));
      store.paused = slow;
      slow.start();
      assertThat(store.entered.await(1, TimeUnit.MINUTES)).isTrue();
      // numbered after "first", stored before it
      put("second");
      Map<String, Object> early = getRecords(iterator);
      assertThat(keys(early)).isEmpty();

      store.release.countDown();
      slow.join(TimeUnit.MINUTES.toMillis(1));
      Map<String, Object> later = getRecords((String) early.get("NextShardIterator"));
      assertThat(keys(later)).containsExactly("first", "second");
    }
  }
}
