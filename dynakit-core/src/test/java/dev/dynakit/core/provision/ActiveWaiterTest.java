package dev.dynakit.core.provision;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableResponse;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;

class ActiveWaiterTest {
  private static final ActiveWaiter FAST =
      new ActiveWaiter(Duration.ofSeconds(5), Duration.ofMillis(1), Duration.ofMillis(4));

  /** A client whose DescribeTable answers from a script, repeating the last answer. */
  private static final class Scripted implements DynamoDbClient {
    private final Deque<Object> answers = new ArrayDeque<>();
    int calls;

    Scripted(Object... answers) {
      this.answers.addAll(List.of(answers));
    }

    @Override
    public DescribeTableResponse describeTable(DescribeTableRequest request) {
      calls++;
      Object answer = answers.size() > 1 ? answers.poll() : answers.peek();
      if (answer instanceof RuntimeException) {
        throw (RuntimeException) answer;
      }
      return DescribeTableResponse.builder().table((TableDescription) answer).build();
    }

    @Override
    public String serviceName() {
      return "dynamodb";
    }

    @Override
    public void close() {}
  }

  private static TableDescription table(String status, String... indexStatuses) {
    TableDescription.Builder b = TableDescription.builder().tableName("t").tableStatus(status);
    GlobalSecondaryIndexDescription[] indices =
        new GlobalSecondaryIndexDescription[indexStatuses.length];
    for (int i = 0; i < indexStatuses.length; i++) {
      indices[i] =
          GlobalSecondaryIndexDescription.builder()
              .indexName("g" + i)
              .indexStatus(indexStatuses[i])
              .build();
    }
    return b.globalSecondaryIndexes(indices).build();
  }

  @Test
  void await_pollsUntilTheTableAndEveryIndexAreActive() {
    Scripted dynamo =
        new Scripted(
            ResourceNotFoundException.builder().message("not yet").build(),
            table("CREATING"),
            table("ACTIVE", "CREATING"),
            table("ACTIVE", "ACTIVE", "UPDATING"),
            table("ACTIVE", "ACTIVE", "ACTIVE"));

    FAST.await(dynamo, "t", null);

    assertThat(dynamo.calls).isEqualTo(5);
  }

  @Test
  void await_forANamedIndex_waitsUntilItIsVisible() {
    Scripted dynamo =
        new Scripted(table("ACTIVE"), table("ACTIVE", "CREATING"), table("ACTIVE", "ACTIVE"));

    FAST.await(dynamo, "t", "g0");

    assertThat(dynamo.calls).isEqualTo(3);
  }

  @Test
  void await_givesUpAfterTheTimeout_sayingWhatIsNotReady() {
    Scripted dynamo = new Scripted(table("UPDATING", "ACTIVE", "CREATING"));
    ActiveWaiter brief =
        new ActiveWaiter(Duration.ofMillis(200), Duration.ofMillis(1), Duration.ofMillis(5));

    long start = System.nanoTime();
    assertThatThrownBy(() -> brief.await(dynamo, "t", null))
        .isInstanceOf(ProvisioningException.class)
        .hasMessage(
            "table 't' is not ready after 0s (status UPDATING, GSI g1 CREATING); ensure stopped"
                + " there and can be run again");
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(2));
    assertThat(dynamo.calls).isGreaterThan(2);
  }

  @Test
  void await_interrupted_stopsAndKeepsTheInterrupt() {
    Scripted dynamo = new Scripted(table("CREATING"));
    Thread.currentThread().interrupt();
    try {
      assertThatThrownBy(() -> FAST.await(dynamo, "t", null))
          .isInstanceOf(ProvisioningException.class)
          .hasMessage("interrupted while waiting for table 't' to become ACTIVE");
      assertThat(Thread.currentThread().isInterrupted()).isTrue();
    } finally {
      Thread.interrupted();
    }
  }
}
