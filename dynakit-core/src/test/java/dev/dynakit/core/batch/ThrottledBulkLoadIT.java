package dev.dynakit.core.batch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.engine.DynakitEngine;
import dev.dynakit.engine.KeyStatistics;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The batch helpers against an engine that enforces capacity: a bulk load onto one partition key is
 * throttled (unprocessed items, and whole batches refused when nothing fits) and still finishes
 * through the helpers' retries, losing nothing. The engine's clock moves a millisecond each time it
 * is read, so capacity comes back as requests are made, without the test sleeping; the helpers'
 * backoff is configured to zero for the same reason.
 */
class ThrottledBulkLoadIT {
  private static final RetryBudget FAST =
      RetryBudget.builder().maxAttempts(1_000_000).baseDelay(Duration.ZERO).build();

  /** A clock that moves one millisecond every time it is read. */
  private static final class TickingClock extends Clock {
    private final AtomicLong millis =
        new AtomicLong(Instant.parse("2026-12-06T12:00:00Z").toEpochMilli());

    @Override
    public ZoneId getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
      return this;
    }

    @Override
    public Instant instant() {
      return Instant.ofEpochMilli(millis.getAndIncrement());
    }
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 4})
  void bulkLoadOntoOneKey_isThrottled_andFinishesThroughRetries_losingNothing(int parallelism) {
    try (DynakitEngine engine =
            DynakitEngine.builder().clock(new TickingClock()).enforceCapacity(true).build();
        DynamoDbClient client = FaultyHttpClient.of(engine, 7).client()) {
      Tables.create(client, "Hot");
      // 5 KB items cost 6 write units: 1,000 of them are six seconds of one key's ceiling
      String payload = "x".repeat(5 * 1024);
      List<Map<String, AttributeValue>> items = new ArrayList<>();
      for (int i = 0; i < 1000; i++) {
        items.add(Tables.item("today", i, payload));
      }

      BatchWriteOutcome outcome =
          Batches.builder(client).retry(FAST).parallelism(parallelism).build().putAll("Hot", items);

      assertThat(outcome.complete()).isTrue();
      assertThat(outcome.written()).isEqualTo(1000);
      assertThat(Tables.scan(client, "Hot"))
          .hasSize(1000)
          .containsExactlyInAnyOrderElementsOf(items);
      KeyStatistics.Key hot =
          engine.keyStatistics("Hot", null, Duration.ofMinutes(5), 1).keys().get(0);
      assertThat(hot.partitionKey()).isEqualTo(Map.of("S", "today"));
      assertThat(hot.throttledRequests()).as("the load was throttled").isGreaterThan(100);
      assertThat(hot.peakWriteUnitsPerSecond()).isLessThanOrEqualTo(KeyStatistics.WRITE_CEILING);
    }
  }
}
