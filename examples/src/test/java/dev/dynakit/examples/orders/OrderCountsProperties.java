package dev.dynakit.examples.orders;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.embedded.DynakitClients;
import dev.dynakit.engine.DynakitEngine;
import java.time.Duration;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * Any workload, any stop points, any shard size and batch size: the counts end equal to the
 * recount. The seed chooses the writes, when the listener polls, stops, and crashes before a
 * checkpoint.
 */
class OrderCountsProperties {
  @Property(tries = 25)
  void countsEqualTheRecount(
      @ForAll long seed,
      @ForAll @IntRange(min = 1, max = 120) int writes,
      @ForAll @IntRange(min = 1, max = 20) int recordsPerShard) {
    try (DynakitEngine engine =
            DynakitEngine.builder()
                .streamShardRollover(recordsPerShard, Duration.ofHours(4))
                .build();
        DynamoDbClient dynamo = DynakitClients.inProcess(engine);
        DynamoDbStreamsClient streams = DynakitClients.streamsInProcess(engine)) {
      OrderTables.create(dynamo);

      new CountingRun(dynamo, streams, new Random(seed)).run(writes);

      assertThat(OrderCounts.counts(dynamo)).isEqualTo(OrderCounts.recount(dynamo));
    }
  }
}
