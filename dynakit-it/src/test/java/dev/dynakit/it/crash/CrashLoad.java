package dev.dynakit.it.crash;

import dev.dynakit.embedded.DynakitClients;
import dev.dynakit.engine.DynakitEngine;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;

/**
 * The child JVM of the crash campaign: opens the on-disk engine on the data directory (durability
 * strict), drops the previous cycle's late index and adds a new one (whose backfill then runs),
 * logs {@code S}, and runs the mixed write load of {@link CrashLane}s until it is killed (or, if
 * nobody kills it, for a minute). Arguments: data directory, event log, cycle number, seed.
 */
public final class CrashLoad {
  static final int LANES = 2;
  static final int KEYS_PER_LANE = 300;

  private CrashLoad() {}

  public static void main(String[] args) throws Exception {
    Path directory = Path.of(args[0]);
    Path logFile = Path.of(args[1]);
    int cycle = Integer.parseInt(args[2]);
    long seed = Long.parseLong(args[3]);
    try (DynakitEngine engine = DynakitEngine.onDisk(directory);
        DynamoDbClient client =
            DynakitClients.inProcess(engine, o -> o.retryStrategy(AwsRetryStrategy.doNotRetry()));
        CrashLog log = new CrashLog(logFile)) {
      TableDescription table = CrashTable.describe(client);
      if (table == null) {
        CrashTable.create(client);
      } else {
        replaceLateIndex(client, table, cycle);
      }
      Map<String, Long> versions = new ConcurrentHashMap<>();
      for (Map<String, AttributeValue> item :
          client.scanPaginator(b -> b.tableName(CrashTable.NAME)).items()) {
        versions.put(item.get("pk").s(), Long.parseLong(item.get("v").n()));
      }
      log.append("S " + cycle);
      List<Thread> lanes = new ArrayList<>();
      long deadline = System.nanoTime() + 60_000_000_000L;
      for (int lane = 0; lane < LANES; lane++) {
        CrashLane runner =
            new CrashLane(
                client, log, lane, cycle, new Random(seed * 31 + lane), versions, deadline);
        Thread t = new Thread(runner, "crash-lane-" + lane);
        t.start();
        lanes.add(t);
      }
      for (Thread t : lanes) {
        t.join();
      }
    }
  }

  /** Drops the late GSI of an earlier cycle (if any) and adds {@code late<cycle>}. */
  private static void replaceLateIndex(DynamoDbClient client, TableDescription table, int cycle) {
    for (GlobalSecondaryIndexDescription g : table.globalSecondaryIndexes()) {
      if (g.indexName().startsWith("late")) {
        client.updateTable(
            b ->
                b.tableName(CrashTable.NAME)
                    .globalSecondaryIndexUpdates(u -> u.delete(d -> d.indexName(g.indexName()))));
      }
    }
    client.updateTable(
        b ->
            b.tableName(CrashTable.NAME)
                .attributeDefinitions(
                    a -> a.attributeName("g").attributeType(ScalarAttributeType.S))
                .globalSecondaryIndexUpdates(
                    u ->
                        u.create(
                            c ->
                                c.indexName("late" + cycle)
                                    .keySchema(k -> k.attributeName("g").keyType(KeyType.HASH))
                                    .projection(p -> p.projectionType(ProjectionType.KEYS_ONLY)))));
  }
}
