package dev.dynakit.core.mass;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.core.adapter.Adapter;
import dev.dynakit.core.batch.FaultyHttpClient;
import dev.dynakit.core.batch.RetryBudget;
import dev.dynakit.engine.DynakitEngine;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The crash-and-resume acceptance test: subtree operations over 2,500 items are stopped many times
 * at random points — by their item budget, and by failures injected into every kind of request
 * (before the request is applied, or after, losing the answer) — and resumed each time from their
 * token. At every stop no item is in two places or in none; at the end the work is exact.
 */
class CrashResumeIT {
  private static final int CARS = 2500;
  private static final String[] FAULTY = {
    "TransactWriteItems", "BatchWriteItem", "BatchGetItem", "Query", "GetItem"
  };

  private DynakitEngine engine;
  private FaultyHttpClient faulty;
  private DynamoDbClient client;
  private Adapter adapter;
  private MassOperations mass;
  private final Random random = new Random(20240601);

  @BeforeEach
  void start() {
    engine = DynakitEngine.inMemory();
    faulty = FaultyHttpClient.of(engine, 99).operations(FAULTY);
    client = faulty.client();
    adapter = Fleet.adapter(client);
    mass =
        MassOperations.builder(adapter, client)
            .retry(RetryBudget.builder().maxAttempts(2).baseDelay(Duration.ZERO).build())
            .parallelism(2)
            .build();
    List<Map<String, Object>> items = new ArrayList<>(Fleet.cars("TX", "Dallas", CARS));
    items.add(Fleet.cityRow("TX", "Dallas"));
    items.addAll(Fleet.cars("TX", "Houston", 30));
    items.add(Fleet.cityRow("TX", "Houston"));
    assertThat(mass.putAll(items).processed()).isEqualTo(items.size());
  }

  @AfterEach
  void stop() {
    client.close();
    engine.close();
  }

  /** Runs an operation to completion through random stops; returns the processed total. */
  private long runToTheEnd(
      Function<MassOptions, MassResult> operation, boolean lostAnswers, Runnable invariant) {
    String token = null;
    long processed = 0;
    int budgetStops = 0;
    int failureStops = 0;
    for (int round = 0; round < 5000; round++) {
      // every other call runs into injected failures; the others stop on their item budget
      if (round % 2 == 1) {
        faulty.errors(0.35, 500, "InternalServerError", lostAnswers);
      }
      MassOptions options =
          MassOptions.builder().maxItems(1 + random.nextInt(150)).resumeToken(token).build();
      try {
        MassResult result = operation.apply(options);
        processed += result.processed();
        assertThat(result.failed()).isEmpty();
        token = result.resumeToken();
        if (token == null) {
          faulty.heal();
          assertThat(budgetStops).as("stops on the item budget").isGreaterThan(3);
          assertThat(failureStops).as("stops on injected failures").isGreaterThan(3);
          invariant.run();
          return processed;
        }
        budgetStops++;
      } catch (MassOperationException e) {
        processed += e.partial().processed();
        token = e.resumeToken();
        failureStops++;
      }
      faulty.heal();
      invariant.run();
    }
    throw new AssertionError("the operation never finished");
  }

  private Map<String, Integer> census() {
    return Fleet.census(client, Fleet.TABLE);
  }

  private static String carKey(String state, String city, int car) {
    return state + "|" + city + "|" + String.format("%05d", car);
  }

  /** Each car and the city row are at the source or at the destination, never both or neither. */
  private void eachInOnePlace(String fromCity, String toCity) {
    Map<String, Integer> census = census();
    for (int i = 0; i < CARS; i++) {
      boolean atSource = census.containsKey(carKey("TX", fromCity, i));
      boolean atDestination = census.containsKey(carKey("TX", toCity, i));
      assertThat(atSource ^ atDestination).as("car %d is in exactly one place", i).isTrue();
    }
    assertThat(census).containsKey("TX|Houston").containsKey(carKey("TX", "Houston", 29));
  }

  private void allMoved(String fromCity, String toCity) {
    Map<String, Integer> census = census();
    for (int i = 0; i < CARS; i++) {
      assertThat(census).containsKey(carKey("TX", toCity, i));
      assertThat(census).doesNotContainKey(carKey("TX", fromCity, i));
    }
    Map<String, Object> moved = adapter.getByKey(Fleet.key("TX", toCity, 1234)).orElseThrow();
    assertThat(moved)
        .containsEntry("model", "model-" + (1234 % 13))
        .containsEntry("price", new BigDecimal(100 + 1234 % 50))
        .containsEntry("_createdAt", "2024-01-01T00:34:00Z")
        .containsEntry("_v", BigDecimal.ONE);
  }

  @ParameterizedTest(name = "answers lost: {0}")
  @ValueSource(booleans = {false, true})
  void moveAllUnder_stoppedAndResumedManyTimes_movesEveryItemExactlyOnce(boolean lostAnswers) {
    long processed =
        runToTheEnd(
            options ->
                mass.moveAllUnder(Fleet.city("TX", "Dallas"), Fleet.city("TX", "Austin"), options),
            lostAnswers,
            () -> eachInOnePlace("Dallas", "Austin"));

    allMoved("Dallas", "Austin");
    Map<String, Integer> census = census();
    assertThat(census).containsKey("TX|Austin").doesNotContainKey("TX|Dallas");
    assertThat(census).hasSize(CARS + 1 + 31);
    if (!lostAnswers) {
      assertThat(processed).isEqualTo(CARS + 1);
    }
  }

  @Test
  void rename_stoppedAndResumedManyTimes_movesEveryChildExactlyOnce() {
    long processed =
        runToTheEnd(
            options -> mass.rename(Fleet.city("TX", "Dallas"), Fleet.city("TX", "Waco"), options),
            false,
            () -> eachInOnePlace("Dallas", "Waco"));

    allMoved("Dallas", "Waco");
    assertThat(census()).containsKey("TX|Dallas").doesNotContainKey("TX|Waco");
    assertThat(processed).isEqualTo(CARS);
  }

  @Test
  void cloneWithOverwrite_stoppedAndResumedManyTimes_leavesAnExactCopy() {
    List<Map<String, Object>> stale = new ArrayList<>();
    for (int i = 0; i < 400; i++) {
      Map<String, Object> car = Fleet.car("TX", "Austin", i * 7);
      car.put("model", "stale");
      stale.add(car);
    }
    assertThat(mass.putAll(stale).processed()).isEqualTo(400);
    Map<String, Integer> before = census();

    runToTheEnd(
        options ->
            mass.cloneWithOverwrite(
                Fleet.city("TX", "Dallas"), Fleet.city("TX", "Austin"), options),
        true,
        () -> {
          Map<String, Integer> now = census();
          for (int i = 0; i < CARS; i++) {
            assertThat(now)
                .as("the source is never touched")
                .containsKey(carKey("TX", "Dallas", i));
          }
        });

    Map<String, Integer> after = census();
    for (int i = 0; i < CARS; i++) {
      assertThat(after).containsKey(carKey("TX", "Austin", i));
    }
    assertThat(after).hasSize(before.size() - 400 + CARS);
    assertThat(adapter.getByKey(Fleet.key("TX", "Austin", 7)).orElseThrow())
        .containsEntry("model", "model-7");
  }

  @ParameterizedTest(name = "answers lost: {0}")
  @ValueSource(booleans = {false, true})
  void deleteAllUnder_stoppedAndResumedManyTimes_deletesChildrenThenSelf(boolean lostAnswers) {
    runToTheEnd(
        options -> mass.deleteAllUnder(Fleet.city("TX", "Dallas"), options),
        lostAnswers,
        () -> {
          Map<String, Integer> now = census();
          boolean childLeft = false;
          for (int i = 0; i < CARS && !childLeft; i++) {
            childLeft = now.containsKey(carKey("TX", "Dallas", i));
          }
          if (childLeft) {
            assertThat(now).as("the parent goes last").containsKey("TX|Dallas");
          }
          assertThat(now).containsKey("TX|Houston");
        });

    Map<String, Integer> census = census();
    assertThat(census).hasSize(31).containsKey("TX|Houston");
    Map<String, Integer> expected = new HashMap<>();
    expected.put("TX|Houston", 1);
    for (int i = 0; i < 30; i++) {
      expected.put(carKey("TX", "Houston", i), 1);
    }
    assertThat(census).isEqualTo(expected);
  }
}
