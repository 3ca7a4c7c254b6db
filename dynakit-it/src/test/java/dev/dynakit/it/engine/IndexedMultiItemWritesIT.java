package dev.dynakit.it.engine;

import static dev.dynakit.it.engine.EngineErrors.assertError;
import static dev.dynakit.it.engine.IndexedTables.TABLE;
import static dev.dynakit.it.engine.IndexedTables.indexItemCount;
import static dev.dynakit.it.engine.Items.item;
import static dev.dynakit.it.engine.Items.n;
import static dev.dynakit.it.engine.Items.s;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.dynakit.engine.DynakitEngine;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.DeleteRequest;
import software.amazon.awssdk.services.dynamodb.model.ItemCollectionMetrics;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ReturnItemCollectionMetrics;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.Update;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * Batches, transactions and TTL expiry on a table with secondary indices: the index entries change
 * in the same atomic step as the items, refused or cancelled requests leave the indices as they
 * were, and expired items leave their indices.
 */
@ParameterizedClass
@EnumSource(EngineSetup.class)
class IndexedMultiItemWritesIT {
  private static final Instant NOW = Instant.parse("2026-03-04T05:06:07Z");

  @Parameter EngineSetup setup;
  EngineFixture fx;

  @BeforeEach
  void setUp() {
    // the test sweeps expired items itself, at a time of its clock: no background sweep comes
    fx =
        new EngineFixture(
            setup,
            DynakitEngine.builder()
                .clock(new MovableClock(NOW))
                .ttlSweepInterval(Duration.ofDays(1)));
    IndexedTables.createPeople(fx.client);
  }

  @AfterEach
  void tearDown() {
    fx.close();
  }

  private List<String> withStatus(String status) {
    return IndexedTables.query(
            fx.client,
            TABLE,
            "byStatusKeys",
            "#s = :s",
            Map.of(":s", s(status)),
            Map.of("#s", "status"))
        .stream()
        .map(i -> i.get("pk").s() + "/" + i.get("sk").s())
        .sorted()
        .toList();
  }

  private static WriteRequest put(Map<String, AttributeValue> item) {
    return WriteRequest.builder().putRequest(PutRequest.builder().item(item).build()).build();
  }

  private static TransactWriteItem setStatus(String pk, String sk, AttributeValue status) {
    return TransactWriteItem.builder()
        .update(
            Update.builder()
                .tableName(TABLE)
                .key(item("pk", pk, "sk", sk))
                .updateExpression("SET #s = :s")
                .expressionAttributeNames(Map.of("#s", "status"))
                .expressionAttributeValues(Map.of(":s", status))
                .build())
        .build();
  }

  @Test
  void batchWrite_updatesTheIndices_andReportsTheirUnitsAndCollections() {
    BatchWriteItemResponse r =
        fx.client.batchWriteItem(
            b ->
                b.requestItems(
                        Map.of(
                            TABLE,
                            List.of(
                                put(item("pk", "a", "sk", "1", "status", "open", "age", 30)),
                                put(item("pk", "a", "sk", "2", "status", "open")),
                                put(item("pk", "b", "sk", "1", "status", "closed")))))
                    .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)
                    .returnItemCollectionMetrics(ReturnItemCollectionMetrics.SIZE));
    assertThat(withStatus("open")).containsExactly("a/1", "a/2");
    assertThat(withStatus("closed")).containsExactly("b/1");
    ConsumedCapacity c = r.consumedCapacity().get(0);
    assertThat(c.table().capacityUnits()).isEqualTo(3.0);
    assertThat(c.globalSecondaryIndexes().get("byStatusKeys").capacityUnits()).isEqualTo(3.0);
    assertThat(c.localSecondaryIndexes().get("byAge").capacityUnits()).isEqualTo(1.0);
    List<ItemCollectionMetrics> metrics = r.itemCollectionMetrics().get(TABLE);
    assertThat(metrics).hasSize(3);
    assertThat(metrics.get(0).itemCollectionKey()).isEqualTo(Map.of("pk", s("a")));
    assertThat(metrics.get(0).sizeEstimateRangeGB()).containsExactly(0.0, 1.0);

    fx.client.batchWriteItem(
        b ->
            b.requestItems(
                Map.of(
                    TABLE,
                    List.of(
                        WriteRequest.builder()
                            .deleteRequest(
                                DeleteRequest.builder().key(item("pk", "a", "sk", "1")).build())
                            .build(),
                        put(item("pk", "b", "sk", "1", "status", "open"))))));
    assertThat(withStatus("open")).containsExactly("a/2", "b/1");
    assertThat(withStatus("closed")).isEmpty();
    assertThat(indexItemCount(fx.client, TABLE, "byAge")).isZero();
  }

  @Test
  void batchWrite_invalidIndexKey_writesNothing() {
    assertError(
        () ->
            fx.client.batchWriteItem(
                b ->
                    b.requestItems(
                        Map.of(
                            TABLE,
                            List.of(
                                put(item("pk", "a", "sk", "1", "status", "open")),
                                put(item("pk", "a", "sk", "2", "status", 7)))))),
        "ValidationException",
        "Type mismatch for Index Key status Expected: S Actual: N");
    assertThat(withStatus("open")).isEmpty();
    assertThat(indexItemCount(fx.client, TABLE, "byStatusKeys")).isZero();
  }

  @Test
  void transactWrite_doublesTheTablesUnitsOnly() {
    // the same put as the batch's first: a transaction charges the table twice its plain units,
    // and each index what the write costs it outside a transaction
    var r =
        fx.client.transactWriteItems(
            b ->
                b.transactItems(
                        TransactWriteItem.builder()
                            .put(
                                Put.builder()
                                    .tableName(TABLE)
                                    .item(item("pk", "a", "sk", "1", "status", "open", "age", 30))
                                    .build())
                            .build())
                    .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES));
    ConsumedCapacity c = r.consumedCapacity().get(0);
    assertThat(c.table().capacityUnits()).isEqualTo(2.0);
    assertThat(c.globalSecondaryIndexes().get("byStatusKeys").capacityUnits()).isEqualTo(1.0);
    assertThat(c.localSecondaryIndexes().get("byAge").capacityUnits()).isEqualTo(1.0);
    double indices =
        c.globalSecondaryIndexes().values().stream().mapToDouble(u -> u.capacityUnits()).sum()
            + c.localSecondaryIndexes().values().stream().mapToDouble(u -> u.capacityUnits()).sum();
    assertThat(indices).isEqualTo(c.globalSecondaryIndexes().size() + 1.0);
    assertThat(c.capacityUnits()).isEqualTo(2.0 + indices);
    assertThat(c.writeCapacityUnits()).isEqualTo(2.0 + indices);
  }

  @Test
  void transactWrite_movesIndexEntriesAtomically() {
    fx.client.putItem(b -> b.tableName(TABLE).item(item("pk", "a", "sk", "1", "status", "open")));
    fx.client.putItem(b -> b.tableName(TABLE).item(item("pk", "b", "sk", "1", "status", "open")));
    fx.client.transactWriteItems(
        b ->
            b.transactItems(
                setStatus("a", "1", s("closed")),
                TransactWriteItem.builder()
                    .put(
                        Put.builder()
                            .tableName(TABLE)
                            .item(item("pk", "c", "sk", "1", "status", "closed"))
                            .build())
                    .build()));
    assertThat(withStatus("open")).containsExactly("b/1");
    assertThat(withStatus("closed")).containsExactly("a/1", "c/1");

    // A failed condition anywhere leaves every index as it was.
    Throwable t =
        catchThrowable(
            () ->
                fx.client.transactWriteItems(
                    b ->
                        b.transactItems(
                            setStatus("b", "1", s("closed")),
                            TransactWriteItem.builder()
                                .update(
                                    Update.builder()
                                        .tableName(TABLE)
                                        .key(item("pk", "c", "sk", "1"))
                                        .updateExpression("SET #s = :s")
                                        .conditionExpression("#s = :open")
                                        .expressionAttributeNames(Map.of("#s", "status"))
                                        .expressionAttributeValues(
                                            Map.of(":s", s("open"), ":open", s("open")))
                                        .build())
                                .build())));
    assertThat(t).isInstanceOf(TransactionCanceledException.class);
    assertThat(withStatus("open")).containsExactly("b/1");
    assertThat(withStatus("closed")).containsExactly("a/1", "c/1");

    // An update giving an index key the wrong type cancels with a ValidationError.
    t =
        catchThrowable(
            () ->
                fx.client.transactWriteItems(
                    b ->
                        b.transactItems(
                            setStatus("b", "1", n("5")), setStatus("a", "1", s("open")))));
    assertThat(t).isInstanceOf(TransactionCanceledException.class);
    var reasons = ((TransactionCanceledException) t).cancellationReasons();
    assertThat(reasons.get(0).code()).isEqualTo("ValidationError");
    assertThat(reasons.get(0).message()).contains("Type mismatch for Index Key status");
    assertThat(reasons.get(1).code()).isEqualTo("None");
    assertThat(withStatus("open")).containsExactly("b/1");
  }

  @Test
  void expiredItems_leaveTheirIndices() {
    fx.client.updateTimeToLive(
        b -> b.tableName(TABLE).timeToLiveSpecification(t -> t.enabled(true).attributeName("ttl")));
    long past = NOW.getEpochSecond() - 60;
    fx.client.putItem(
        b ->
            b.tableName(TABLE)
                .item(item("pk", "a", "sk", "1", "status", "open", "age", 3, "ttl", past)));
    fx.client.putItem(
        b -> b.tableName(TABLE).item(item("pk", "a", "sk", "2", "status", "open", "age", 4)));
    assertThat(withStatus("open")).containsExactlyInAnyOrder("a/1", "a/2");

    assertThat(fx.engine.sweepExpiredItems()).isEqualTo(1);

    assertThat(withStatus("open")).containsExactly("a/2");
    assertThat(indexItemCount(fx.client, TABLE, "byAge")).isEqualTo(1);
    assertThat(
            IndexedTables.query(
                fx.client, TABLE, "byAge", "pk = :p", Map.of(":p", s("a")), Map.of()))
        .extracting(i -> i.get("sk").s())
        .containsExactly("2");
  }
}
