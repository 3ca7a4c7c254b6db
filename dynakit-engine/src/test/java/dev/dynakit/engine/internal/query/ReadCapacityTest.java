package dev.dynakit.engine.internal.query;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.engine.DynakitEngine;
import dev.dynakit.engine.JsonCalls;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Scan and Query charge read capacity on the total size of the items they read, rounded up to 4 KB
 * once per request (not per item), and half of that for an eventually consistent read, as DynamoDB
 * documents for Query and Scan.
 */
class ReadCapacityTest {
  private final DynakitEngine engine = DynakitEngine.inMemory();
  private final JsonCalls wire = new JsonCalls(engine);

  @BeforeEach
  void fourItemsOfAboutOneKilobyte() {
    wire.createTableWithIndex("tab");
    for (int i = 0; i < 4; i++) {
      wire.call(
              "PutItem",
              "{'TableName':'tab','Item':{'pk':{'S':'k"
                  + i
                  + "'},'d':{'S':'"
                  + "x".repeat(900)
                  + "'}}}")
          .ok();
    }
  }

  @AfterEach
  void close() {
    engine.close();
  }

  @Test
  void aScanOfFourSmallItems_costsOneUnitStronglyAndHalfAUnitEventually() {
    assertThat(units("Scan", "{'TableName':'tab','ReturnConsumedCapacity':'TOTAL'}"))
        .isEqualTo(0.5);
    assertThat(
            units(
                "Scan",
                "{'TableName':'tab','ReturnConsumedCapacity':'TOTAL','ConsistentRead':true}"))
        .isEqualTo(1.0);
  }

  @Test
  void aFilter_doesNotReduceTheCapacityOfWhatWasRead() {
    assertThat(
            units(
                "Scan",
                "{'TableName':'tab','ReturnConsumedCapacity':'TOTAL','ConsistentRead':true,"
                    + "'FilterExpression':'pk = :p','ExpressionAttributeValues':{':p':{'S':'k1'}}}"))
        .isEqualTo(1.0);
  }

  @Test
  void aQueryOfOneSmallItem_isRoundedUpOncePerRequest() {
    String query =
        "{'TableName':'tab','KeyConditionExpression':'pk = :p',"
            + "'ExpressionAttributeValues':{':p':{'S':'k2'}},'ReturnConsumedCapacity':'TOTAL'";
    assertThat(units("Query", query + "}")).isEqualTo(0.5);
    assertThat(units("Query", query + ",'ConsistentRead':true}")).isEqualTo(1.0);
  }

  @SuppressWarnings("unchecked")
  private double units(String operation, String json) {
    Map<String, Object> body = wire.call(operation, json).ok().body();
    Map<String, Object> consumed = (Map<String, Object>) body.get("ConsumedCapacity");
    return ((Number) consumed.get("CapacityUnits")).doubleValue();
  }
}
