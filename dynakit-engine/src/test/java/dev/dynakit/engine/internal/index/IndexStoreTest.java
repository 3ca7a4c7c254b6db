package dev.dynakit.engine.internal.index;

import static dev.dynakit.engine.internal.index.IndexFixture.item;
import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.engine.internal.value.AttrValue;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Index entries as the item operations leave them in the store, read back with the storage layout
 * the Query and Scan operations read.
 */
class IndexStoreTest {
  private static final String FULL =
      "{'pk':{'S':'a'},'sk':{'S':'1'},'g':{'S':'G'},'gs':{'N':'5'},'x':{'S':'X'},"
          + "'z':{'S':'Z'},'l':{'S':'L'},'m1':{'S':'p'},'m2':{'N':'7'},'m3':{'S':'q'},"
          + "'m4':{'B':'AQI='}}";

  private IndexFixture fx;

  @BeforeEach
  void setUp() {
    fx = new IndexFixture();
    fx.createIndexedTable();
  }

  @AfterEach
  void tearDown() {
    fx.close();
  }

  private static AttrValue s(String v) {
    return new AttrValue.S(v);
  }

  @SuppressWarnings("unchecked")
  private Map<String, Object> describedIndex(String name) {
    Map<String, Object> t = fx.call("DescribeTable", "{'TableName':'idx'}").ok().map("Table");
    for (String kind : List.of("GlobalSecondaryIndexes", "LocalSecondaryIndexes")) {
      for (Object o : (List<Object>) t.get(kind)) {
        Map<String, Object> i = (Map<String, Object>) o;
        if (i.get("IndexName").equals(name)) {
          return i;
        }
      }
    }
    throw new AssertionError("no index " + name);
  }

  @Test
  void putItem_storesProjectedEntriesInEveryIndex_andCountsThem() {
    fx.put("idx", FULL).ok();
    Map<String, AttrValue> full = item(FULL);
    assertThat(fx.entries("idx", "gAll"))
        .singleElement()
        .satisfies(
            e -> {
              assertThat(e.value()).isEqualTo(full);
              assertThat(e.key().partitionValues()).containsExactly(s("G"));
              assertThat(e.key().baseValues()).containsExactly(s("a"), s("1"));
            });
    assertThat(fx.entries("idx", "gKeys"))
        .singleElement()
        .satisfies(e -> assertThat(e.value()).containsOnlyKeys("pk", "sk", "g"));
    assertThat(fx.entries("idx", "gInc"))
        .singleElement()
        .satisfies(e -> assertThat(e.value()).containsOnlyKeys("pk", "sk", "g", "x"));
    assertThat(fx.entries("idx", "gMulti")).hasSize(1);
    assertThat(fx.entries("idx", "lsi"))
        .singleElement()
        .satisfies(e -> assertThat(e.key().sortValues()).containsExactly(s("L")));
    assertThat(describedIndex("gKeys"))
        .containsEntry("ItemCount", 1L)
        .containsEntry("IndexSizeBytes", 8L);
    assertThat(describedIndex("lsi")).containsEntry("ItemCount", 1L);
  }

  @Test
  void putItem_sparse_onlyIndicesWhoseKeysTheItemHas() {
    fx.put("idx", "{'pk':{'S':'a'},'sk':{'S':'1'},'g':{'S':'G'}}").ok();
    assertThat(fx.entries("idx", "gKeys")).hasSize(1);
    assertThat(fx.entries("idx", "gInc")).hasSize(1);
    assertThat(fx.entries("idx", "gAll")).isEmpty();
    assertThat(fx.entries("idx", "gMulti")).isEmpty();
    assertThat(fx.entries("idx", "lsi")).isEmpty();
    assertThat(describedIndex("gAll")).containsEntry("ItemCount", 0L);
  }

  @Test
  void putItem_wrongIndexKeyType_isRefusedAndNothingIsWritten() {
    fx.put("idx", "{'pk':{'S':'a'},'sk':{'S':'1'},'g':{'S':'G'},'gs':{'S':'five'}}")
        .refused(
            "ValidationException",
            "One or more parameter values were invalid: Type mismatch for Index Key gs Expected: N"
                + " Actual: S IndexName: gAll");
    assertThat(
            fx.call("GetItem", "{'TableName':'idx','Key':{'pk':{'S':'a'},'sk':{'S':'1'}}}")
                .ok()
                .body())
        .doesNotContainKey("Item");
    assertThat(fx.entries("idx", "gKeys")).isEmpty();
    assertThat(fx.table("idx").itemCount().get()).isZero();
  }

  @Test
  void updateItem_keyChangeRemovalAndDelete_keepEntriesInStep() {
    fx.put("idx", "{'pk':{'S':'a'},'sk':{'S':'1'},'g':{'S':'G1'},'x':{'S':'X'}}").ok();
    fx.call(
            "UpdateItem",
            "{'TableName':'idx','Key':{'pk':{'S':'a'},'sk':{'S':'1'}},"
                + "'UpdateExpression':'SET g = :g','ExpressionAttributeValues':{':g':{'S':'G2'}}}")
        .ok();
    assertThat(fx.entries("idx", "gInc"))
        .singleElement()
        .satisfies(
            e -> {
              assertThat(e.key().partitionValues()).containsExactly(s("G2"));
              assertThat(e.value()).containsEntry("g", s("G2")).containsEntry("x", s("X"));
            });
    // an update to a wrong type is refused and leaves item and entries as they were
    fx.call(
            "UpdateItem",
            "{'TableName':'idx','Key':{'pk':{'S':'a'},'sk':{'S':'1'}},"
                + "'UpdateExpression':'SET g = :g','ExpressionAttributeValues':{':g':{'N':'3'}}}")
        .refused(
            "ValidationException",
            "One or more parameter values were invalid: Type mismatch for Index Key g Expected: S"
                + " Actual: N IndexName: gAll");
    assertThat(fx.entries("idx", "gInc"))
        .singleElement()
        .satisfies(e -> assertThat(e.key().partitionValues()).containsExactly(s("G2")));

    fx.call(
            "UpdateItem",
            "{'TableName':'idx','Key':{'pk':{'S':'a'},'sk':{'S':'1'}},'UpdateExpression':'REMOVE g'}")
        .ok();
    assertThat(fx.entries("idx", "gInc")).isEmpty();
    assertThat(describedIndex("gInc"))
        .containsEntry("ItemCount", 0L)
        .containsEntry("IndexSizeBytes", 0L);

    fx.call(
            "UpdateItem",
            "{'TableName':'idx','Key':{'pk':{'S':'a'},'sk':{'S':'1'}},"
                + "'UpdateExpression':'SET l = :l','ExpressionAttributeValues':{':l':{'S':'L'}}}")
        .ok();
    assertThat(fx.entries("idx", "lsi")).hasSize(1);
    fx.call("DeleteItem", "{'TableName':'idx','Key':{'pk':{'S':'a'},'sk':{'S':'1'}}}").ok();
    assertThat(fx.entries("idx", "lsi")).isEmpty();
    assertThat(describedIndex("lsi"))
        .containsEntry("ItemCount", 0L)
        .containsEntry("IndexSizeBytes", 0L);
  }

  @Test
  void updateItem_emptyIndexKey_hasTheUpdateMessage() {
    fx.call(
            "UpdateItem",
            "{'TableName':'idx','Key':{'pk':{'S':'a'},'sk':{'S':'1'}},"
                + "'UpdateExpression':'SET g = :g','ExpressionAttributeValues':{':g':{'S':''}}}")
        .refused(
            "ValidationException",
            "One or more parameter values are not valid. The update expression attempted to update"
                + " a secondary index key to a value that is not supported. The AttributeValue for a"
                + " key attribute cannot contain an empty string value.");
    assertThat(fx.table("idx").itemCount().get()).isZero();
  }

  @Test
  void returnConsumedCapacity_indexes_reportsUnitsPerIndex() {
    Map<String, Object> c =
        fx.call(
                "PutItem",
                "{'TableName':'idx','Item':" + FULL + ",'ReturnConsumedCapacity':'INDEXES'}")
            .ok()
            .map("ConsumedCapacity");
    // DynamoDB splits units into read and write units for transactions only
    assertThat(c)
        .containsEntry("CapacityUnits", 6.0)
        .doesNotContainKey("WriteCapacityUnits")
        .containsEntry("Table", Map.of("CapacityUnits", 1.0));
    assertThat((Map<String, Object>) c.get("GlobalSecondaryIndexes"))
        .containsOnlyKeys("gAll", "gKeys", "gInc", "gMulti");
    assertThat((Map<String, Object>) c.get("LocalSecondaryIndexes")).containsOnlyKeys("lsi");

    // a key change costs a delete and a put; untouched indices are not listed
    c =
        fx.call(
                "UpdateItem",
                "{'TableName':'idx','Key':{'pk':{'S':'a'},'sk':{'S':'1'}},"
                    + "'UpdateExpression':'SET m1 = :v','ExpressionAttributeValues':{':v':{'S':'w'}},"
                    + "'ReturnConsumedCapacity':'INDEXES'}")
            .ok()
            .map("ConsumedCapacity");
    assertThat((Map<String, Object>) c.get("GlobalSecondaryIndexes"))
        .containsOnlyKeys("gAll", "gMulti")
        .containsEntry("gMulti", Map.of("CapacityUnits", 2.0));
    assertThat(c).containsEntry("CapacityUnits", 5.0);

    c =
        fx.call(
                "DeleteItem",
                "{'TableName':'idx','Key':{'pk':{'S':'a'},'sk':{'S':'1'}},"
                    + "'ReturnConsumedCapacity':'TOTAL'}")
            .ok()
            .map("ConsumedCapacity");
    assertThat(c).containsEntry("CapacityUnits", 6.0).doesNotContainKey("GlobalSecondaryIndexes");
  }

  @Test
  void itemCollection_limitRefusesGrowthAndWritesNothing() {
    fx.state().items().indexes().itemCollectionLimitBytes(40);
    fx.put("idx", "{'pk':{'S':'a'},'sk':{'S':'1'},'l':{'S':'L'}}").ok();
    fx.put("idx", "{'pk':{'S':'a'},'sk':{'S':'2'},'l':{'S':'L'}}").ok();
    fx.put("idx", "{'pk':{'S':'a'},'sk':{'S':'3'},'l':{'S':'L'}}")
        .refused("ItemCollectionSizeLimitExceededException", "Collection size exceeded.");
    assertThat(fx.table("idx").itemCount().get()).isEqualTo(2);
    assertThat(fx.entries("idx", "lsi")).hasSize(2);
    // other collections, and shrinking writes, are fine
    fx.put("idx", "{'pk':{'S':'b'},'sk':{'S':'3'},'l':{'S':'L'}}").ok();
    fx.put("idx", "{'pk':{'S':'a'},'sk':{'S':'2'}}").ok();
    fx.put("idx", "{'pk':{'S':'a'},'sk':{'S':'3'}}").ok();
  }

  @Test
  void returnItemCollectionMetrics_size_onTablesWithLsis() {
    Map<String, Object> m =
        fx.call(
                "PutItem",
                "{'TableName':'idx','Item':{'pk':{'S':'a'},'sk':{'S':'1'}},"
                    + "'ReturnItemCollectionMetrics':'SIZE'}")
            .ok()
            .map("ItemCollectionMetrics");
    assertThat(m)
        .containsEntry("ItemCollectionKey", Map.of("pk", Map.of("S", "a")))
        .containsEntry("SizeEstimateRangeGB", List.of(0.0, 1.0));
    fx.call(
            "CreateTable",
            "{'TableName':'plain','BillingMode':'PAY_PER_REQUEST','AttributeDefinitions':["
                + IndexFixture.def("pk", "S")
                + "],'KeySchema':["
                + IndexFixture.key("pk", "HASH")
                + "]}")
        .ok();
    assertThat(
            fx.call(
                    "PutItem",
                    "{'TableName':'plain','Item':{'pk':{'S':'a'}},'ReturnItemCollectionMetrics':'SIZE'}")
                .ok()
                .body())
        .doesNotContainKey("ItemCollectionMetrics");
  }
}
