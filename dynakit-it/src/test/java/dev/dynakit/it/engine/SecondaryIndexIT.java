package dev.dynakit.it.engine;

import static dev.dynakit.it.engine.EngineErrors.assertError;
import static dev.dynakit.it.engine.IndexedTables.TABLE;
import static dev.dynakit.it.engine.IndexedTables.indexItemCount;
import static dev.dynakit.it.engine.Items.item;
import static dev.dynakit.it.engine.Items.n;
import static dev.dynakit.it.engine.Items.s;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Capacity;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

/**
 * Secondary indices through the SDK: sparse membership, projections, multi-attribute keys, entries
 * kept in step with puts, updates and deletes, invalid index keys refused, write capacity per
 * index.
 */
@ParameterizedClass
@EnumSource(EngineSetup.class)
class SecondaryIndexIT {
  @Parameter EngineSetup setup;
  EngineFixture fx;

  @BeforeEach
  void setUp() {
    fx = new EngineFixture(setup);
    IndexedTables.createPeople(fx.client);
  }

  @AfterEach
  void tearDown() {
    fx.close();
  }

  private void put(Map<String, AttributeValue> item) {
    fx.client.putItem(b -> b.tableName(TABLE).item(item));
  }

  private List<Map<String, AttributeValue>> byStatus(String index, String status) {
    return IndexedTables.query(
        fx.client, TABLE, index, "#s = :s", Map.of(":s", s(status)), Map.of("#s", "status"));
  }

  private Map<String, AttributeValue> key(String pk, String sk) {
    return item("pk", pk, "sk", sk);
  }

  @Test
  void put_sparse_onlyItemsWithTheIndexKeysAreInTheIndex() {
    put(item("pk", "a", "sk", "1", "status", "open", "rank", 1, "age", 30));
    put(item("pk", "a", "sk", "2", "status", "open"));
    put(item("pk", "a", "sk", "3", "name", "no index keys"));
    assertThat(byStatus("byStatus", "open")).extracting(i -> i.get("sk").s()).containsExactly("1");
    assertThat(byStatus("byStatusKeys", "open"))
        .extracting(i -> i.get("sk").s())
        .containsExactlyInAnyOrder("1", "2");
    assertThat(
            IndexedTables.query(
                fx.client, TABLE, "byAge", "pk = :p", Map.of(":p", s("a")), Map.of()))
        .extracting(i -> i.get("sk").s())
        .containsExactly("1");
    assertThat(indexItemCount(fx.client, TABLE, "byStatus")).isEqualTo(1);
    assertThat(indexItemCount(fx.client, TABLE, "byStatusKeys")).isEqualTo(2);
    assertThat(indexItemCount(fx.client, TABLE, "byAge")).isEqualTo(1);
    assertThat(indexItemCount(fx.client, TABLE, "byPlace")).isZero();
  }

  @Test
  void put_projections_allKeysOnlyInclude() {
    Map<String, AttributeValue> full =
        item("pk", "a", "sk", "1", "status", "open", "rank", 2, "email", "a@x", "note", "n");
    put(full);
    assertThat(byStatus("byStatus", "open")).containsExactly(full);
    assertThat(byStatus("byStatusKeys", "open"))
        .containsExactly(item("pk", "a", "sk", "1", "status", "open"));
    assertThat(byStatus("byStatusMail", "open"))
        .containsExactly(item("pk", "a", "sk", "1", "status", "open", "email", "a@x"));
  }

  @Test
  void put_multiAttributeKey_isQueriedByAllPartitionAttributes() {
    put(item("pk", "a", "sk", "1", "region", "eu", "country", "fr", "city", "Lyon", "zip", 69001));
    put(item("pk", "b", "sk", "1", "region", "eu", "country", "fr", "city", "Lyon", "zip", 69002));
    put(item("pk", "c", "sk", "1", "region", "eu", "country", "de", "city", "Bonn", "zip", 53111));
    // sparse: without zip the item is not in the index
    put(item("pk", "d", "sk", "1", "region", "eu", "country", "fr", "city", "Lyon"));
    List<Map<String, AttributeValue>> lyon =
        IndexedTables.query(
            fx.client,
            TABLE,
            "byPlace",
            "#r = :r AND country = :c AND city = :city",
            Map.of(":r", s("eu"), ":c", s("fr"), ":city", s("Lyon")),
            Map.of("#r", "region"));
    assertThat(lyon).extracting(i -> i.get("pk").s()).containsExactly("a", "b");
    assertThat(lyon.get(0))
        .containsOnlyKeys("pk", "sk", "region", "country", "city", "zip")
        .containsEntry("zip", n("69001"));
    assertThat(indexItemCount(fx.client, TABLE, "byPlace")).isEqualTo(3);
  }

  @Test
  void put_wrongIndexKeyType_isRefusedAndNothingIsWritten() {
    assertError(
        () -> put(item("pk", "a", "sk", "1", "status", 5)),
        "ValidationException",
        "One or more parameter values were invalid: Type mismatch for Index Key status Expected:"
            + " S Actual: N IndexName: ");
    assertError(
        () -> put(item("pk", "a", "sk", "1", "age", "old")),
        "ValidationException",
        "One or more parameter values were invalid: Type mismatch for Index Key age Expected: N"
            + " Actual: S IndexName: byAge");
    assertError(
        () -> put(item("pk", "a", "sk", "1", "status", "")),
        "ValidationException",
        "A value specified for a secondary index key is not supported. The AttributeValue for a key"
            + " attribute cannot contain an empty string value. IndexName: ");
    assertThat(fx.client.getItem(b -> b.tableName(TABLE).key(key("a", "1"))).hasItem()).isFalse();
    assertThat(indexItemCount(fx.client, TABLE, "byStatusKeys")).isZero();

    put(item("pk", "a", "sk", "1", "status", "open"));
    assertError(
        () ->
            fx.client.updateItem(
                b ->
                    b.tableName(TABLE)
                        .key(key("a", "1"))
                        .updateExpression("SET #s = :v, note = :n")
                        .expressionAttributeNames(Map.of("#s", "status"))
                        .expressionAttributeValues(Map.of(":v", n("1"), ":n", s("x")))),
        "ValidationException",
        "Type mismatch for Index Key status Expected: S Actual: N");
    assertThat(fx.client.getItem(b -> b.tableName(TABLE).key(key("a", "1"))).item())
        .isEqualTo(item("pk", "a", "sk", "1", "status", "open"));
    assertThat(byStatus("byStatusKeys", "open")).hasSize(1);
  }

  @Test
  void update_keyChangeRemovalAndDelete_keepTheIndexInStep() {
    put(item("pk", "a", "sk", "1", "status", "open", "rank", 1, "email", "e1"));
    fx.client.updateItem(
        b ->
            b.tableName(TABLE)
                .key(key("a", "1"))
                .updateExpression("SET #s = :v")
                .expressionAttributeNames(Map.of("#s", "status"))
                .expressionAttributeValues(Map.of(":v", s("closed"))));
    assertThat(byStatus("byStatus", "open")).isEmpty();
    assertThat(byStatus("byStatus", "closed"))
        .extracting(i -> i.get("sk").s())
        .containsExactly("1");
    assertThat(byStatus("byStatusMail", "closed"))
        .containsExactly(item("pk", "a", "sk", "1", "status", "closed", "email", "e1"));

    // removing an attribute of the index key takes the item out of that index only
    fx.client.updateItem(
        b ->
            b.tableName(TABLE)
                .key(key("a", "1"))
                .updateExpression("REMOVE #r")
                .expressionAttributeNames(Map.of("#r", "rank")));
    assertThat(byStatus("byStatus", "closed")).isEmpty();
    assertThat(byStatus("byStatusKeys", "closed")).hasSize(1);
    assertThat(indexItemCount(fx.client, TABLE, "byStatus")).isZero();

    // a projected non-key attribute follows the item
    fx.client.updateItem(
        b ->
            b.tableName(TABLE)
                .key(key("a", "1"))
                .updateExpression("SET email = :e")
                .expressionAttributeValues(Map.of(":e", s("e2"))));
    assertThat(byStatus("byStatusMail", "closed").get(0)).containsEntry("email", s("e2"));

    fx.client.deleteItem(b -> b.tableName(TABLE).key(key("a", "1")));
    assertThat(byStatus("byStatusKeys", "closed")).isEmpty();
    assertThat(byStatus("byStatusMail", "closed")).isEmpty();
    assertThat(indexItemCount(fx.client, TABLE, "byStatusKeys")).isZero();
  }

  private static double units(Map<String, Capacity> byIndex, String index) {
    return byIndex.get(index).capacityUnits();
  }

  @Test
  void returnConsumedCapacity_indexes_reportsWriteUnitsPerIndex() {
    ConsumedCapacity c =
        fx.client
            .putItem(
                b ->
                    b.tableName(TABLE)
                        .item(
                            item(
                                "pk",
                                "a",
                                "sk",
                                "1",
                                "status",
                                "open",
                                "rank",
                                1,
                                "age",
                                3,
                                "big",
                                "x".repeat(1500)))
                        .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES))
            .consumedCapacity();
    // the item is 1.5 KB: 2 units in the table and in the ALL index, 1 in each KEYS_ONLY one
    assertThat(c.table().capacityUnits()).isEqualTo(2.0);
    assertThat(c.globalSecondaryIndexes())
        .containsOnlyKeys("byStatus", "byStatusKeys", "byStatusMail");
    assertThat(units(c.globalSecondaryIndexes(), "byStatus")).isEqualTo(2.0);
    assertThat(units(c.globalSecondaryIndexes(), "byStatusKeys")).isEqualTo(1.0);
    assertThat(units(c.localSecondaryIndexes(), "byAge")).isEqualTo(1.0);
    assertThat(c.capacityUnits()).isEqualTo(7.0);

    // a key change costs a delete and a put; an index the update does not touch costs nothing
    c =
        fx.client
            .updateItem(
                b ->
                    b.tableName(TABLE)
                        .key(key("a", "1"))
                        .updateExpression("SET #s = :v REMOVE big")
                        .expressionAttributeNames(Map.of("#s", "status"))
                        .expressionAttributeValues(Map.of(":v", s("closed")))
                        .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES))
            .consumedCapacity();
    assertThat(units(c.globalSecondaryIndexes(), "byStatusKeys")).isEqualTo(2.0);
    assertThat(units(c.globalSecondaryIndexes(), "byStatusMail")).isEqualTo(2.0);
    assertThat(units(c.globalSecondaryIndexes(), "byStatus")).isEqualTo(3.0);
    assertThat(c.hasLocalSecondaryIndexes()).isFalse();

    c =
        fx.client
            .updateItem(
                b ->
                    b.tableName(TABLE)
                        .key(key("a", "1"))
                        .updateExpression("SET note = :n")
                        .expressionAttributeValues(Map.of(":n", s("x")))
                        .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES))
            .consumedCapacity();
    assertThat(c.globalSecondaryIndexes()).containsOnlyKeys("byStatus");
    assertThat(c.hasLocalSecondaryIndexes()).isFalse();

    c =
        fx.client
            .deleteItem(
                b ->
                    b.tableName(TABLE)
                        .key(key("a", "1"))
                        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL))
            .consumedCapacity();
    // the table and the four entries the item has
    assertThat(c.capacityUnits()).isEqualTo(5.0);
    assertThat(c.hasGlobalSecondaryIndexes()).isFalse();
  }
}
