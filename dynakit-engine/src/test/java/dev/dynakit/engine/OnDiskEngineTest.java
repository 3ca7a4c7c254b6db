package dev.dynakit.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynakit.engine.error.DataDirectoryInUseException;
import dev.dynakit.engine.internal.index.IndexMaintenance;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An on-disk engine keeps its tables, items, indices and settings across a restart. */
class OnDiskEngineTest {
  @TempDir Path directory;

  private static final String TABLE =
      "{'TableName':'orders','AttributeDefinitions':[{'AttributeName':'pk','AttributeType':'S'},"
          + "{'AttributeName':'sk','AttributeType':'S'},{'AttributeName':'g','AttributeType':'S'},"
          + "{'AttributeName':'l','AttributeType':'S'}],"
          + "'KeySchema':[{'AttributeName':'pk','KeyType':'HASH'},"
          + "{'AttributeName':'sk','KeyType':'RANGE'}],"
          + "'GlobalSecondaryIndexes':[{'IndexName':'byG','KeySchema':"
          + "[{'AttributeName':'g','KeyType':'HASH'}],'Projection':{'ProjectionType':'ALL'},"
          + "'ProvisionedThroughput':{'ReadCapacityUnits':2,'WriteCapacityUnits':2}}],"
          + "'LocalSecondaryIndexes':[{'IndexName':'byL','KeySchema':"
          + "[{'AttributeName':'pk','KeyType':'HASH'},{'AttributeName':'l','KeyType':'RANGE'}],"
          + "'Projection':{'ProjectionType':'KEYS_ONLY'}}],"
          + "'StreamSpecification':{'StreamEnabled':true,'StreamViewType':'NEW_IMAGE'},"
          + "'Tags':[{'Key':'team','Value':'blue'}],"
          + "'BillingMode':'PROVISIONED',"
          + "'ProvisionedThroughput':{'ReadCapacityUnits':5,'WriteCapacityUnits':5}}";

  @Test
  void restart_keepsTablesItemsIndicesAndSettings() {
    Map<String, Object> described;
    try (DynakitEngine engine = DynakitEngine.onDisk(directory)) {
      JsonCalls calls = new JsonCalls(engine);
      calls.call("CreateTable", TABLE).ok();
      calls.createTableWithIndex("other");
      for (int i = 0; i < 20; i++) {
        calls
            .call(
                "PutItem",
                "{'TableName':'orders','Item':{'pk':{'S':'p"
                    + (i % 3)
                    + "'},'sk':{'S':'s"
                    + i
                    + "'},'g':{'S':'g"
                    + (i % 2)
                    + "'},'l':{'S':'l"
                    + i
                    + "'}}}")
            .ok();
      }
      calls.call("DeleteItem", "{'TableName':'orders','Key':{'pk':{'S':'p0'},'sk':{'S':'s0'}}}");
      calls.call("TransactWriteItems", TOKEN_TRANSACTION).ok();
      calls
          .call(
              "UpdateTimeToLive",
              "{'TableName':'orders','TimeToLiveSpecification':"
                  + "{'AttributeName':'expires','Enabled':true}}")
          .ok();
      calls
          .call(
              "TagResource",
              "{'ResourceArn':'arn:aws:dynamodb:us-east-1:000000000000:table/orders',"
                  + "'Tags':[{'Key':'env','Value':'dev'}]}")
          .ok();
      calls
          .call(
              "UpdateTable",
              "{'TableName':'orders','ProvisionedThroughput':"
                  + "{'ReadCapacityUnits':10,'WriteCapacityUnits':5}}")
          .ok();
      calls.call("CreateTable", TABLE.replace("orders", "dropped")).ok();
      calls.call("DeleteTable", "{'TableName':'dropped'}").ok();
      described = calls.call("DescribeTable", "{'TableName':'orders'}").ok().body();
    }

    try (DynakitEngine engine = DynakitEngine.onDisk(directory)) {
      JsonCalls calls = new JsonCalls(engine);
      assertThat(calls.call("ListTables", "{}").ok().body().get("TableNames"))
          .isEqualTo(List.of("orders", "other"));
      assertThat(calls.call("DescribeTable", "{'TableName':'orders'}").ok().body())
          .isEqualTo(described);
      assertThat(count(calls, "{'TableName':'orders'}")).isEqualTo(19);
      assertThat(count(calls, "{'TableName':'orders','IndexName':'byG'}")).isEqualTo(19);
      assertThat(count(calls, "{'TableName':'orders','IndexName':'byL'}")).isEqualTo(19);
      assertThat(
              calls
                  .call(
                      "Query",
                      "{'TableName':'orders','IndexName':'byG','KeyConditionExpression':'g = :g',"
                          + "'ExpressionAttributeValues':{':g':{'S':'g1'}}}")
                  .ok()
                  .body()
                  .get("Count"))
          .isEqualTo(10L);
      assertThat(calls.call("DescribeTimeToLive", "{'TableName':'orders'}").ok().body().toString())
          .contains("ENABLED")
          .contains("expires");
      assertThat(
              calls
                  .call(
                      "ListTagsOfResource",
                      "{'ResourceArn':'arn:aws:dynamodb:us-east-1:000000000000:table/orders'}")
                  .ok()
                  .body()
                  .toString())
          .contains("team")
          .contains("env");
      assertThat(calls.call("DescribeTable", "{'TableName':'dropped'}").status()).isEqualTo(400);
      assertThat(count(calls, "{'TableName':'other','IndexName':'byG'}")).isEqualTo(1);

      // the transaction's token survived: a retry is answered without applying it again
      calls
          .call("PutItem", "{'TableName':'other','Item':{'pk':{'S':'a'},'g':{'S':'changed'}}}")
          .ok();
      calls.call("TransactWriteItems", TOKEN_TRANSACTION).ok();
      assertThat(
              calls
                  .call("GetItem", "{'TableName':'other','Key':{'pk':{'S':'a'}}}")
                  .ok()
                  .body()
                  .toString())
          .contains("changed");
      assertThat(
              calls
                  .call("TransactWriteItems", TOKEN_TRANSACTION.replace("'x'", "'other'"))
                  .body()
                  .get("__type")
                  .toString())
          .endsWith("IdempotentParameterMismatchException");
    }
  }

  private static final String TOKEN_TRANSACTION =
      "{'ClientRequestToken':'t1','TransactItems':[{'Put':{'TableName':'other',"
          + "'Item':{'pk':{'S':'a'},'g':{'S':'x'}}}}]}";

  @Test
  void restart_countsItemCollectionsAgain_soTheirLimitStillHolds() {
    String limit = IndexMaintenance.COLLECTION_LIMIT_PROPERTY;
    System.setProperty(limit, "2500");
    try {
      String big = "x".repeat(900);
      try (DynakitEngine engine = DynakitEngine.onDisk(directory)) {
        JsonCalls calls = new JsonCalls(engine);
        calls.call("CreateTable", TABLE).ok();
        for (int i = 0; i < 2; i++) {
          calls.call("PutItem", item(i, big)).ok();
        }
      }
      try (DynakitEngine engine = DynakitEngine.onDisk(directory)) {
        // two items of about 1 KB are in the collection: a third goes beyond 2,500 bytes
        assertThat(new JsonCalls(engine).call("PutItem", item(2, big)).body().get("__type"))
            .asString()
            .endsWith("ItemCollectionSizeLimitExceededException");
      }
    } finally {
      System.clearProperty(limit);
    }
  }

  private static String item(int n, String payload) {
    return "{'TableName':'orders','Item':{'pk':{'S':'p'},'sk':{'S':'s"
        + n
        + "'},'l':{'S':'l"
        + n
        + "'},'payload':{'S':'"
        + payload
        + "'}}}";
  }

  @Test
  void secondEngineOnTheSameDirectory_isRefused_namingTheDirectory() {
    try (DynakitEngine first = DynakitEngine.onDisk(directory)) {
      new JsonCalls(first).createTableWithIndex("kept");
      assertThatThrownBy(() -> DynakitEngine.onDisk(directory))
          .isInstanceOf(DataDirectoryInUseException.class)
          .hasMessageContaining(directory.toAbsolutePath().normalize().toString());
      assertThat(new JsonCalls(first).call("DescribeTable", "{'TableName':'kept'}").status())
          .isEqualTo(200);
    }
  }

  @Test
  void storeAndDataDirectoryTogether_areRefused() {
    DynakitEngine.Builder builder =
        DynakitEngine.builder()
            .store(new dev.dynakit.engine.internal.storage.memory.MemoryStore())
            .dataDirectory(directory);
    assertThatThrownBy(builder::build).hasMessageContaining("not both");
  }

  private static long count(JsonCalls calls, String scan) {
    return (Long)
        calls.call("Scan", scan.replace("}", ",'Select':'COUNT'}")).ok().body().get("Count");
  }
}
