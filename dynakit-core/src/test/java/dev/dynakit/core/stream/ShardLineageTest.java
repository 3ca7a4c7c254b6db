package dev.dynakit.core.stream;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.Shard;

/** Which shards are done, whatever order DescribeStream lists them in. */
class ShardLineageTest {
  private static Shard shard(String id, String parent) {
    return Shard.builder().shardId(id).parentShardId(parent).build();
  }

  @Test
  void aGrandchildReached_makesEveryAncestorDone_evenListedNewestFirst() {
    List<Shard> newestFirst = List.of(shard("c", "p"), shard("p", "g"), shard("g", null));
    ShardLineage lineage =
        new ShardLineage(newestFirst, Map.of("c", ShardCheckpoint.at("c", "100")));
    assertThat(lineage.done("p")).isTrue();
    assertThat(lineage.done("g")).isTrue();
    assertThat(lineage.done("c")).isFalse();
  }

  @Test
  void withoutCheckpoints_nothingIsDone() {
    ShardLineage lineage = new ShardLineage(List.of(shard("c", "p"), shard("p", null)), Map.of());
    assertThat(lineage.done("p")).isFalse();
    assertThat(lineage.done("c")).isFalse();
  }
}
