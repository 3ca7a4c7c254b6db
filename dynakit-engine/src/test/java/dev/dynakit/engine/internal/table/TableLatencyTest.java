package dev.dynakit.engine.internal.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynakit.engine.DynakitEngine;
import dev.dynakit.engine.JsonCalls;
import dev.dynakit.engine.ManualClock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Control-plane latency ({@code DynakitEngine.Builder.tableLatency}) under a manual clock. */
class TableLatencyTest {
  private static final Duration LATENCY = Duration.ofSeconds(2);
  private static final String NOT_FOUND =
      "com.amazonaws.dynamodb.v20120810#ResourceNotFoundException";
  private static final String IN_USE = "com.amazonaws.dynamodb.v20120810#ResourceInUseException";
  private static final String PUT =
      "{'TableName':'tab','Item':{'pk':{'S':'a'},'g':{'S':'x'},'n':{'S':'y'}}}";

  private final ManualClock clock = new ManualClock(Instant.parse("2026-01-01T00:00:00Z"));
  private final DynakitEngine engine =
      DynakitEngine.builder().clock(clock).tableLatency(LATENCY).build();
  private final JsonCalls calls = new JsonCalls(engine);

  @AfterEach
  void close() {
    engine.close();
  }

  @SuppressWarnings("unchecked")
  private Map<String, Object> describe() {
    return (Map<String, Object>)
        calls.call("DescribeTable", "{'TableName':'tab'}").ok().body().get("Table");
  }

  @SuppressWarnings("unchecked")
  private List<String> indexStatuses() {
    Object gsis = describe().get("GlobalSecondaryIndexes");
    return gsis == null
        ? List.of()
        : ((List<Map<String, Object>>) gsis)
            .stream().map(g -> g.get("IndexName") + " " + g.get("IndexStatus")).toList();
  }

  private static void refused(JsonCalls.Answer a, String type, String message) {
    assertThat(a.status()).as(a.body().toString()).isEqualTo(400);
    assertThat(a.body()).containsEntry("__type", type).containsEntry("message", message);
  }

  private void createTwoGsiTable() {
    calls
        .call(
            "CreateTable",
            "{'TableName':'tab','BillingMode':'PAY_PER_REQUEST','AttributeDefinitions':["
                + "{'AttributeName':'pk','AttributeType':'S'},{'AttributeName':'g','AttributeType':'S'},"
                + "{'AttributeName':'n','AttributeType':'S'}],"
                + "'KeySchema':[{'AttributeName':'pk','KeyType':'HASH'}],'GlobalSecondaryIndexes':["
                + "{'IndexName':'byG','KeySchema':[{'AttributeName':'g','KeyType':'HASH'}],"
                + "'Projection':{'ProjectionType':'ALL'}},"
                + "{'IndexName':'byN','KeySchema':[{'AttributeName':'n','KeyType':'HASH'}],"
                + "'Projection':{'ProjectionType':'KEYS_ONLY'}}]}")
        .ok();
  }

  @Test
  @SuppressWarnings("unchecked")
  void createTable_isCreatingWithItsGsis_untilTheLatencyHasPassed() {
    createTwoGsiTable();

    Map<String, Object> table = describe();
    assertThat(table).containsEntry("TableStatus", "CREATING");
    assertThat(indexStatuses()).containsExactly("byG CREATING", "byN CREATING");
    // DynamoDB reports Backfilling only for an index UpdateTable adds
    assertThat((List<Map<String, Object>>) table.get("GlobalSecondaryIndexes"))
        .allSatisfy(g -> assertThat(g).doesNotContainKey("Backfilling"));
    clock.advance(LATENCY.minusMillis(1));
    assertThat(describe()).containsEntry("TableStatus", "CREATING");
    clock.advance(Duration.ofMillis(1));
    assertThat(describe()).containsEntry("TableStatus", "ACTIVE");
    assertThat(indexStatuses()).containsExactly("byG ACTIVE", "byN ACTIVE");
  }

  @Test
  void itemRequestsBeforeActive_areRefusedAsDynamoDbRefusesThem() {
    createTwoGsiTable();

    String message = "Requested resource not found";
    refused(calls.call("PutItem", PUT), NOT_FOUND, message);
    refused(
        calls.call("GetItem", "{'TableName':'tab','Key':{'pk':{'S':'a'}}}"), NOT_FOUND, message);
    refused(calls.call("Scan", "{'TableName':'tab'}"), NOT_FOUND, message);
    refused(
        calls.call(
            "BatchWriteItem",
            "{'RequestItems':{'tab':[{'PutRequest':{'Item':{'pk':{'S':'a'}}}}]}}"),
        NOT_FOUND,
        message);
    refused(
        calls.call(
            "TransactWriteItems",
            "{'TransactItems':[{'Put':{'TableName':'tab','Item':{'pk':{'S':'a'}}}}]}"),
        NOT_FOUND,
        message);
    clock.advance(LATENCY);
    calls.call("PutItem", PUT).ok();
  }

  @Test
  void aChangeBeforeActive_isRefusedAsInUse() {
    createTwoGsiTable();

    refused(
        calls.call("DeleteTable", "{'TableName':'tab'}"),
        IN_USE,
        "Attempt to change a resource which is still in use: Table is being created: tab");
    refused(
        calls.call("UpdateTable", "{'TableName':'tab','DeletionProtectionEnabled':true}"),
        IN_USE,
        "Attempt to change a resource which is still in use: Table is being created: tab");
  }

  @Test
  void updateTable_isUpdating_stillServesItems_andRefusesAnotherChange() {
    createTwoGsiTable();
    clock.advance(LATENCY);

    Map<String, Object> answer =
        calls
            .call(
                "UpdateTable",
                "{'TableName':'tab','BillingMode':'PROVISIONED','ProvisionedThroughput':"
                    + "{'ReadCapacityUnits':5,'WriteCapacityUnits':5},"
                    + "'GlobalSecondaryIndexUpdates':["
                    + "{'Update':{'IndexName':'byG','ProvisionedThroughput':"
                    + "{'ReadCapacityUnits':1,'WriteCapacityUnits':1}}},"
                    + "{'Update':{'IndexName':'byN','ProvisionedThroughput':"
                    + "{'ReadCapacityUnits':1,'WriteCapacityUnits':1}}}]}")
            .ok()
            .body();
    assertThat((Map<String, Object>) answer.get("TableDescription"))
        .containsEntry("TableStatus", "UPDATING");
    calls.call("PutItem", PUT).ok();
    refused(
        calls.call("UpdateTable", "{'TableName':'tab','DeletionProtectionEnabled':true}"),
        IN_USE,
        "Attempt to change a resource which is still in use: Table is being updated: tab");
    clock.advance(LATENCY);
    assertThat(describe()).containsEntry("TableStatus", "ACTIVE");
  }

  @Test
  void updateTableAddingAGsi_showsUpdatingAndCreating_thenActive() {
    createTwoGsiTable();
    clock.advance(LATENCY);

    calls
        .call(
            "UpdateTable",
            "{'TableName':'tab','AttributeDefinitions':[{'AttributeName':'h','AttributeType':'S'}],"
                + "'GlobalSecondaryIndexUpdates':[{'Create':{'IndexName':'byH','KeySchema':"
                + "[{'AttributeName':'h','KeyType':'HASH'}],'Projection':{'ProjectionType':'ALL'}}}]}")
        .ok();

    assertThat(describe()).containsEntry("TableStatus", "UPDATING");
    assertThat(indexStatuses()).containsExactly("byG ACTIVE", "byN ACTIVE", "byH CREATING");
    calls
        .call(
            "Query",
            "{'TableName':'tab','IndexName':'byH','KeyConditionExpression':'h = :h',"
                + "'ExpressionAttributeValues':{':h':{'S':'x'}}}")
        .invalid("Cannot read from backfilling global secondary index: byH");
    clock.advance(LATENCY);
    // an empty table's new index needs no backfill: ACTIVE at the end of the latency
    assertThat(describe()).containsEntry("TableStatus", "ACTIVE");
    assertThat(indexStatuses()).containsExactly("byG ACTIVE", "byN ACTIVE", "byH ACTIVE");
  }

  @Test
  void updateTableDeletingAGsi_showsItDeleting_thenItIsGone() {
    createTwoGsiTable();
    clock.advance(LATENCY);
    calls.call("PutItem", PUT).ok();

    calls
        .call(
            "UpdateTable",
            "{'TableName':'tab','GlobalSecondaryIndexUpdates':[{'Delete':{'IndexName':'byG'}}]}")
        .ok();

    assertThat(describe()).containsEntry("TableStatus", "UPDATING");
    assertThat(indexStatuses()).containsExactly("byG DELETING", "byN ACTIVE");
    clock.advance(LATENCY);
    assertThat(describe()).containsEntry("TableStatus", "ACTIVE");
    assertThat(indexStatuses()).containsExactly("byN ACTIVE");
    calls
        .call(
            "Query",
            "{'TableName':'tab','IndexName':'byG','KeyConditionExpression':'g = :g',"
                + "'ExpressionAttributeValues':{':g':{'S':'x'}}}")
        .invalid("The table does not have the specified index: byG");
  }

  @Test
  void deleteTable_isDeleting_refusesItems_thenTheTableIsGone() {
    createTwoGsiTable();
    clock.advance(LATENCY);
    calls.call("PutItem", PUT).ok();

    Map<String, Object> answer = calls.call("DeleteTable", "{'TableName':'tab'}").ok().body();
    assertThat((Map<String, Object>) answer.get("TableDescription"))
        .containsEntry("TableStatus", "DELETING");
    assertThat(describe()).containsEntry("TableStatus", "DELETING");
    refused(calls.call("PutItem", PUT), NOT_FOUND, "Requested resource not found");
    refused(
        calls.call("DeleteTable", "{'TableName':'tab'}"),
        IN_USE,
        "Attempt to change a resource which is still in use: Table is being deleted: tab");
    refused(
        calls.call(
            "CreateTable",
            "{'TableName':'tab','BillingMode':'PAY_PER_REQUEST','AttributeDefinitions':"
                + "[{'AttributeName':'pk','AttributeType':'S'}],"
                + "'KeySchema':[{'AttributeName':'pk','KeyType':'HASH'}]}"),
        IN_USE,
        "Table already exists: tab");
    clock.advance(LATENCY);
    refused(
        calls.call("DescribeTable", "{'TableName':'tab'}"),
        NOT_FOUND,
        "Requested resource not found: Table: tab not found");
  }

  @Test
  void aRecreatedTable_startsEmpty() {
    createTwoGsiTable();
    clock.advance(LATENCY);
    calls.call("PutItem", PUT).ok();
    calls.call("DeleteTable", "{'TableName':'tab'}").ok();
    clock.advance(LATENCY);
    createTwoGsiTable();
    clock.advance(LATENCY);

    assertThat(calls.call("Scan", "{'TableName':'tab'}").ok().body()).containsEntry("Count", 0L);
  }

  @Test
  void aNegativeLatency_isRefused() {
    assertThatThrownBy(() -> DynakitEngine.builder().tableLatency(Duration.ofMillis(-1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("tableLatency must not be negative");
  }
}
