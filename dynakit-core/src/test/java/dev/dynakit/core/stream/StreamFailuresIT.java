package dev.dynakit.core.stream;

import static dev.dynakit.core.stream.StreamFixture.drain;
import static dev.dynakit.core.stream.StreamFixture.ids;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynakit.core.StreamEndedException;
import dev.dynakit.core.StreamHandlerFailedException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The listener when things go wrong: restarts from checkpoints, a crash before a checkpoint,
 * handler failures and recoveries, and the stream's end (disabled, table deleted).
 */
class StreamFailuresIT {
  private final StreamFixture fx = new StreamFixture(1000);
  private final List<StreamChange> seen = new ArrayList<>();

  @AfterEach
  void tearDown() {
    fx.close();
  }

  @Test
  void restart_continuesAfterTheLastCheckpoint() {
    fx.createTable("things");
    CheckpointStore store = CheckpointStore.inMemory();
    StreamListener listener = fx.listener().checkpoints(store).build();
    fx.put("things", "a", 1);
    fx.put("things", "b", 1);
    try (StreamSubscription first = listener.open("things", seen::addAll)) {
      first.pollOnce();
    }
    fx.put("things", "c", 1);
    try (StreamSubscription second = listener.open("things", seen::addAll)) {
      drain(second);
    }

    assertThat(ids(seen)).containsExactly("INSERT a", "INSERT b", "INSERT c");
  }

  @Test
  void aBatchHandledButNotCheckpointed_isDeliveredAgainAfterARestart() {
    fx.createTable("things");
    CheckpointStore store = CheckpointStore.inMemory();
    FailingStore failing = new FailingStore(store);
    fx.put("things", "a", 1);
    try (StreamSubscription first =
        fx.listener().checkpoints(failing).build().open("things", seen::addAll)) {
      failing.failNext = true;
      assertThatThrownBy(first::pollOnce).hasMessageContaining("checkpoint store down");
    }
    fx.put("things", "b", 1);
    try (StreamSubscription second =
        fx.listener().checkpoints(store).build().open("things", seen::addAll)) {
      drain(second);
    }

    assertThat(ids(seen)).containsExactly("INSERT a", "INSERT a", "INSERT b");
  }

  @Test
  void handlerFailure_redeliversTheSameBatch_andTheSubscriptionEndsAfterMaxFailedPolls() {
    fx.createTable("things");
    fx.put("things", "a", 1);
    List<String> attempts = new ArrayList<>();
    StreamSubscription sub =
        fx.listener()
            .maxFailedPolls(3)
            .build()
            .open(
                "things",
                batch -> {
                  attempts.addAll(ids(batch));
                  throw new IllegalStateException("handler down");
                });

    assertThatThrownBy(sub::pollOnce)
        .isInstanceOf(StreamHandlerFailedException.class)
        .hasRootCauseMessage("handler down");
    assertThatThrownBy(sub::pollOnce).isInstanceOf(StreamHandlerFailedException.class);
    assertThatThrownBy(sub::pollOnce)
        .isInstanceOfSatisfying(
            StreamHandlerFailedException.class, e -> assertThat(e.attempt()).isEqualTo(3));

    assertThat(attempts).containsExactly("INSERT a", "INSERT a", "INSERT a");
    assertThat(sub.done()).isCompletedExceptionally();
    assertThatThrownBy(sub::pollOnce).isInstanceOf(IllegalStateException.class);
  }

  @Test
  void aHandlerThatRecovers_getsTheFailedBatchOnceMore_thenTheRest() {
    fx.createTable("things");
    fx.put("things", "a", 1);
    AtomicInteger calls = new AtomicInteger();
    StreamSubscription sub =
        fx.listener()
            .build()
            .open(
                "things",
                batch -> {
                  if (calls.getAndIncrement() == 0) {
                    throw new IllegalStateException("once");
                  }
                  seen.addAll(batch);
                });
    assertThatThrownBy(sub::pollOnce).isInstanceOf(StreamHandlerFailedException.class);
    fx.put("things", "b", 1);

    drain(sub);

    assertThat(ids(seen)).containsExactly("INSERT a", "INSERT b");
    assertThat(sub.done()).isNotDone();
  }

  @Test
  void latest_aFailedFirstBatchIsDeliveredAgain_notSkipped() {
    fx.createTable("things");
    fx.put("things", "old", 1);
    AtomicInteger calls = new AtomicInteger();
    StreamSubscription sub =
        fx.listener()
            .startPosition(StartPosition.LATEST)
            .build()
            .open(
                "things",
                batch -> {
                  if (calls.getAndIncrement() == 0) {
                    throw new IllegalStateException("once");
                  }
                  seen.addAll(batch);
                });
    fx.put("things", "new", 1);
    assertThatThrownBy(sub::pollOnce).isInstanceOf(StreamHandlerFailedException.class);

    drain(sub);

    assertThat(ids(seen)).containsExactly("INSERT new");
  }

  @Test
  void disabledStream_deliversWhatIsLeft_thenEndsWithStreamEnded() {
    fx.createTable("things");
    StreamSubscription sub = fx.listener().build().open("things", seen::addAll);
    fx.put("things", "a", 1);
    fx.dynamo.updateTable(
        b -> b.tableName("things").streamSpecification(s -> s.streamEnabled(false)));

    assertThatThrownBy(sub::pollOnce)
        .isInstanceOfSatisfying(
            StreamEndedException.class,
            e -> {
              assertThat(e.reason()).isEqualTo(StreamEndedException.Reason.STREAM_DISABLED);
              assertThat(e.table()).isEqualTo("things");
            });
    assertThat(ids(seen)).containsExactly("INSERT a");
    assertThat(sub.done()).isCompletedExceptionally();
  }

  @Test
  void deletedTable_endsWithTableDeleted() {
    fx.createTable("things");
    StreamSubscription sub = fx.listener().build().open("things", seen::addAll);
    fx.put("things", "a", 1);
    fx.dynamo.deleteTable(b -> b.tableName("things"));

    assertThatThrownBy(() -> drain(sub))
        .isInstanceOfSatisfying(
            StreamEndedException.class,
            e -> assertThat(e.reason()).isEqualTo(StreamEndedException.Reason.TABLE_DELETED));
  }

  /** A checkpoint store that fails its next save once asked to: a crash before a checkpoint. */
  static final class FailingStore implements CheckpointStore {
    private final CheckpointStore inner;
    boolean failNext;

    FailingStore(CheckpointStore inner) {
      this.inner = inner;
    }

    @Override
    public Map<String, ShardCheckpoint> load(String consumer, String streamArn) {
      return inner.load(consumer, streamArn);
    }

    @Override
    public void save(String consumer, String streamArn, ShardCheckpoint checkpoint) {
      if (failNext) {
        failNext = false;
        throw new IllegalStateException("checkpoint store down");
      }
      inner.save(consumer, streamArn, checkpoint);
    }

    @Override
    public void delete(String consumer, String streamArn, String shardId) {
      inner.delete(consumer, streamArn, shardId);
    }
  }
}
