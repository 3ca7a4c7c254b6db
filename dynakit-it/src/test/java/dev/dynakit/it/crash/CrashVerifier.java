package dev.dynakit.it.crash;

import dev.dynakit.embedded.DynakitClients;
import dev.dynakit.engine.DynakitEngine;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.IndexStatus;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;

/**
 * Checks a data directory after the load was killed, by opening the engine on it as a restart
 * would: the table holds exactly what the event log says was acknowledged, plus, for each request
 * unanswered at the kill, either all of its writes or none (recorded in the log as {@code R}); and
 * every GSI, once its resumed backfill is done, holds exactly the projection of the table's items;
 * and the table's stream replays to exactly the table ({@link CrashStreamCheck}).
 */
final class CrashVerifier {
  /** What one verification found. */
  record Result(
      long acknowledged,
      long cancelled,
      int inFlightApplied,
      int inFlightNotApplied,
      boolean backfillInterrupted,
      int items,
      int indexes,
      int streamRecords,
      int shards) {}

  private CrashVerifier() {}

  static Result verify(Path directory, Path logFile) throws IOException, InterruptedException {
    List<String> lines = CrashLog.readAndRepair(logFile);
    CrashModel model = CrashModel.replay(lines);
    try (DynakitEngine engine = DynakitEngine.onDisk(directory);
        DynamoDbClient client = DynakitClients.inProcess(engine);
        CrashLog log = new CrashLog(logFile)) {
      TableDescription table = CrashTable.describe(client);
      if (table == null) {
        check(model.items.isEmpty(), "the table is gone, but the log has items: " + model.items);
        return new Result(model.acknowledged, model.cancelled, 0, 0, false, 0, 0, 0, 0);
      }
      boolean interrupted = false;
      for (GlobalSecondaryIndexDescription g : table.globalSecondaryIndexes()) {
        interrupted |= g.indexStatus() != IndexStatus.ACTIVE;
      }
      table = awaitIndexesActive(client);
      Map<String, CrashModel.Item> actual = scanTable(client);
      Map<String, CrashModel.Item> expected = new TreeMap<>(model.items);
      int applied = 0;
      int notApplied = 0;
      for (CrashModel.InFlight f : model.inFlight) {
        boolean whole = resolve(f, expected, actual);
        log.append("R " + f.lane() + " " + f.seq() + (whole ? " 1" : " 0"));
        if (whole) {
          CrashModel.apply(expected, f);
          applied++;
        } else {
          notApplied++;
        }
      }
      check(
          actual.equals(expected),
          "the table differs from the acknowledged writes: " + difference(expected, actual));
      // killed, the engine saved no counters: the open counted them again, exactly
      check(
          table.itemCount() == actual.size(),
          "DescribeTable's ItemCount is "
              + table.itemCount()
              + ", the table holds "
              + actual.size());
      for (GlobalSecondaryIndexDescription g : table.globalSecondaryIndexes()) {
        checkIndex(client, g, expected);
      }
      CrashStreamCheck.Result stream = CrashStreamCheck.check(engine, actual);
      return new Result(
          model.acknowledged,
          model.cancelled,
          applied,
          notApplied,
          interrupted,
          actual.size(),
          table.globalSecondaryIndexes().size(),
          stream.records(),
          stream.shards());
    }
  }

  /**
   * Whether an unanswered request was applied: all its writes show, or none does; anything else is
   * half a request, a failure.
   */
  private static boolean resolve(
      CrashModel.InFlight f,
      Map<String, CrashModel.Item> before,
      Map<String, CrashModel.Item> actual) {
    Map<String, CrashModel.Item> after = new HashMap<>(before);
    CrashModel.apply(after, f);
    boolean all = true;
    boolean none = true;
    for (CrashOp.Write w : f.op().writes()) {
      if (w.type() == 'C') {
        continue;
      }
      CrashModel.Item now = actual.get(w.key());
      all &= java.util.Objects.equals(now, after.get(w.key()));
      none &= java.util.Objects.equals(now, before.get(w.key()));
    }
    check(all || none, "request " + f.seq() + " (" + f.op().text() + ") is half applied");
    // a request whose writes change nothing (deletes of absent items) counts as not applied
    return all && !none;
  }

  private static TableDescription awaitIndexesActive(DynamoDbClient client)
      throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
    while (true) {
      TableDescription table = CrashTable.describe(client);
      boolean active = true;
      for (GlobalSecondaryIndexDescription g : table.globalSecondaryIndexes()) {
        active &= g.indexStatus() == IndexStatus.ACTIVE;
      }
      if (active) {
        return table;
      }
      check(System.nanoTime() < deadline, "the resumed backfill did not finish: " + table);
      // waiting for the backfill thread, whose end the engine reports only through the status
      Thread.sleep(20);
    }
  }

  private static Map<String, CrashModel.Item> scanTable(DynamoDbClient client) {
    Map<String, CrashModel.Item> items = new TreeMap<>();
    for (Map<String, AttributeValue> item :
        client.scanPaginator(b -> b.tableName(CrashTable.NAME).consistentRead(true)).items()) {
      String key = item.get("pk").s();
      CrashModel.Item parsed =
          new CrashModel.Item(
              item.containsKey("g") ? item.get("g").s() : null, Long.parseLong(item.get("v").n()));
      check(item.equals(CrashTable.item(key, parsed)), "an item with other attributes: " + item);
      check(items.put(key, parsed) == null, "two items with key " + key);
    }
    return items;
  }

  /** The index holds exactly the projection of every item that has its key attribute. */
  private static void checkIndex(
      DynamoDbClient client,
      GlobalSecondaryIndexDescription index,
      Map<String, CrashModel.Item> expected) {
    boolean all = index.projection().projectionType() == ProjectionType.ALL;
    Set<Map<String, AttributeValue>> want = new HashSet<>();
    expected.forEach(
        (key, item) -> {
          if (item.g() != null) {
            Map<String, AttributeValue> full = CrashTable.item(key, item);
            if (all) {
              want.add(full);
            } else {
              Map<String, AttributeValue> keys = new LinkedHashMap<>();
              keys.put("pk", full.get("pk"));
              keys.put("g", full.get("g"));
              want.add(keys);
            }
          }
        });
    Set<Map<String, AttributeValue>> have = new HashSet<>();
    int scanned = 0;
    for (Map<String, AttributeValue> entry :
        client
            .scanPaginator(b -> b.tableName(CrashTable.NAME).indexName(index.indexName()))
            .items()) {
      have.add(entry);
      scanned++;
    }
    check(scanned == have.size(), "index " + index.indexName() + " holds an entry twice");
    check(
        index.itemCount() == scanned,
        "index "
            + index.indexName()
            + "'s ItemCount is "
            + index.itemCount()
            + ", it holds "
            + scanned);
    Set<Map<String, AttributeValue>> missing = new HashSet<>(want);
    missing.removeAll(have);
    Set<Map<String, AttributeValue>> extra = new HashSet<>(have);
    extra.removeAll(want);
    check(
        missing.isEmpty() && extra.isEmpty(),
        "index "
            + index.indexName()
            + " is not the projection of the table: missing "
            + missing
            + ", extra "
            + extra);
  }

  private static String difference(
      Map<String, CrashModel.Item> expected, Map<String, CrashModel.Item> actual) {
    Map<String, String> diff = new TreeMap<>();
    Set<String> keys = new HashSet<>(expected.keySet());
    keys.addAll(actual.keySet());
    for (String k : keys) {
      if (!java.util.Objects.equals(expected.get(k), actual.get(k))) {
        diff.put(k, "expected " + expected.get(k) + ", found " + actual.get(k));
      }
    }
    return diff.toString();
  }

  private static void check(boolean condition, String failure) {
    if (!condition) {
      throw new AssertionError(failure);
    }
  }
}
