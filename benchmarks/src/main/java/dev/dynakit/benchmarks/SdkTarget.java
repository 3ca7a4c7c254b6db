package dev.dynakit.benchmarks;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.IntConsumer;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * One thing {@link SdkLoad} measures: a name, the SDK client that reaches it, the operations it is
 * measured on, and, when it cannot be measured, why.
 */
final class SdkTarget implements AutoCloseable {
  private final String name;
  private final DynamoDbClient client;
  private final Set<String> operations;
  private final @Nullable String unavailable;
  private final Map<String, IntConsumer> calls = new HashMap<>();

  private SdkTarget(
      String name, DynamoDbClient client, Set<String> operations, @Nullable String unavailable) {
    this.name = name;
    this.client = client;
    this.operations = operations;
    this.unavailable = unavailable;
  }

  /**
   * A target seeded beforehand. The do-nothing server is measured only on the operations its canned
   * replies fit.
   */
  static SdkTarget ready(String name, DynamoDbClient client, List<String> operations) {
    Set<String> measured =
        name.equals(Report.NOTHING)
            ? Set.copyOf(
                operations.stream().filter(DoNothingServer.FITTING_OPERATIONS::contains).toList())
            : Set.copyOf(operations);
    return new SdkTarget(name, client, measured, null);
  }

  /** A fresh target, seeded now; if seeding fails, every measurement reports why. */
  static SdkTarget seeded(String name, DynamoDbClient client, List<String> operations) {
    String unavailable = null;
    try {
      Seeder.seed(client);
    } catch (RuntimeException e) {
      unavailable = "seeding failed: " + e.getClass().getSimpleName() + ": " + e.getMessage();
    }
    return new SdkTarget(name, client, Set.copyOf(operations), unavailable);
  }

  boolean measures(String op) {
    return operations.contains(op);
  }

  /** Runs {@code op} for {@code duration} without measuring, if this target measures it. */
  void warmUp(String op, int threads, Duration duration) {
    if (unavailable == null && measures(op)) {
      LoadRun.run(op, threads, Duration.ZERO, duration, call(op));
    }
  }

  String name() {
    return name;
  }

  /** Why this target cannot be measured, or null when it can. */
  @Nullable String unavailable() {
    return unavailable;
  }

  /** Measures {@code op} once; call only when it {@link #measures} it and is available. */
  LoadRun.Slice measure(String op, int threads, Duration warmup, Duration window) {
    return LoadRun.run(op, threads, warmup, window, call(op));
  }

  private IntConsumer call(String op) {
    return calls.computeIfAbsent(op, o -> SdkCalls.of(client, o));
  }

  @Override
  public void close() {
    client.close();
  }
}
