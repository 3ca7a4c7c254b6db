package dev.dynakit.core.stream;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Both stores: checkpoints kept per consumer and stream, a save replacing its shard's, a delete
 * removing it; and a listener deleting finished shards' checkpoints, so the store stays small.
 */
class CheckpointStoreTest {
  private static final String STREAM = "arn:aws:dynamodb:us-east-1:0:table/t/stream/1";
  private final StreamFixture fx = new StreamFixture(1000);

  @AfterEach
  void tearDown() {
    fx.close();
  }

  static Stream<Arguments> stores() {
    Function<StreamFixture, CheckpointStore> memory = f -> CheckpointStore.inMemory();
    Function<StreamFixture, CheckpointStore> table =
        f -> {
          f.dynamo.createTable(CheckpointStore.tableRequest("checkpoints"));
          return CheckpointStore.inTable(f.dynamo, "checkpoints");
        };
    return Stream.of(Arguments.of("in memory", memory), Arguments.of("in a table", table));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("stores")
  void save_replacesItsShardsCheckpoint_perConsumerAndStream(
      String name, Function<StreamFixture, CheckpointStore> make) {
    CheckpointStore store = make.apply(fx);
    store.save("counts", STREAM, ShardCheckpoint.at("s1", "100"));
    store.save("counts", STREAM, ShardCheckpoint.finished("s1", "120"));
    store.save("counts", STREAM, ShardCheckpoint.finished("s2", null));
    store.save("counts", STREAM, ShardCheckpoint.at("s3", "130"));
    store.save("counts.v2", STREAM, ShardCheckpoint.at("s1", "101"));
    store.save("counts", STREAM + "x", ShardCheckpoint.at("s1", "102"));

    assertThat(store.load("counts", STREAM))
        .isEqualTo(
            Map.of(
                "s1", ShardCheckpoint.finished("s1", "120"),
                "s2", ShardCheckpoint.finished("s2", null),
                "s3", ShardCheckpoint.at("s3", "130")));
    assertThat(store.load("counts.v2", STREAM)).containsOnlyKeys("s1");
    assertThat(store.load("other", STREAM)).isEmpty();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("stores")
  void delete_removesOnlyItsShardsCheckpoint(
      String name, Function<StreamFixture, CheckpointStore> make) {
    CheckpointStore store = make.apply(fx);
    store.save("counts", STREAM, ShardCheckpoint.finished("s1", "120"));
    store.save("counts", STREAM, ShardCheckpoint.at("s2", "130"));
    store.save("counts.v2", STREAM, ShardCheckpoint.finished("s1", "101"));

    store.delete("counts", STREAM, "s1");
    store.delete("counts", STREAM, "never-saved");

    assertThat(store.load("counts", STREAM)).containsOnlyKeys("s2");
    assertThat(store.load("counts.v2", STREAM)).containsOnlyKeys("s1");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("stores")
  void theStoreDoesNotGrow_overManyShardRollovers_andRestartsReadNothingTwice(
      String name, Function<StreamFixture, CheckpointStore> make) {
    try (StreamFixture small = new StreamFixture(2)) {
      CheckpointStore store = make.apply(small);
      small.createTable("things");
      StreamListener listener = small.listener().checkpoints(store).build();
      List<Object> seen = new ArrayList<>();
      StreamHandler handler = batch -> batch.forEach(c -> seen.add(c.keys().get("id")));
      StreamSubscription sub = listener.open("things", handler);
      List<Object> written = new ArrayList<>();
      int most = 0;
      for (int i = 0; i < 60; i++) {
        small.put("things", "k" + i, i);
        written.add("k" + i);
        sub.pollOnce();
        most = Math.max(most, store.load("default", sub.streamArn()).size());
        if (i % 20 == 19) { // a restart loads what is left in the store
          sub.close();
          sub = listener.open("things", handler);
        }
      }
      while (sub.pollOnce() > 0) {
        // drain
      }

      String arn = sub.streamArn();
      assertThat(small.streams.describeStream(b -> b.streamArn(arn)).streamDescription().shards())
          .hasSizeGreaterThanOrEqualTo(30);
      assertThat(most).isLessThanOrEqualTo(2);
      assertThat(seen).containsExactlyElementsOf(written);
    }
  }

  @Test
  void checkpointsOfShardsNoLongerListed_areDeleted_anUnfinishedOneOnceItsLossIsReported() {
    fx.createTable("things");
    CheckpointStore store = CheckpointStore.inMemory();
    StreamSubscription sub = fx.listener().checkpoints(store).build().open("things", batch -> {});
    store.save("default", sub.streamArn(), ShardCheckpoint.finished("shardId-gone", "7"));
    store.save("default", sub.streamArn(), ShardCheckpoint.at("shardId-cut", "8"));
    List<String> losses = new ArrayList<>();
    // the subscription loaded its checkpoints when it opened: a new one sees these
    StreamSubscription again =
        fx.listener()
            .checkpoints(store)
            .onTrimmed(TrimPolicy.skipToOldest(e -> losses.add(e.shardId())))
            .build()
            .open("things", batch -> {});

    again.pollOnce();

    assertThat(store.load("default", sub.streamArn())).isEmpty();
    assertThat(losses).containsExactly("shardId-cut");
  }
}
