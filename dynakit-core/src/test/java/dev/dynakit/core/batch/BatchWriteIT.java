package dev.dynakit.core.batch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynakit.engine.DynakitEngine;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class BatchWriteIT {
  private static final RetryBudget FAST =
      RetryBudget.builder().maxAttempts(1000).baseDelay(Duration.ZERO).build();

  private DynakitEngine engine;
  private FaultyHttpClient faulty;
  private DynamoDbClient client;

  @BeforeEach
  void start() {
    engine = DynakitEngine.inMemory();
    faulty = FaultyHttpClient.of(engine, 42);
    client = faulty.client();
    Tables.create(client, "Things");
  }

  @AfterEach
  void stop() {
    client.close();
    engine.close();
  }

  private static List<Map<String, AttributeValue>> items(int count) {
    List<Map<String, AttributeValue>> items = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      items.add(Tables.item("p" + (i % 7), i, "v" + i));
    }
    return items;
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 4})
  void putAll_withUnprocessedItems_writesEveryItemExactlyOnce(int parallelism) {
    faulty.withhold(0.4);
    Batches batches = Batches.builder(client).retry(FAST).parallelism(parallelism).build();
    List<Map<String, AttributeValue>> items = items(1000);

    BatchWriteOutcome outcome = batches.putAll("Things", items);

    assertThat(outcome.complete()).isTrue();
    assertThat(outcome.written()).isEqualTo(1000);
    assertThat(faulty.withheld()).as("the transport withheld writes").isGreaterThan(300);
    assertThat(Tables.scan(client, "Things")).containsExactlyInAnyOrderElementsOf(items);
    assertThat(faulty.applied()).hasSize(1000);
    assertThat(faulty.applied().values()).allMatch(count -> count.get() == 1);
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 3})
  void putAll_throttledAndFailing_retriesUntilEveryItemIsWrittenOnce(int parallelism) {
    faulty.withhold(0.2).errors(0.3, 400, "ProvisionedThroughputExceededException", false);
    Batches batches = Batches.builder(client).retry(FAST).parallelism(parallelism).build();
    List<Map<String, AttributeValue>> items = items(600);

    assertThat(batches.putAll("Things", items).complete()).isTrue();
    faulty.heal().errors(0.3, 500, "InternalServerError", false);
    List<Map<String, AttributeValue>> more = new ArrayList<>();
    for (int i = 600; i < 900; i++) {
      more.add(Tables.item("q", i, "w"));
    }
    assertThat(batches.putAll("Things", more).complete()).isTrue();

    assertThat(faulty.injectedErrors()).isGreaterThan(10);
    assertThat(Tables.scan(client, "Things")).hasSize(900).containsAll(items).containsAll(more);
    assertThat(faulty.applied().values()).allMatch(count -> count.get() == 1);
  }

  @Test
  void putAll_lostAnswers_endsWithEveryItemOnce() {
    faulty.errors(0.3, 500, "InternalServerError", true);
    Batches batches = Batches.builder(client).retry(FAST).build();
    List<Map<String, AttributeValue>> items = items(300);

    assertThat(batches.putAll("Things", items).complete()).isTrue();

    assertThat(Tables.scan(client, "Things")).containsExactlyInAnyOrderElementsOf(items);
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 4})
  void write_attemptsRunOut_returnsExactlyWhatWasNotWritten(int parallelism) {
    faulty.withhold(0.5);
    Batches batches =
        Batches.builder(client)
            .retry(RetryBudget.builder().maxAttempts(2).baseDelay(Duration.ZERO).build())
            .parallelism(parallelism)
            .build();
    List<Map<String, AttributeValue>> items = items(500);

    BatchWriteOutcome outcome = batches.putAll("Things", items);

    assertThat(outcome.complete()).isFalse();
    List<Map<String, AttributeValue>> stored = Tables.scan(client, "Things");
    List<Map<String, AttributeValue>> left = new ArrayList<>();
    for (BatchWrite write : outcome.unprocessed()) {
      left.add(write.attributes());
    }
    assertThat(outcome.written()).isEqualTo(stored.size());
    assertThat(stored).doesNotContainAnyElementsOf(left);
    List<Map<String, AttributeValue>> union = new ArrayList<>(stored);
    union.addAll(left);
    assertThat(union).containsExactlyInAnyOrderElementsOf(items);
    assertThat(left).as("in input order").isSortedAccordingTo(BatchWriteIT::bySk);

    faulty.heal();
    assertThat(batches.write(outcome.unprocessed()).complete()).isTrue();
    assertThat(Tables.scan(client, "Things")).containsExactlyInAnyOrderElementsOf(items);
  }

  @Test
  void write_timeRunsOut_stopsAndReturnsEverything() {
    faulty.withhold(1.0);
    Batches batches =
        Batches.builder(client)
            .retry(
                RetryBudget.builder()
                    .maxAttempts(Integer.MAX_VALUE)
                    .maxTime(Duration.ofMillis(300))
                    .baseDelay(Duration.ofMillis(5))
                    .maxDelay(Duration.ofMillis(20))
                    .build())
            .build();
    long start = System.nanoTime();

    BatchWriteOutcome outcome = batches.putAll("Things", items(100));

    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
    assertThat(outcome.written()).isZero();
    assertThat(outcome.unprocessed()).hasSize(100);
    assertThat(Tables.scan(client, "Things")).isEmpty();
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 3})
  void write_repeatedKeys_appliesTheWritesOfAKeyInOrder(int parallelism) {
    faulty.withhold(0.3);
    Batches batches = Batches.builder(client).retry(FAST).parallelism(parallelism).build();
    List<BatchWrite> writes = new ArrayList<>();
    for (int round = 0; round < 5; round++) {
      for (int i = 0; i < 40; i++) {
        writes.add(BatchWrite.put("Things", Tables.item("k", i, "round" + round)));
      }
      writes.add(BatchWrite.delete("Things", Tables.key("k", round)));
    }

    BatchWriteOutcome outcome = batches.write(writes);

    assertThat(outcome.complete()).isTrue();
    List<Map<String, AttributeValue>> expected = new ArrayList<>();
    for (int i = 5; i < 40; i++) {
      expected.add(Tables.item("k", i, "round4"));
    }
    // key k/4 was put in round 4 and deleted right after; keys 0..3 were put again after deletion
    for (int i = 0; i < 4; i++) {
      expected.add(Tables.item("k", i, "round4"));
    }
    assertThat(Tables.scan(client, "Things")).containsExactlyInAnyOrderElementsOf(expected);
  }

  @Test
  void write_refusedRequest_failsWithTheWritesNotApplied() {
    Batches batches =
        Batches.builder(client).retry(FAST).keySchema("Missing", List.of("pk", "sk")).build();
    List<BatchWrite> writes = new ArrayList<>();
    for (int i = 0; i < 30; i++) {
      writes.add(BatchWrite.put(i < 25 ? "Things" : "Missing", Tables.item("a", i, "x")));
    }

    assertThatThrownBy(() -> batches.write(writes))
        .isInstanceOfSatisfying(
            BatchWriteFailedException.class,
            e -> {
              assertThat(e.written()).isEqualTo(25);
              assertThat(e.unprocessed()).isEqualTo(writes.subList(25, 30));
              assertThat(e.getCause().getMessage()).contains("Requested resource not found");
            });
  }

  @Test
  void write_reportsProgress() {
    faulty.withhold(0.3);
    Batches batches = Batches.builder(client).retry(FAST).parallelism(2).build();
    AtomicLong applied = new AtomicLong();
    AtomicInteger calls = new AtomicInteger();
    List<BatchWrite> writes = new ArrayList<>();
    for (Map<String, AttributeValue> item : items(200)) {
      writes.add(BatchWrite.put("Things", item));
    }

    batches.write(
        writes,
        n -> {
          applied.addAndGet(n);
          calls.incrementAndGet();
        });

    assertThat(applied.get()).isEqualTo(200);
    assertThat(calls.get()).isGreaterThan(8);
  }

  @Test
  void deleteAll_deletesByKey() {
    Batches batches = Batches.builder(client).retry(FAST).build();
    List<Map<String, AttributeValue>> items = items(120);
    batches.putAll("Things", items);
    List<Map<String, AttributeValue>> keys = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      keys.add(Tables.key("p" + (i % 7), i));
    }
    faulty.withhold(0.3);

    assertThat(batches.deleteAll("Things", keys).written()).isEqualTo(100);

    assertThat(Tables.scan(client, "Things"))
        .containsExactlyInAnyOrderElementsOf(items.subList(100, 120));
  }

  private static int bySk(Map<String, AttributeValue> a, Map<String, AttributeValue> b) {
    return Integer.compare(Integer.parseInt(a.get("sk").n()), Integer.parseInt(b.get("sk").n()));
  }
}
