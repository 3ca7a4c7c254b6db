package dev.dynakit.benchmarks;

import dev.dynakit.core.adapter.Adapter;
import dev.dynakit.core.entity.EntityTable;
import dev.dynakit.core.entity.EntityView;
import dev.dynakit.core.entity.PatternPage;
import dev.dynakit.core.provision.PlanStep;
import dev.dynakit.core.provision.TableProvisioner;
import dev.dynakit.core.schema.TableSpec;
import dev.dynakit.embedded.DynakitClients;
import dev.dynakit.engine.DynakitEngine;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/**
 * What a sharded access pattern costs to read: the same {@code N} items (votes of one item) stored
 * twice in one table, once under a key sharded ten ways ({@code VOTES#{itemId}#{shard}}) and once
 * under one unsharded key ({@code PLAIN#{itemId}}), read whole in one page by three readers:
 *
 * <ul>
 *   <li>{@code sharded}: the sharded access pattern, ten Queries in parallel merged in sort-key
 *       order ({@link EntityTable#pattern(String, Map, int, String)});
 *   <li>{@code unsharded}: the unsharded access pattern, one Query through the same reader (the
 *       target's baseline: the same items, the same toolkit, one key);
 *   <li>{@code query}: one raw SDK Query of the unsharded key (what the toolkit adds, for
 *       reference).
 * </ul>
 *
 * All three go through the SDK's in-process client (the whole wire format) to an in-memory engine
 * in this JVM. They take turns: {@code --rounds} rounds of {@code --reads} reads each, the order
 * reversed every other round, the first round unmeasured. Prints, per size and reader, the p50 and
 * p90 latency (µs) and the process CPU time per read (every thread: the shard queries run on a
 * pool), then the ratios of the sharded read to the others.
 *
 * <pre>
 * java -Xmx1g -cp … dev.dynakit.benchmarks.ShardedRead --sizes 100,1000 --reads 200 --rounds 11
 * </pre>
 */
public final class ShardedRead {
  private static final String TABLE = "sharded_read";
  private static final String SPEC =
      """
      {"table": "sharded_read", "partitionKey": "PK", "sortKey": "SK",
       "technicalPrefix": "_", "typeField": "_type",
       "entities": {
         "vote": {"fields": {"itemId": "string", "voter": "string", "weight": "number"},
                  "keys": {"PK": "VOTES#{itemId}#{shard}", "SK": "VOTER#{voter}"},
                  "shards": {"count": 10, "by": "voter"}},
         "plainVote": {"fields": {"itemId": "string", "voter": "string", "weight": "number"},
                       "keys": {"PK": "PLAIN#{itemId}", "SK": "VOTER#{voter}"}}
       },
       "accessPatterns": {
         "sharded": {"key": {"PK": "VOTES#{itemId}#{shard}"}, "returns": ["vote"]},
         "unsharded": {"key": {"PK": "PLAIN#{itemId}"}, "returns": ["plainVote"]}
       }}
      """;
  private static final String[] READERS = {"sharded", "unsharded", "query"};

  private ShardedRead() {}

  public static void main(String[] args) {
    Flags flags = Flags.parse(args, Set.of("--sizes", "--reads", "--rounds"), Set.of());
    List<Integer> sizes = new ArrayList<>();
    for (String s : flags.list("--sizes", "100,1000")) {
      sizes.add(Integer.parseInt(s.trim()));
    }
    int reads = flags.integer("--reads", 200);
    int rounds = flags.integer("--rounds", 11);
    if (rounds < 2 || reads < 1) {
      throw new IllegalArgumentException("--rounds must be at least 2 and --reads at least 1");
    }
    try (DynakitEngine engine = DynakitEngine.inMemory();
        DynamoDbClient client = DynakitClients.inProcess(engine)) {
      TableSpec spec = TableSpec.fromJson(SPEC);
      for (PlanStep step : TableProvisioner.of(client).plan(spec).steps()) {
        if (step.action() == PlanStep.Action.CREATE_TABLE) {
          client.createTable((CreateTableRequest) step.request());
        }
      }
      EntityTable table = EntityTable.of(Adapter.builder(spec, client).build());
      for (int n : sizes) {
        load(table, n);
      }
      System.out.printf(
          "sharded-read shards=10 sizes=%s reads=%d rounds=%d load_average=%s%n",
          sizes, reads, rounds, loadAverage());
      for (int n : sizes) {
        measure(table, client, n, reads, rounds);
      }
      System.out.printf("sharded-read done load_average=%s%n", loadAverage());
    }
  }

  /** Stores n votes of item {@code n<n>} under both keys. */
  private static void load(EntityTable table, int n) {
    EntityView<Map<String, Object>> sharded = table.entity("vote");
    EntityView<Map<String, Object>> plain = table.entity("plainVote");
    for (int i = 0; i < n; i++) {
      Map<String, Object> vote =
          Map.of("itemId", "n" + n, "voter", String.format("voter%07d", i), "weight", i % 5);
      sharded.create(vote);
      plain.create(vote);
    }
  }

  private static void measure(
      EntityTable table, DynamoDbClient client, int n, int reads, int rounds) {
    int k = READERS.length;
    long[][] nanos = new long[k][reads * (rounds - 1)];
    long[] cpu = new long[k];
    for (int r = 0; r < rounds; r++) {
      for (int j = 0; j < k; j++) {
        int reader = r % 2 == 0 ? j : k - 1 - j;
        // round 0 warms up: the JIT, and the shard pool's threads
        int at = r == 0 ? -1 : (r - 1) * reads;
        long cpu0 = processCpuNanos();
        for (int i = 0; i < reads; i++) {
          long t0 = System.nanoTime();
          int got = read(READERS[reader], table, client, n);
          long took = System.nanoTime() - t0;
          if (got != n) {
            throw new IllegalStateException(READERS[reader] + " read " + got + " items of " + n);
          }
          if (at >= 0) {
            nanos[reader][at + i] = took;
          }
        }
        if (at >= 0) {
          cpu[reader] += processCpuNanos() - cpu0;
        }
      }
    }
    double[] p50 = new double[k];
    double[] p90 = new double[k];
    double[] cpuPerRead = new double[k];
    for (int j = 0; j < k; j++) {
      Arrays.sort(nanos[j]);
      int m = nanos[j].length;
      p50[j] = nanos[j][m / 2] / 1e3;
      p90[j] = nanos[j][m * 9 / 10] / 1e3;
      cpuPerRead[j] = cpu[j] / 1e3 / m;
      System.out.printf(
          "sharded-read items=%d reader=%s p50_us=%.0f p90_us=%.0f cpu_us_per_read=%.0f%n",
          n, READERS[j], p50[j], p90[j], cpuPerRead[j]);
    }
    System.out.printf(
        "sharded-read items=%d sharded_over_unsharded p50=%.2fx p90=%.2fx cpu=%.2fx"
            + " sharded_over_query p50=%.2fx p90=%.2fx cpu=%.2fx load_average=%s%n",
        n,
        p50[0] / p50[1],
        p90[0] / p90[1],
        cpuPerRead[0] / cpuPerRead[1],
        p50[0] / p50[2],
        p90[0] / p90[2],
        cpuPerRead[0] / cpuPerRead[2],
        loadAverage());
    System.out.flush();
  }

  /** Reads the n items of item {@code n<n>} with one reader; returns how many it got. */
  private static int read(String reader, EntityTable table, DynamoDbClient client, int n) {
    if (reader.equals("query")) {
      QueryResponse response =
          client.query(
              q ->
                  q.tableName(TABLE)
                      .keyConditionExpression("PK = :p")
                      .expressionAttributeValues(
                          Map.of(":p", AttributeValue.fromS("PLAIN#n" + n))));
      return response.count();
    }
    PatternPage page = table.pattern(reader, Map.of("itemId", "n" + n), n, null);
    return page.items().size();
  }

  /** The machine's load averages (1, 5, 15 minutes), as /proc/loadavg gives them. */
  private static String loadAverage() {
    try {
      String[] fields = Files.readString(Path.of("/proc/loadavg")).split(" ");
      return fields[0] + "," + fields[1] + "," + fields[2];
    } catch (IOException e) {
      return String.format(
          "%.2f", ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
    }
  }

  private static long processCpuNanos() {
    return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
        .getProcessCpuTime();
  }
}
