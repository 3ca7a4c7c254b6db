package dev.dynakit.core.provision;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;

/**
 * Polls DescribeTable until the table and every global secondary index are ACTIVE (and a named
 * index exists), with a delay that grows from {@code firstDelay} to {@code maxDelay}, for at most
 * {@code timeout}. DynamoDB refuses most changes to a table that is not ACTIVE and builds one GSI
 * at a time, so ensure waits before and after each step.
 */
record ActiveWaiter(Duration timeout, Duration firstDelay, Duration maxDelay) {
  static final ActiveWaiter DEFAULT =
      new ActiveWaiter(Duration.ofMinutes(30), Duration.ofMillis(50), Duration.ofSeconds(5));

  ActiveWaiter {
    if (timeout.isNegative() || firstDelay.isNegative() || maxDelay.compareTo(firstDelay) < 0) {
      throw new IllegalArgumentException(
          "timeout and delays must not be negative, maxDelay at least firstDelay");
    }
  }

  /**
   * Returns once the table is ACTIVE with every GSI ACTIVE and, if {@code index} is given, that
   * index present.
   *
   * @throws ProvisioningException when that takes longer than the timeout, or the thread is
   *     interrupted
   */
  void await(DynamoDbClient dynamo, String table, @Nullable String index) {
    long deadline = System.nanoTime() + timeout.toNanos();
    long delay = Math.max(1, firstDelay.toMillis());
    while (true) {
      String busy = busy(dynamo, table, index);
      if (busy == null) {
        return;
      }
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        throw new ProvisioningException(
            "table '"
                + table
                + "' is not ready after "
                + timeout.toSeconds()
                + "s ("
                + busy
                + "); ensure stopped there and can be run again",
            (ProvisioningPlan) null);
      }
      try {
        Thread.sleep(Math.min(delay, Math.max(1, left / 1_000_000)));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new ProvisioningException(
            "interrupted while waiting for table '" + table + "' to become ACTIVE", e);
      }
      delay = Math.min(delay * 2, Math.max(1, maxDelay.toMillis()));
    }
  }

  /** What is not ready yet, or null when all is. */
  private static @Nullable String busy(
      DynamoDbClient dynamo, String table, @Nullable String index) {
    TableDescription d;
    try {
      d = dynamo.describeTable(b -> b.tableName(table)).table();
    } catch (ResourceNotFoundException e) {
      // right after CreateTable, an eventually consistent DescribeTable may not see the table
      return "not visible yet";
    }
    List<String> busy = new ArrayList<>();
    if (!"ACTIVE".equals(d.tableStatusAsString())) {
      busy.add("status " + d.tableStatusAsString());
    }
    boolean found = index == null;
    for (GlobalSecondaryIndexDescription g : d.globalSecondaryIndexes()) {
      found |= g.indexName().equals(index);
      if (!"ACTIVE".equals(g.indexStatusAsString())) {
        busy.add("GSI " + g.indexName() + " " + g.indexStatusAsString());
      }
    }
    if (!found) {
      busy.add("GSI " + index + " not visible yet");
    }
    return busy.isEmpty() ? null : String.join(", ", busy);
  }
}
