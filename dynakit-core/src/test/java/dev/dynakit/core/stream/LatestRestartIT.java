package dev.dynakit.core.stream;

import static dev.dynakit.core.stream.StreamFixture.drain;
import static dev.dynakit.core.stream.StreamFixture.ids;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A subscription that first started at {@link StartPosition#LATEST} and restarts from its
 * checkpoints, even one stopped before it handled a batch, reads every change made after its first
 * start and none made before: each shard listed at the first start goes on from where it ended
 * then, and a shard opened later is read from its start.
 */
class LatestRestartIT {
  private final CheckpointStore checkpoints = CheckpointStore.inMemory();
  private final List<StreamChange> seen = new ArrayList<>();

  private StreamSubscription latest(StreamFixture fx) {
    return fx.listener()
        .checkpoints(checkpoints)
        .startPosition(StartPosition.LATEST)
        .build()
        .open("things", seen::addAll);
  }

  @Test
  void stoppedBeforeItsFirstBatch_withAClosedShard_restartsWhereItFirstStarted() {
    try (StreamFixture fx = new StreamFixture(3)) {
      fx.createTable("things");
      // the first shard fills and closes; the last of these is in the open shard
      for (int i = 1; i <= 4; i++) {
        fx.put("things", "old" + i, i);
      }
      try (StreamSubscription first = latest(fx)) {
        assertThat(first.pollOnce()).isZero();
      }
      fx.put("things", "between", 1);

      try (StreamSubscription restarted = latest(fx)) {
        fx.put("things", "after", 1);
        drain(restarted);
      }
      assertThat(ids(seen)).containsExactly("INSERT between", "INSERT after");
    }
  }

  @Test
  void stoppedBeforeItsFirstPoll_withOneOpenShard_missesNothingWrittenSinceItFirstStarted() {
    try (StreamFixture fx = new StreamFixture(1000)) {
      fx.createTable("things");
      fx.put("things", "old", 1);
      latest(fx).close();
      fx.put("things", "between", 1);

      try (StreamSubscription restarted = latest(fx)) {
        drain(restarted);
      }
      assertThat(ids(seen)).containsExactly("INSERT between");
    }
  }

  @Test
  void aShardEmptyAtTheFirstStart_andShardsOpenedLater_areReadFromTheirStart() {
    try (StreamFixture fx = new StreamFixture(2)) {
      fx.createTable("things");
      fx.put("things", "old1", 1);
      fx.put("things", "old2", 1);
      // listing the stream closes the full shard: the first start sees an empty open shard
      latest(fx).close();
      for (int i = 1; i <= 5; i++) {
        fx.put("things", "new" + i, i);
      }
      try (StreamSubscription restarted = latest(fx)) {
        drain(restarted);
      }
      assertThat(ids(seen))
          .containsExactly(
              "INSERT new1", "INSERT new2", "INSERT new3", "INSERT new4", "INSERT new5");
    }
  }
}
