package dev.dynakit.benchmarks;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;
import java.util.function.IntConsumer;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/**
 * What a Java user feels: the AWS SDK v2 sync client (one client shared by all threads, as an
 * application would) calling one target as fast as it answers, for each operation and thread count,
 * each for a fixed time after a warm-up. Appends one {@link Result} line per measurement to {@code
 * --out}.
 *
 * <pre>
 * java -cp … dev.dynakit.benchmarks.SdkLoad --target dynalite --endpoint http://127.0.0.1:8000 \
 *     --ops GetItem,PutItem,Query,BatchWriteItem --threads 1,16 --warmup-seconds 3 --seconds 7 \
 *     --out results.tsv
 * </pre>
 *
 * <p>{@code --seed} seeds the target first ({@link InProcessLoad} measures an engine in the same
 * JVM, without sockets, with the same plan). Every call is checked (GetItem finds its item, Query
 * returns the whole partition, BatchWriteItem leaves nothing unprocessed), so a target that answers
 * wrongly shows errors rather than a flattering number.
 */
public final class SdkLoad {
  private SdkLoad() {}

  public static void main(String[] args) throws IOException {
    Flags flags = flags(args, Set.of("--endpoint"), Set.of("--seed"));
    Plan plan = Plan.from(flags);
    URI endpoint = URI.create(flags.required("--endpoint"));
    try (DynamoDbClient client = SdkClients.http(endpoint, plan.maxThreads())) {
      plan.run(client, flags.has("--seed"));
    }
    System.exit(0);
  }

  /** The flags every load main takes, plus {@code extraWithValue} and {@code extraSwitches}. */
  static Flags flags(String[] args, Set<String> extraWithValue, Set<String> extraSwitches) {
    Set<String> withValue = new HashSet<>(extraWithValue);
    withValue.addAll(
        Set.of(
            "--target",
            "--ops",
            "--threads",
            "--warmup-seconds",
            "--jvm-warmup-seconds",
            "--seconds",
            "--out"));
    return Flags.parse(args, withValue, extraSwitches);
  }

  /**
   * What to measure: each operation at each thread count, each for {@code window} after {@code
   * warmup}; results appended to {@code out}. Before the first measurement the JVM itself is warmed
   * up for {@code jvmWarmup}, shared among the operations.
   */
  record Plan(
      String target,
      List<String> operations,
      List<Integer> threadCounts,
      Duration jvmWarmup,
      Duration warmup,
      Duration window,
      Path out) {

    static Plan from(Flags flags) {
      List<Integer> threadCounts = new ArrayList<>();
      for (String t : flags.list("--threads", "1,16")) {
        threadCounts.add(Integer.parseInt(t.trim()));
      }
      return new Plan(
          flags.required("--target"),
          flags.list("--ops", String.join(",", Workload.OPERATIONS)),
          List.copyOf(threadCounts),
          Duration.ofSeconds(flags.integer("--jvm-warmup-seconds", 20)),
          Duration.ofSeconds(flags.integer("--warmup-seconds", 3)),
          Duration.ofSeconds(flags.integer("--seconds", 7)),
          Path.of(flags.required("--out")));
    }

    int maxThreads() {
      return threadCounts.stream().mapToInt(Integer::intValue).max().orElse(1);
    }

    /** Seeds the target if asked, then measures; a target that cannot be seeded is reported. */
    void run(DynamoDbClient client, boolean seed) throws IOException {
      watchdog(
          warmup
              .plus(window)
              .multipliedBy((long) operations.size() * threadCounts.size())
              .plus(jvmWarmup));
      String unavailable = seed ? seedOrReason(client) : null;
      if (unavailable == null) {
        // The first measurements of a fresh JVM would pay for compiling the SDK's code paths
        // (on a busy 2-core machine that takes well over ten seconds): warm every operation up,
        // for the same total time whatever the number of operations.
        Duration each = jvmWarmup.dividedBy(operations.size());
        for (String op : operations) {
          LoadRun.run(op, target, maxThreads(), Duration.ZERO, each, call(client, op));
        }
      }
      for (String op : operations) {
        for (int threads : threadCounts) {
          Result r =
              unavailable != null
                  ? Result.unavailable("sdk", op, target, threads, unavailable)
                  : LoadRun.run(op, target, threads, warmup, window, call(client, op));
          Files.writeString(
              out,
              r.toLine() + "\n",
              StandardCharsets.UTF_8,
              StandardOpenOption.CREATE,
              StandardOpenOption.APPEND);
          System.out.println(describe(r));
        }
      }
    }
  }

  private static String seedOrReason(DynamoDbClient client) {
    try {
      Seeder.seed(client);
      return null;
    } catch (RuntimeException e) {
      return "seeding failed: " + e.getClass().getSimpleName() + ": " + e.getMessage();
    }
  }

  /** One call of {@code op}, given a random index into its pool of prebuilt requests. */
  static IntConsumer call(DynamoDbClient client, String op) {
    Random random = new Random(42);
    switch (op) {
      case "GetItem":
        GetItemRequest[] gets = Workload.gets();
        return i -> {
          if (!client.getItem(gets[i % gets.length]).hasItem()) {
            throw new IllegalStateException("GetItem found no item");
          }
        };
      case "PutItem":
        PutItemRequest[] puts = Workload.puts(random);
        return i -> client.putItem(puts[i % puts.length]);
      case "Query":
        QueryRequest query = Workload.query();
        return i -> {
          int count = client.query(query).count();
          if (count != Workload.QUERY_PARTITION_SIZE) {
            throw new IllegalStateException("Query returned " + count + " items");
          }
        };
      case "BatchWriteItem":
        BatchWriteItemRequest[] batches = Workload.batches(random);
        return i -> {
          BatchWriteItemResponse r = client.batchWriteItem(batches[i % batches.length]);
          if (r.hasUnprocessedItems() && !r.unprocessedItems().isEmpty()) {
            throw new IllegalStateException("BatchWriteItem left items unprocessed");
          }
        };
      default:
        throw new IllegalArgumentException(
            "unknown operation " + op + "; known: " + Workload.OPERATIONS);
    }
  }

  private static String describe(Result r) {
    if (!r.note().isEmpty() && r.requests() == 0) {
      return String.format(
          Locale.ROOT,
          "sdk %-14s %-10s %2d threads: %s",
          r.operation(),
          r.target(),
          r.concurrency(),
          r.note());
    }
    return String.format(
        Locale.ROOT,
        "sdk %-14s %-10s %2d threads: %,9.0f req/s  p50 %7.3f ms  p99 %7.3f ms  errors %d %s",
        r.operation(),
        r.target(),
        r.concurrency(),
        r.throughput(),
        r.p50Micros() / 1e3,
        r.p99Micros() / 1e3,
        r.errors(),
        r.note());
  }

  /** Ends the JVM if the run takes far longer than planned (a stuck target, say). */
  private static void watchdog(Duration planned) {
    Duration limit = planned.plusSeconds(120);
    Thread t =
        new Thread(
            () -> {
              try {
                Thread.sleep(limit.toMillis());
              } catch (InterruptedException e) {
                return;
              }
              System.err.println("SdkLoad: still running after " + limit + "; giving up");
              Runtime.getRuntime().halt(3);
            },
            "watchdog");
    t.setDaemon(true);
    t.start();
  }
}
