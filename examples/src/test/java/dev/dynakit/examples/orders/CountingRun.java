package dev.dynakit.examples.orders;

import dev.dynakit.core.stream.CheckpointStore;
import dev.dynakit.core.stream.ShardCheckpoint;
import dev.dynakit.core.stream.StreamChange;
import dev.dynakit.core.stream.StreamListener;
import dev.dynakit.core.stream.StreamSubscription;
import java.util.HashSet;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * A random workload on the orders table with {@link OrderCounts} following it in steps: after some
 * writes a poll, now and then a stop and a restart from the checkpoint, and now and then a crash
 * between a handled batch and its checkpoint (the checkpoint store fails that save), which makes
 * the stream deliver the batch again. Ends with polls until the stream is read to its end.
 */
final class CountingRun {
  private final DynamoDbClient dynamo;
  private final StreamListener listener;
  private final CrashingStore store;
  private final Random random;
  private final Set<String> delivered = new HashSet<>();
  private int redelivered;
  private int restarts;
  private int crashes;
  private @Nullable StreamSubscription subscription;

  CountingRun(DynamoDbClient dynamo, DynamoDbStreamsClient streams, Random random) {
    this.dynamo = dynamo;
    this.random = random;
    dynamo.createTable(CheckpointStore.tableRequest("checkpoints"));
    this.store = new CrashingStore(CheckpointStore.inTable(dynamo, "checkpoints"));
    this.listener =
        StreamListener.builder(dynamo, streams)
            .consumer("order-counts")
            .checkpoints(store)
            .batchSize(1 + random.nextInt(8))
            .build();
  }

  /**
   * Runs {@code writes} random writes with the listener in steps, then reads the stream to its end.
   */
  CountingRun run(int writes) {
    OrderWorkload workload = new OrderWorkload(dynamo, random);
    for (int i = 0; i < writes; i++) {
      workload.step();
      switch (random.nextInt(12)) {
        case 0, 1, 2, 3 -> poll();
        case 4 -> restart();
        case 5 -> crashBeforeCheckpoint();
        default -> {}
      }
    }
    while (poll() > 0) {
      // until a poll finds nothing new
    }
    subscription().close();
    return this;
  }

  private int poll() {
    return subscription().pollOnce();
  }

  private void restart() {
    subscription().close();
    subscription = null;
    restarts++;
  }

  /** The next checkpoint save fails, after its batch was handled: the process "dies" there. */
  private void crashBeforeCheckpoint() {
    store.crashNext = true;
    try {
      poll();
    } catch (IllegalStateException e) {
      crashes++;
    }
    store.crashNext = false;
    restart();
  }

  private StreamSubscription subscription() {
    if (subscription == null) {
      OrderCounts counts = new OrderCounts(dynamo);
      subscription =
          listener.open(
              OrderTables.ORDERS,
              batch -> {
                for (StreamChange c : batch) {
                  if (!delivered.add(c.eventId())) {
                    redelivered++;
                  }
                }
                counts.handle(batch);
              });
    }
    return subscription;
  }

  /** Records the stream delivered more than once (after crashes before their checkpoint). */
  int redelivered() {
    return redelivered;
  }

  int restarts() {
    return restarts;
  }

  int crashes() {
    return crashes;
  }

  /** A checkpoint store whose next save fails when asked to. */
  private static final class CrashingStore implements CheckpointStore {
    private final CheckpointStore inner;
    boolean crashNext;

    CrashingStore(CheckpointStore inner) {
      this.inner = inner;
    }

    @Override
    public Map<String, ShardCheckpoint> load(String consumer, String streamArn) {
      return inner.load(consumer, streamArn);
    }

    @Override
    public void save(String consumer, String streamArn, ShardCheckpoint checkpoint) {
      if (crashNext) {
        crashNext = false;
        throw new IllegalStateException("crashed before saving " + checkpoint);
      }
      inner.save(consumer, streamArn, checkpoint);
    }

    @Override
    public void delete(String consumer, String streamArn, String shardId) {
      inner.delete(consumer, streamArn, shardId);
    }
  }
}
