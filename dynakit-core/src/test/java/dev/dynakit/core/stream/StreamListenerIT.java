package dev.dynakit.core.stream;

import static dev.dynakit.core.stream.StreamFixture.drain;
import static dev.dynakit.core.stream.StreamFixture.ids;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynakit.core.StreamNotEnabledException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;

/**
 * The listener against the engine in process, what it delivers and where it starts: changes with
 * their images, shard lineage, DescribeStream paging, LATEST, scheduled polls, TTL deletions, the
 * builder's checks.
 */
class StreamListenerIT {
  private final StreamFixture fx = new StreamFixture(1000);
  private final List<StreamChange> seen = new ArrayList<>();

  @AfterEach
  void tearDown() {
    fx.close();
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
  void aScheduledHandlerThrowingAnError_endsTheSubscriptionWithIt() throws Exception {
    fx.createTable("things");
    StreamListener listener = fx.listener().pollInterval(java.time.Duration.ofMillis(5)).build();
    AssertionError failure = new AssertionError("the handler's own check failed");
    try (StreamSubscription sub =
        listener.subscribe(
            "things",
            batch -> {
              throw failure;
            })) {
      fx.put("things", "a", 1);
      assertThatThrownBy(() -> sub.done().get(30, TimeUnit.SECONDS))
          .isInstanceOf(java.util.concurrent.ExecutionException.class)
          .hasCause(failure);
    }
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
}
