package dev.dynakit.core.stream;

import static dev.dynakit.core.stream.StreamFixture.drain;
import static dev.dynakit.core.stream.StreamFixture.ids;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynakit.core.StreamRecordsTrimmedException;
import dev.dynakit.engine.DynakitEngine;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The listener against the stream's time limits, the engine's clock moved by hand: 15-minute shard
 * iterators, 24-hour retention (records trimmed before they were read).
 */
class StreamRetentionIT {
  private final MovableClock clock = new MovableClock(Instant.now());
  private final StreamFixture fx = new StreamFixture(DynakitEngine.builder().clock(clock));
  private final CheckpointStore store = CheckpointStore.inMemory();
  private final List<StreamChange> seen = new ArrayList<>();

  @AfterEach
  void tearDown() {
    fx.close();
  }

  /**
   * Handles a, checkpoints it, stops; b is written and never read; the listener stays down past the
   * 24-hour retention; c is written after. Returns a's sequence number (the checkpoint).
   */
  private String checkpointThenStopPastRetention() {
    fx.createTable("things");
    fx.put("things", "a", 1);
    fx.put("things", "b", 1);
    try (StreamSubscription first =
        fx.listener().checkpoints(store).batchSize(1).build().open("things", seen::addAll)) {
      assertThat(first.pollOnce()).isEqualTo(1);
    }
    clock.advance(Duration.ofHours(25));
    fx.put("things", "c", 1);
    return seen.get(0).sequenceNumber();
  }

  @Test
  void recordsTrimmedBeforeTheyWereRead_endTheSubscriptionByDefault_namingShardAndCheckpoint() {
    String checkpoint = checkpointThenStopPastRetention();
    String shard = seen.get(0).shardId();
    seen.clear();
    StreamSubscription second =
        fx.listener().checkpoints(store).build().open("things", seen::addAll);

    assertThatThrownBy(second::pollOnce)
        .isInstanceOfSatisfying(
            StreamRecordsTrimmedException.class,
            e -> {
              assertThat(e.table()).isEqualTo("things");
              assertThat(e.shardId()).isEqualTo(shard);
              assertThat(e.checkpointSequenceNumber()).isEqualTo(checkpoint);
              assertThat(e.streamArn()).isEqualTo(second.streamArn());
            })
        .hasMessageContaining("trimmed before they were read")
        .hasMessageContaining(shard)
        .hasMessageContaining(checkpoint);
    assertThat(seen).isEmpty();
    assertThat(second.done()).isCompletedExceptionally();
    assertThat(store.load("default", second.streamArn()).get(shard))
        .isEqualTo(ShardCheckpoint.at(shard, checkpoint));
  }

  @Test
  void aShardTrimmedAwayEntirely_afterItsCheckpoint_endsTheSubscriptionByDefault() {
    String checkpoint = checkpointThenStopPastRetention(); // its shard closes, its records trimmed
    String shard = seen.get(0).shardId();
    seen.clear();
    clock.advance(Duration.ofHours(25)); // the closed, empty shard leaves the listing
    String arn = fx.dynamo.describeTable(b -> b.tableName("things")).table().latestStreamArn();
    assertThat(fx.streams.describeStream(b -> b.streamArn(arn)).streamDescription().shards())
        .extracting(software.amazon.awssdk.services.dynamodb.model.Shard::shardId)
        .doesNotContain(shard);
    fx.put("things", "d", 1);
    StreamSubscription second =
        fx.listener().checkpoints(store).build().open("things", seen::addAll);

    assertThatThrownBy(second::pollOnce)
        .isInstanceOfSatisfying(
            StreamRecordsTrimmedException.class,
            e -> {
              assertThat(e.shardId()).isEqualTo(shard);
              assertThat(e.checkpointSequenceNumber()).isEqualTo(checkpoint);
            });
    assertThat(seen).isEmpty();
    assertThat(second.done()).isCompletedExceptionally();
  }

  @Test
  void skipToOldest_reportsTheLossOnce_andContinuesWithTheRecordsLeft() {
    String checkpoint = checkpointThenStopPastRetention();
    String shard = seen.get(0).shardId();
    seen.clear();
    List<StreamRecordsTrimmedException> losses = new ArrayList<>();
    StreamListener accepting =
        fx.listener().checkpoints(store).onTrimmed(TrimPolicy.skipToOldest(losses::add)).build();
    try (StreamSubscription second = accepting.open("things", seen::addAll)) {
      drain(second);
    }
    try (StreamSubscription third = accepting.open("things", seen::addAll)) {
      assertThat(third.pollOnce()).isZero();
    }

    assertThat(seen).extracting(c -> c.keys().get("id")).containsExactly("c");
    assertThat(losses)
        .singleElement()
        .satisfies(
            e -> {
              assertThat(e.shardId()).isEqualTo(shard);
              assertThat(e.checkpointSequenceNumber()).isEqualTo(checkpoint);
            });
  }

  @Test
  void aFailingReport_failsThePoll_andTheLossIsReportedAgainAtTheNextPoll() {
    checkpointThenStopPastRetention();
    seen.clear();
    List<String> reports = new ArrayList<>();
    StreamSubscription second =
        fx.listener()
            .checkpoints(store)
            .onTrimmed(
                TrimPolicy.skipToOldest(
                    e -> {
                      reports.add(e.shardId());
                      if (reports.size() == 1) {
                        throw new IllegalStateException("alerting down");
                      }
                    }))
            .build()
            .open("things", seen::addAll);

    assertThatThrownBy(second::pollOnce).hasMessage("alerting down");
    drain(second);

    assertThat(reports).hasSize(2).containsOnly(reports.get(0));
    assertThat(seen).extracting(c -> c.keys().get("id")).containsExactly("c");
    assertThat(second.done()).isNotDone();
  }

  @Test
  void anExpiredIterator_isReplacedFromTheCheckpoint_andNothingIsLostOrRepeated() {
    fx.createTable("things");
    StreamSubscription sub = fx.listener().build().open("things", seen::addAll);
    fx.put("things", "a", 1);
    sub.pollOnce();
    clock.advance(Duration.ofMinutes(16)); // past the 15-minute iterator lifetime
    fx.put("things", "b", 1);

    drain(sub);

    assertThat(ids(seen)).containsExactly("INSERT a", "INSERT b");
  }
}
