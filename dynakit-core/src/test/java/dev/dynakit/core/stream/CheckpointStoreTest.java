package dev.dynakit.core.stream;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Both stores: checkpoints kept per consumer and stream, a save replacing its shard's. */
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
}
