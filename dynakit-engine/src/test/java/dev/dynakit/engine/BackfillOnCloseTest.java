package dev.dynakit.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.engine.internal.item.HeldLocks;
import dev.dynakit.engine.internal.item.KeyFactory;
import dev.dynakit.engine.internal.item.PrimaryKey;
import dev.dynakit.engine.internal.table.Table;
import dev.dynakit.engine.internal.value.AttrValue;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Closing an engine while a GSI backfill runs: {@code close()} stops the backfill and waits for its
 * thread before it closes the store, so the walk never writes to a closed store; the index stays
 * CREATING, and an engine opened on the same directory backfills it again to the end.
 */
class BackfillOnCloseTest {
  private static final int ITEMS = 300;
  private static final String ADD_BY_G =
      "{'TableName':'tbl','AttributeDefinitions':[{'AttributeName':'g','AttributeType':'S'}],"
          + "'GlobalSecondaryIndexUpdates':[{'Create':{'IndexName':'byG','KeySchema':"
          + "[{'AttributeName':'g','KeyType':'HASH'}],'Projection':{'ProjectionType':'ALL'}}}]}";

  @TempDir Path directory;

  @Test
  void close_whileABackfillRuns_stopsItAndWaitsForItsThread() throws Exception {
    DynakitEngine engine = DynakitEngine.inMemory();
    closeDuringBackfill(engine);
  }

  @Test
  void reopen_afterACloseDuringABackfill_backfillsTheIndexToTheEnd() throws Exception {
    closeDuringBackfill(DynakitEngine.onDisk(directory));

    try (DynakitEngine engine = DynakitEngine.onDisk(directory)) {
      JsonCalls calls = new JsonCalls(engine);
      // the index the closed engine left CREATING is backfilled again on opening
      Thread resumed = backfillThread().orElse(null);
      if (resumed != null) {
        resumed.join(60_000);
        assertThat(resumed.isAlive()).as("the resumed backfill never ended").isFalse();
      }
      assertThat(indexStatus(calls)).isEqualTo("ACTIVE");
      Map<String, Object> counted =
          calls.call("Scan", "{'TableName':'tbl','IndexName':'byG','Select':'COUNT'}").ok().body();
      assertThat(((Number) counted.get("Count")).intValue()).isEqualTo(ITEMS);
    }
  }

  /**
   * Fills table {@code tbl}, adds GSI {@code byG} while the test holds every item's lock (so the
   * backfill waits in its first chunk), closes the engine on another thread and, once the close is
   * waiting for the backfill, lets the backfill go; then checks that the close waited, that the
   * backfill thread ended without an exception, and that the index was left CREATING.
   */
  private void closeDuringBackfill(DynakitEngine engine) throws Exception {
    JsonCalls calls = new JsonCalls(engine);
    calls
        .call(
            "CreateTable",
            "{'TableName':'tbl','BillingMode':'PAY_PER_REQUEST','AttributeDefinitions':"
                + "[{'AttributeName':'pk','AttributeType':'S'}],"
                + "'KeySchema':[{'AttributeName':'pk','KeyType':'HASH'}]}")
        .ok();
    Table table = engine.state().catalog().require("tbl");
    List<PrimaryKey> keys = new ArrayList<>();
    for (int i = 0; i < ITEMS; i++) {
      calls
          .call(
              "PutItem",
              "{'TableName':'tbl','Item':{'pk':{'S':'k" + i + "'},'g':{'S':'g" + (i % 7) + "'}}}")
          .ok();
      keys.add(KeyFactory.fromKey(table, Map.of("pk", new AttrValue.S("k" + i))));
    }
    AtomicReference<Throwable> thrown = new AtomicReference<>();
    Thread backfill;
    Thread closer;
    try (HeldLocks held = engine.state().items().lockAll(keys)) {
      calls.call("UpdateTable", ADD_BY_G).ok();
      backfill = backfillThread().orElseThrow();
      backfill.setUncaughtExceptionHandler((t, e) -> thrown.set(e));
      assertThat(indexStatus(calls)).isEqualTo("CREATING");

      closer = new Thread(engine::close, "closer");
      closer.setUncaughtExceptionHandler((t, e) -> thrown.set(e));
      closer.start();
      until(
          "the close waits for the backfill (or has returned)",
          () -> !closer.isAlive() || waitsForBackfills(closer));
      assertThat(closer.isAlive())
          .as("close() returned while the backfill was still running")
          .isTrue();
    }
    closer.join(60_000);
    assertThat(closer.isAlive()).as("close() never returned").isFalse();
    assertThat(backfill.isAlive()).as("the backfill outlived close()").isFalse();
    assertThat(thrown.get()).as("an exception escaped the backfill or close()").isNull();
  }

  private static boolean waitsForBackfills(Thread closer) {
    return Arrays.stream(closer.getStackTrace())
        .anyMatch(
            f -> f.getClassName().endsWith(".IndexBuilder") && f.getMethodName().equals("close"));
  }

  private static String indexStatus(JsonCalls calls) {
    Map<String, Object> table = calls.call("DescribeTable", "{'TableName':'tbl'}").ok().body();
    @SuppressWarnings("unchecked")
    Map<String, Object> described = (Map<String, Object>) table.get("Table");
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> gsis =
        (List<Map<String, Object>>) described.get("GlobalSecondaryIndexes");
    return (String) gsis.get(0).get("IndexStatus");
  }

  /** The backfill thread of {@code tbl.byG}, if one is alive. */
  private static java.util.Optional<Thread> backfillThread() {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(t -> t.getName().equals("dynakit-backfill-tbl-byG") && t.isAlive())
        .findFirst();
  }

  /** Waits, yielding, until {@code done} holds; fails after a minute. */
  private static void until(String what, BooleanSupplier done) {
    long deadline = System.nanoTime() + 60_000_000_000L;
    while (!done.getAsBoolean()) {
      assertThat(System.nanoTime()).as(what).isLessThan(deadline);
      Thread.yield();
    }
  }
}
