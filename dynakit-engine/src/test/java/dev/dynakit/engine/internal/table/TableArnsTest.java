package dev.dynakit.engine.internal.table;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** How an answer names the tables a request named by ARN. */
class TableArnsTest {
  private static final String PREFIX = "arn:aws:dynamodb:us-east-1:000000000000:table/";
  private final TableArns arns = new TableArns("us-east-1", "000000000000");

  @Test
  void aRequestWithoutArns_isLeftAlone() {
    assertThat(arns.resolve(Map.of("TableName", "users"))).isNull();
    assertThat(arns.resolve(Map.of("RequestItems", Map.of("users", List.of())))).isNull();
  }

  @Test
  void aSingleItemAnswer_keepsItsItemCollectionMetricsAsTheyAre() {
    // a table may be named like a member of the metrics: only batch and transaction answers have
    // maps keyed by table
    String name = "SizeEstimateRangeGB";
    TableArns.Resolved resolved = arns.resolve(Map.of("TableName", PREFIX + name));
    assertThat(resolved.request()).containsEntry("TableName", name);
    Map<String, Object> metrics =
        Map.of("ItemCollectionKey", Map.of(), "SizeEstimateRangeGB", List.of(0.0, 1.0));
    Object answer =
        resolved.restore(
            Map.of(
                "ItemCollectionMetrics",
                metrics,
                "ConsumedCapacity",
                Map.of("TableName", name, "CapacityUnits", 1.0)));
    assertThat(answer)
        .isEqualTo(
            Map.of(
                "ItemCollectionMetrics",
                metrics,
                "ConsumedCapacity",
                Map.of("TableName", PREFIX + name, "CapacityUnits", 1.0)));
  }

  @Test
  void aBatchAnswer_isKeyedByTheArnsItWasAskedWith() {
    TableArns.Resolved resolved =
        arns.resolve(
            Map.of("RequestItems", Map.of(PREFIX + "users", List.of(), "events", List.of())));
    @SuppressWarnings("unchecked")
    Map<String, Object> items = (Map<String, Object>) resolved.request().get("RequestItems");
    assertThat(items).containsOnlyKeys("users", "events");
    Object answer =
        resolved.restore(
            Map.of(
                "Responses",
                Map.of("users", List.of(), "events", List.of()),
                "ItemCollectionMetrics",
                Map.of("users", List.of())));
    assertThat(answer)
        .isEqualTo(
            Map.of(
                "Responses",
                Map.of(PREFIX + "users", List.of(), "events", List.of()),
                "ItemCollectionMetrics",
                Map.of(PREFIX + "users", List.of())));
  }
}
