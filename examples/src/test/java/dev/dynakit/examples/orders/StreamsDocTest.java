package dev.dynakit.examples.orders;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.core.stream.CheckpointStore;
import dev.dynakit.core.stream.StreamListener;
import dev.dynakit.core.stream.StreamSubscription;
import dev.dynakit.embedded.DynakitClients;
import dev.dynakit.engine.DynakitEngine;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/** The Java block of {@code docs/streams.md} runs as written, and the page shows it unchanged. */
class StreamsDocTest {
  private static final String BEGIN = "// ---- docs/streams.md: begin\n";
  private static final String END = "      // ---- docs/streams.md: end";

  @Test
  void theDocsJavaBlock_countsTheOrders() throws IOException {
    Map<String, Long> counts;
    try (DynakitEngine engine = DynakitEngine.inMemory()) {
      // ---- docs/streams.md: begin
      DynamoDbClient dynamo = DynakitClients.inProcess(engine);
      DynamoDbStreamsClient streams = DynakitClients.streamsInProcess(engine);
      OrderTables.create(dynamo); // orders has a NEW_AND_OLD_IMAGES stream
      dynamo.createTable(CheckpointStore.tableRequest("checkpoints"));
      StreamListener listener =
          StreamListener.builder(dynamo, streams)
              .consumer("order-counts")
              .checkpoints(CheckpointStore.inTable(dynamo, "checkpoints"))
              .build();
      dynamo.putItem(
          b ->
              b.tableName("orders")
                  .item(
                      Map.of(
                          "orderId", AttributeValue.fromS("o1"),
                          "customer", AttributeValue.fromS("alice"))));
      try (StreamSubscription counting = listener.open("orders", new OrderCounts(dynamo))) {
        counting.pollOnce(); // or listener.subscribe(...): polls every second on its own thread
      }
      counts = OrderCounts.counts(dynamo); // {alice=1}
      // ---- docs/streams.md: end
      dynamo.close();
      streams.close();
    }

    assertThat(counts).containsExactlyEntriesOf(Map.of("alice", 1L));
    String test =
        Files.readString(
            Path.of("src/test/java/dev/dynakit/examples/orders/StreamsDocTest.java"),
            StandardCharsets.UTF_8);
    int start = test.indexOf(BEGIN) + BEGIN.length();
    String block = test.substring(start, test.indexOf(END, start));
    StringBuilder unindented = new StringBuilder();
    for (String line : block.lines().toList()) {
      unindented.append(line.startsWith("      ") ? line.substring(6) : line).append('\n');
    }
    assertThat(Files.readString(Path.of("..", "docs", "streams.md"), StandardCharsets.UTF_8))
        .contains("```java\n" + unindented + "```\n");
  }
}
