package dev.dynakit.examples.orders;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.core.stream.StreamChange;
import dev.dynakit.core.stream.StreamListener;
import dev.dynakit.core.stream.StreamSubscription;
import dev.dynakit.embedded.DynakitClients;
import dev.dynakit.engine.DynakitEngine;
import dev.dynakit.engine.EngineServer;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * The acceptance of the stream listener: after a random workload (puts, updates, deletes, batch
 * writes, transactions) with the listener stopped and restarted from its checkpoint along the way,
 * some stops between a handled batch and its checkpoint, the per-customer counts equal a recount of
 * the orders.
 */
class OrderCountsIT {
  // small shards, so that the listener follows several generations of them
  private static DynakitEngine engine() {
    return DynakitEngine.builder().streamShardRollover(9, Duration.ofHours(4)).build();
  }

  @ParameterizedTest(name = "seed {0}")
  @ValueSource(longs = {1, 2, 29})
  void randomWorkload_countsEqualTheRecount_acrossRestartsAndRedeliveries(long seed) {
    try (DynakitEngine engine = engine();
        DynamoDbClient dynamo = DynakitClients.inProcess(engine);
        DynamoDbStreamsClient streams = DynakitClients.streamsInProcess(engine)) {
      OrderTables.create(dynamo);

      CountingRun run = new CountingRun(dynamo, streams, new Random(seed)).run(200);

      assertThat(OrderCounts.counts(dynamo)).isEqualTo(OrderCounts.recount(dynamo)).isNotEmpty();
      assertThat(run.restarts()).isPositive();
      assertThat(run.crashes()).isPositive();
      assertThat(run.redelivered()).isPositive();
    }
  }

  @Test
  void overHttp_countsEqualTheRecount_acrossRestartsAndRedeliveries() {
    try (DynakitEngine engine = engine();
        EngineServer server = EngineServer.start(engine, "127.0.0.1", 0);
        DynamoDbClient dynamo = DynakitClients.http(server.endpoint());
        DynamoDbStreamsClient streams = DynakitClients.streamsHttp(server.endpoint())) {
      OrderTables.create(dynamo);

      CountingRun run = new CountingRun(dynamo, streams, new Random(7)).run(100);

      assertThat(OrderCounts.counts(dynamo)).isEqualTo(OrderCounts.recount(dynamo)).isNotEmpty();
      assertThat(run.redelivered()).isPositive();
    }
  }

  @Test
  void aRecordDeliveredTwice_movesTheCountsOnce() {
    try (DynakitEngine engine = engine();
        DynamoDbClient dynamo = DynakitClients.inProcess(engine);
        DynamoDbStreamsClient streams = DynakitClients.streamsInProcess(engine)) {
      OrderTables.create(dynamo);
      dynamo.putItem(
          b ->
              b.tableName(OrderTables.ORDERS)
                  .item(
                      Map.of(
                          "orderId", AttributeValue.builder().s("o1").build(),
                          "customer", AttributeValue.builder().s("alice").build())));
      OrderCounts counts = new OrderCounts(dynamo);
      StreamListener listener = StreamListener.builder(dynamo, streams).build();
      List<StreamChange> batch = new ArrayList<>();
      try (StreamSubscription sub = listener.open(OrderTables.ORDERS, batch::addAll)) {
        sub.pollOnce();
      }

      counts.handle(batch);
      counts.handle(batch);

      assertThat(OrderCounts.counts(dynamo)).containsExactlyEntriesOf(Map.of("alice", 1L));
    }
  }

  @Test
  void example_printsCountsThatEqualTheRecount() {
    StringWriter text = new StringWriter();
    try (DynakitEngine engine = DynakitEngine.inMemory();
        DynamoDbClient dynamo = DynakitClients.inProcess(engine);
        DynamoDbStreamsClient streams = DynakitClients.streamsInProcess(engine)) {
      OrdersExample.run(dynamo, streams, new PrintWriter(text, true));
    }

    assertThat(text.toString())
        .contains("three orders:          {alice=2, bob=1}")
        .contains("o2 moved to bob:       {alice=1, bob=2}")
        .contains("o1 deleted:            {bob=2}")
        .contains("recount of the orders: {bob=2}");
  }
}
