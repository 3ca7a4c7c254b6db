package dev.dynakit.core.stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynakit.core.StreamEndedException;
import dev.dynakit.core.StreamHandlerFailedException;
import dev.dynakit.core.StreamNotEnabledException;
import dev.dynakit.engine.DynakitEngine;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;

/** The listener against the engine in process: delivery, lineage, checkpoints, failures, ends. */
class StreamListenerIT {
  private final StreamFixture fx = new StreamFixture(1000);
  private final List<StreamChange> seen = new ArrayList<>();

  @AfterEach
  void tearDown() {
    fx.close();
  }

  /** Polls until a poll handles nothing; returns how many records were handled. */
  private static int drain(StreamSubscription subscription) {
    int total = 0;
    for (int n = subscription.pollOnce(); n > 0; n = subscription.pollOnce()) {
      total += n;
    }
    return total;
  }

  private static List<String> ids(List<StreamChange> changes) {
    return changes.stream().map(c -> c.kind() + " " + c.keys().get("id")).toList();
  }

  @Test
  void pollOnce_deliversEachChangeWithItsKindKeysAndImages() {
    fx.createTable("things");
    StreamSubscription sub = fx.listener().build().open("things", seen::addAll);
    fx.put("things", "a", 1);
    fx.put("things", "a", 2);
    fx.delete("things", "a");

    assertThat(sub.pollOnce()).isEqualTo(3);

    assertThat(seen)
        .extracting(StreamChange::kind)
        .containsExactly(ChangeKind.INSERT, ChangeKind.MODIFY, ChangeKind.REMOVE);
    StreamChange modify = seen.get(1);
    assertThat(modify.keys()).isEqualTo(Map.of("id", "a"));
    assertThat(modify.oldImage()).isEqualTo(Map.of("id", "a", "v", new BigDecimal(1)));
    assertThat(modify.newImage()).isEqualTo(Map.of("id", "a", "v", new BigDecimal(2)));
    assertThat(seen.get(0).oldImage()).isNull();
    assertThat(seen.get(2).newImage()).isNull();
    assertThat(seen).allSatisfy(c -> assertThat(c.byService()).isFalse());
    assertThat(sub.pollOnce()).isZero();
  }

  @Test
  void shardLineage_everyRecordOfAParentIsHandledBeforeAnyOfItsChild() {
    try (StreamFixture small = new StreamFixture(3)) {
      small.createTable("things");
      StreamSubscription sub = small.listener().batchSize(2).build().open("things", seen::addAll);
      for (int i = 0; i < 20; i++) {
        small.put("things", "k" + i, i);
        if (i % 7 == 0) {
          sub.pollOnce();
        }
      }
      drain(sub);

      assertThat(ids(seen))
          .containsExactlyElementsOf(
              java.util.stream.IntStream.range(0, 20).mapToObj(i -> "INSERT k" + i).toList());
      // seven shards of three records (the last still open): each shard's records in one run
      List<String> shardRuns = new ArrayList<>();
      for (StreamChange c : seen) {
        if (shardRuns.isEmpty() || !shardRuns.get(shardRuns.size() - 1).equals(c.shardId())) {
          shardRuns.add(c.shardId());
        }
      }
      assertThat(shardRuns).hasSize(7).doesNotHaveDuplicates();
      List<String> described = shardOrder(small);
      assertThat(shardRuns).containsExactlyElementsOf(described);
    }
  }

  /** The shards as the stream describes them, following ParentShardId from the root. */
  private static List<String> shardOrder(StreamFixture f) {
    String arn = f.dynamo.describeTable(b -> b.tableName("things")).table().latestStreamArn();
    var shards = f.streams.describeStream(b -> b.streamArn(arn)).streamDescription().shards();
    List<String> order = new ArrayList<>();
    String parent = null;
    for (int i = 0; i < shards.size(); i++) {
      for (var s : shards) {
        if (java.util.Objects.equals(s.parentShardId(), parent)) {
          order.add(s.shardId());
          parent = s.shardId();
          break;
        }
      }
    }
    return order;
  }

  @Test
  void describeStreamPaging_shardsBeyondTheFirstPageAreRead() {
    try (StreamFixture single = new StreamFixture(1)) {
      single.createTable("things");
      StreamSubscription sub = single.listener().build().open("things", seen::addAll);
      for (int i = 0; i < 130; i++) {
        single.put("things", "k" + i, i);
      }

      assertThat(drain(sub)).isEqualTo(130);
      assertThat(seen).extracting(StreamChange::shardId).doesNotHaveDuplicates();
    }
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

  @Test
  void tableWithoutAStream_isRefusedWhenSubscribing() {
    fx.dynamo.createTable(
        b ->
            b.tableName("plain")
                .billingMode("PAY_PER_REQUEST")
                .keySchema(k -> k.attributeName("id").keyType("HASH"))
                .attributeDefinitions(a -> a.attributeName("id").attributeType("S")));

    assertThatThrownBy(() -> fx.listener().build().open("plain", seen::addAll))
        .isInstanceOfSatisfying(
            StreamNotEnabledException.class, e -> assertThat(e.table()).isEqualTo("plain"))
        .hasMessageContaining("has no stream enabled");
  }

  @Test
  void latest_skipsEarlierChanges_andReadsShardsOpenedLaterFromTheirStart() {
    try (StreamFixture small = new StreamFixture(2)) {
      small.createTable("things");
      small.put("things", "old1", 1);
      small.put("things", "old2", 1);
      small.put("things", "old3", 1);
      StreamSubscription sub =
          small.listener().startPosition(StartPosition.LATEST).build().open("things", seen::addAll);
      for (int i = 0; i < 5; i++) {
        small.put("things", "new" + i, i);
      }

      drain(sub);

      assertThat(ids(seen))
          .containsExactly(
              "INSERT new0", "INSERT new1", "INSERT new2", "INSERT new3", "INSERT new4");
    }
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
  void subscribe_pollsOnItsOwnThreadUntilClosed() throws Exception {
    fx.createTable("things");
    CountDownLatch three = new CountDownLatch(3);
    StreamListener listener = fx.listener().pollInterval(java.time.Duration.ofMillis(5)).build();
    StreamSubscription sub;
    try (StreamSubscription s =
        listener.subscribe(
            "things",
            batch -> {
              synchronized (seen) {
                seen.addAll(batch);
              }
              batch.forEach(c -> three.countDown());
            })) {
      sub = s;
      fx.put("things", "a", 1);
      fx.put("things", "b", 1);
      fx.put("things", "c", 1);
      assertThat(three.await(30, TimeUnit.SECONDS)).isTrue();
    }
    assertThat(sub.done()).isCompleted().isNotCompletedExceptionally();
    synchronized (seen) {
      assertThat(ids(seen)).containsExactly("INSERT a", "INSERT b", "INSERT c");
    }
  }

  @Test
  void anExpiredIterator_isReplacedFromTheCheckpoint_andNothingIsLostOrRepeated() {
    MovableClock clock = new MovableClock(java.time.Instant.now());
    try (StreamFixture timed = new StreamFixture(DynakitEngine.builder().clock(clock))) {
      timed.createTable("things");
      StreamSubscription sub = timed.listener().build().open("things", seen::addAll);
      timed.put("things", "a", 1);
      sub.pollOnce();
      clock.advance(java.time.Duration.ofMinutes(16)); // past the 15-minute iterator lifetime
      timed.put("things", "b", 1);

      drain(sub);

      assertThat(ids(seen)).containsExactly("INSERT a", "INSERT b");
    }
  }

  @Test
  void builder_namesEverySettingOutOfRange() {
    assertThatThrownBy(
            () ->
                fx.listener()
                    .consumer("no/slash")
                    .batchSize(0)
                    .maxFailedPolls(0)
                    .pollInterval(java.time.Duration.ZERO)
                    .build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("consumer")
        .hasMessageContaining("batchSize")
        .hasMessageContaining("maxFailedPolls")
        .hasMessageContaining("pollInterval");
  }

  @Test
  void changesByTimeToLive_areMarkedAsTheService() {
    // the view type is irrelevant here; a table whose stream carries keys only still says who
    fx.dynamo.createTable(
        b ->
            b.tableName("ttl")
                .billingMode("PAY_PER_REQUEST")
                .keySchema(k -> k.attributeName("id").keyType("HASH"))
                .attributeDefinitions(a -> a.attributeName("id").attributeType("S"))
                .streamSpecification(
                    s -> s.streamEnabled(true).streamViewType(StreamViewType.KEYS_ONLY)));
    fx.dynamo.updateTimeToLive(
        b -> b.tableName("ttl").timeToLiveSpecification(t -> t.enabled(true).attributeName("exp")));
    fx.dynamo.putItem(
        b ->
            b.tableName("ttl")
                .item(
                    Map.of(
                        "id",
                        StreamFixture.s("a"),
                        // passed, though within five years (older times to live are ignored)
                        "exp",
                        StreamFixture.n(java.time.Instant.now().getEpochSecond() - 10))));
    StreamSubscription sub = fx.listener().build().open("ttl", seen::addAll);
    fx.engine.sweepExpiredItems();

    drain(sub);

    assertThat(seen)
        .extracting(StreamChange::kind, StreamChange::byService)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(ChangeKind.INSERT, false),
            org.assertj.core.groups.Tuple.tuple(ChangeKind.REMOVE, true));
    assertThat(seen.get(1).oldImage()).isNull();
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
