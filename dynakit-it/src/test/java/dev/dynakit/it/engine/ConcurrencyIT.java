package dev.dynakit.it.engine;

import static dev.dynakit.it.engine.Items.item;
import static dev.dynakit.it.engine.Items.key;
import static dev.dynakit.it.engine.Items.n;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;

/**
 * Many threads doing optimistic read-modify-write on a few shared items: a write conditioned on the
 * version it read either wins or is refused, so no increment is ever lost.
 */
@ParameterizedClass
@EnumSource(EngineSetup.class)
class ConcurrencyIT {
  private static final int THREADS = 8;
  private static final int INCREMENTS_PER_THREAD = 60;
  private static final int ITEMS = 3;

  @Parameter EngineSetup setup;
  EngineFixture fx;

  @BeforeEach
  void setUp() {
    fx = new EngineFixture(setup);
    fx.createTable("counters");
    for (int i = 0; i < ITEMS; i++) {
      String pk = "c" + i;
      fx.client.putItem(
          b -> b.tableName("counters").item(item("pk", pk, "version", 0, "count", 0)));
    }
  }

  @AfterEach
  void tearDown() {
    fx.close();
  }

  @Test
  void conditionalReadModifyWrite_losesNoUpdate() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(THREADS);
    List<Future<int[]>> futures = new ArrayList<>();
    for (int t = 0; t < THREADS; t++) {
      futures.add(
          pool.submit(
              () -> {
                int[] done = new int[ITEMS];
                for (int i = 0; i < INCREMENTS_PER_THREAD; i++) {
                  int target = ThreadLocalRandom.current().nextInt(ITEMS);
                  while (!tryIncrement("c" + target)) {
                    Thread.onSpinWait();
                  }
                  done[target]++;
                }
                return done;
              }));
    }
    int[] expected = new int[ITEMS];
    for (Future<int[]> f : futures) {
      int[] done = f.get(120, TimeUnit.SECONDS);
      for (int i = 0; i < ITEMS; i++) {
        expected[i] += done[i];
      }
    }
    pool.shutdown();
    int total = 0;
    for (int i = 0; i < ITEMS; i++) {
      String pk = "c" + i;
      Map<String, AttributeValue> item =
          fx.client.getItem(b -> b.tableName("counters").key(key(pk)).consistentRead(true)).item();
      assertThat(Integer.parseInt(item.get("count").n())).isEqualTo(expected[i]);
      assertThat(item.get("version").n()).isEqualTo(item.get("count").n());
      total += expected[i];
    }
    assertThat(total).isEqualTo(THREADS * INCREMENTS_PER_THREAD);
  }

  private boolean tryIncrement(String pk) {
    Map<String, AttributeValue> item =
        fx.client.getItem(b -> b.tableName("counters").key(key(pk)).consistentRead(true)).item();
    long version = Long.parseLong(item.get("version").n());
    long count = Long.parseLong(item.get("count").n());
    try {
      fx.client.putItem(
          b ->
              b.tableName("counters")
                  .item(item("pk", pk, "version", version + 1, "count", count + 1))
                  .conditionExpression("version = :seen")
                  .expressionAttributeValues(Map.of(":seen", n(Long.toString(version)))));
      return true;
    } catch (ConditionalCheckFailedException e) {
      return false;
    }
  }
}
