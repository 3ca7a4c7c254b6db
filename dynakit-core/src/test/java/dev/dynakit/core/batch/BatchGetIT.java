package dev.dynakit.core.batch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.core.expr.Expression;
import dev.dynakit.engine.DynakitEngine;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class BatchGetIT {
  private static final RetryBudget FAST =
      RetryBudget.builder().maxAttempts(1000).baseDelay(Duration.ZERO).build();

  private DynakitEngine engine;
  private FaultyHttpClient faulty;
  private DynamoDbClient client;

  @BeforeEach
  void start() {
    engine = DynakitEngine.inMemory();
    faulty = FaultyHttpClient.of(engine, 7);
    client = faulty.client();
    Tables.create(client, "Things");
    List<Map<String, AttributeValue>> items = new ArrayList<>();
    for (int i = 0; i < 300; i += 2) {
      items.add(Tables.item("p", i, "v" + i));
    }
    Batches.builder(client).build().putAll("Things", items);
  }

  @AfterEach
  void stop() {
    client.close();
    engine.close();
  }

  /** Keys 0..299 backwards, each odd one missing, a few asked twice. */
  private static List<Map<String, AttributeValue>> keys() {
    List<Map<String, AttributeValue>> keys = new ArrayList<>();
    for (int i = 299; i >= 0; i--) {
      keys.add(Tables.key("p", i));
      if (i % 50 == 0) {
        keys.add(Tables.key("p", i));
      }
    }
    return keys;
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 3})
  void getAll_withUnprocessedKeys_returnsItemsInKeyOrder(int parallelism) {
    faulty.withhold(0.4).errors(0.2, 400, "ThrottlingException", false);
    Batches batches = Batches.builder(client).retry(FAST).parallelism(parallelism).build();
    List<Map<String, AttributeValue>> keys = keys();

    BatchGetOutcome outcome = batches.getAll("Things", keys);

    assertThat(outcome.complete()).isTrue();
    assertThat(faulty.withheld()).isGreaterThan(50);
    assertThat(outcome.items()).hasSize(keys.size());
    for (int i = 0; i < keys.size(); i++) {
      int sk = Integer.parseInt(keys.get(i).get("sk").n());
      if (sk % 2 == 0) {
        assertThat(outcome.items().get(i)).isEqualTo(Tables.item("p", sk, "v" + sk));
      } else {
        assertThat(outcome.items().get(i)).isNull();
      }
    }
  }

  @Test
  void getAll_withProjection_readsTheKeysToo() {
    Batches batches = Batches.builder(client).build();
    Expression projection = new Expression("#p", Map.of("#p", "payload"), Map.of());

    BatchGetOutcome outcome =
        batches.getAll(
            "Things",
            List.of(Tables.key("p", 4), Tables.key("p", 5), Tables.key("p", 2)),
            new GetOptions(true, projection));

    assertThat(outcome.items())
        .containsExactly(Tables.item("p", 4, "v4"), null, Tables.item("p", 2, "v2"));
  }

  @Test
  void getAll_budgetRunsOut_returnsTheUnreadKeys() {
    faulty.withhold(1.0);
    Batches batches =
        Batches.builder(client)
            .retry(RetryBudget.builder().maxAttempts(3).baseDelay(Duration.ZERO).build())
            .build();
    List<Map<String, AttributeValue>> keys = keys();

    BatchGetOutcome outcome = batches.getAll("Things", keys);

    assertThat(outcome.complete()).isFalse();
    assertThat(outcome.unprocessedKeys()).hasSize(300);
    assertThat(outcome.unprocessedKeys().get(0)).isEqualTo(Tables.key("p", 299));
    assertThat(outcome.items()).containsOnlyNulls();
  }
}
