package dev.dynakit.core.mass;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.core.batch.Batches;
import dev.dynakit.core.batch.FaultyHttpClient;
import dev.dynakit.core.batch.RetryBudget;
import dev.dynakit.core.batch.Tables;
import dev.dynakit.core.token.TokenCodec;
import dev.dynakit.core.token.TokenScope;
import dev.dynakit.engine.DynakitEngine;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/** The runner's exactness on raw items, with failures injected into every request it sends. */
class MassRunnerIT {
  private static final int ITEMS = 2000;
  private static final KeyShape KEYS = new KeyShape(List.of("pk", "sk"));

  private DynakitEngine engine;
  private FaultyHttpClient faulty;
  private DynamoDbClient client;
  private final TokenCodec codec = TokenCodec.random();

  @BeforeEach
  void start() {
    engine = DynakitEngine.inMemory();
    faulty = FaultyHttpClient.of(engine, 11);
    client = faulty.client();
    Tables.create(client, "Things");
    List<Map<String, AttributeValue>> items = new ArrayList<>();
    for (int i = 0; i < ITEMS; i++) {
      items.add(Tables.item("src", i, "v" + i));
    }
    items.add(Tables.item("other", 1, "stays"));
    Batches.builder(client).build().putAll("Things", items);
  }

  @AfterEach
  void stop() {
    client.close();
    engine.close();
  }

  private static QueryRequest partition(String pk) {
    return QueryRequest.builder()
        .tableName("Things")
        .keyConditionExpression("pk = :pk")
        .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS(pk)))
        .consistentRead(true)
        .build();
  }

  private static TransactWriteItem copyTo(Map<String, AttributeValue> source, String pk) {
    Map<String, AttributeValue> copy = new LinkedHashMap<>(source);
    copy.put("pk", AttributeValue.fromS(pk));
    return TransactWriteItem.builder()
        .put(
            p ->
                p.tableName("Things")
                    .item(copy)
                    .conditionExpression("attribute_not_exists(pk)")
                    .returnValuesOnConditionCheckFailure(
                        ReturnValuesOnConditionCheckFailure.ALL_OLD))
        .build();
  }

  private static TransactWriteItem delete(Map<String, AttributeValue> source) {
    return TransactWriteItem.builder()
        .delete(d -> d.tableName("Things").key(KEYS.of(source)))
        .build();
  }

  private static TransactWriteItem overwrite(Map<String, AttributeValue> source, String pk) {
    Map<String, AttributeValue> copy = new LinkedHashMap<>(source);
    copy.put("pk", AttributeValue.fromS(pk));
    return TransactWriteItem.builder().put(p -> p.tableName("Things").item(copy)).build();
  }

  @Test
  void move_stoppedManyTimes_endsWithEveryItemMovedExactlyOnce() {
    Batches batches =
        Batches.builder(client)
            .retry(RetryBudget.builder().maxAttempts(2).baseDelay(Duration.ZERO).build())
            .build();
    faulty
        .operations("TransactWriteItems", "Query")
        .errors(0.25, 500, "InternalServerError", false);
    Phase move =
        new Phase(
            "move",
            RequestSource.query(client, partition("src"), KEYS.names()),
            new MoveSlices(batches, KEYS, s -> Planned.move(copyTo(s, "dst"), delete(s))),
            MoveSlices.SLICE);
    TokenScope scope = new TokenScope("move", "Things", "src->dst");
    MassRunner runner = new MassRunner(codec);
    Random random = new Random(5);
    String token = null;
    long processed = 0;
    int stops = 0;
    int failures = 0;
    List<Long> reported = new ArrayList<>();
    while (true) {
      long maxItems = 1 + random.nextInt(300);
      try {
        MassResult result =
            runner.run(
                scope,
                List.of(move),
                token,
                new MassRunner.Limits(maxItems, null, p -> reported.add(p.done()), false));
        processed += result.processed();
        assertThat(result.skipped()).isZero();
        if (result.complete()) {
          break;
        }
        token = result.resumeToken();
        stops++;
      } catch (MassOperationException e) {
        processed += e.partial().processed();
        token = e.resumeToken();
        failures++;
      }
    }

    assertThat(stops).isGreaterThan(5);
    assertThat(failures).isGreaterThan(5);
    assertThat(processed).isEqualTo(ITEMS);
    assertThat(reported.get(reported.size() - 1)).isEqualTo(ITEMS);
    faulty.heal();
    List<Map<String, AttributeValue>> stored = Tables.scan(client, "Things");
    List<Map<String, AttributeValue>> expected = new ArrayList<>();
    for (int i = 0; i < ITEMS; i++) {
      expected.add(Tables.item("dst", i, "v" + i));
    }
    expected.add(Tables.item("other", 1, "stays"));
    assertThat(stored).containsExactlyInAnyOrderElementsOf(expected);
  }

  @Test
  void phases_resumeInTheirPhase_andStopExactlyAtMaxItems() {
    Batches batches = Batches.builder(client).build();
    Phase copy =
        new Phase(
            "copy",
            RequestSource.query(client, partition("src"), KEYS.names()),
            new ActionSlices(batches, client, KEYS, s -> Planned.write(overwrite(s, "dst")), 10),
            100);
    Phase delete =
        new Phase(
            "delete",
            RequestSource.query(client, partition("src"), KEYS.names()),
            new ActionSlices(batches, client, KEYS, s -> Planned.write(delete(s)), 10),
            100);
    TokenScope scope = new TokenScope("rename", "Things", "src->dst");
    MassRunner runner = new MassRunner(codec);
    List<String> phases = new ArrayList<>();
    String token = null;
    long handled = 0;
    do {
      MassResult result =
          runner.run(
              scope,
              List.of(copy, delete),
              token,
              new MassRunner.Limits(333, null, ProgressListener.none(), true));
      handled += result.processed();
      assertThat(result.processed()).isLessThanOrEqualTo(333);
      token = result.resumeToken();
      if (token != null) {
        phases.add(codec.decode(scope, token).phase());
      }
    } while (token != null);

    assertThat(handled).isEqualTo(2L * ITEMS);
    assertThat(phases)
        .containsSubsequence("copy", "delete")
        .doesNotContainSequence("delete", "copy");
    assertThat(Tables.scan(client, "Things")).hasSize(ITEMS + 1);
  }
}
