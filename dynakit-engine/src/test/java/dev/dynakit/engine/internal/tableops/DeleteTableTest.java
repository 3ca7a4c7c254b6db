package dev.dynakit.engine.internal.tableops;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.engine.storage.OrderedStore;
import dev.dynakit.engine.storage.WriteBatch;
import java.nio.ByteBuffer;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class DeleteTableTest {
  private final Wire wire = new Wire();

  @AfterEach
  void close() {
    wire.close();
  }

  private static byte[] key(long storeId, String rest) {
    byte[] tail = rest.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    return ByteBuffer.allocate(8 + tail.length).putLong(storeId).put(tail).array();
  }

  @Test
  void deleteTable_answersDeletingAndRemovesTheTable() {
    wire.createSimple("tab1");
    Map<String, Object> d =
        wire.call("DeleteTable", "{'TableName':'tab1'}").ok().map("TableDescription");
    assertThat(d).containsEntry("TableStatus", "DELETING").containsEntry("TableName", "tab1");
    // DynamoDB's reduced description: no creation time, key schema, definitions or index lists
    assertThat(d)
        .containsKeys("ItemCount", "TableSizeBytes", "TableArn", "ProvisionedThroughput")
        .doesNotContainKeys(
            "CreationDateTime",
            "KeySchema",
            "AttributeDefinitions",
            "GlobalSecondaryIndexes",
            "LocalSecondaryIndexes");
    assertThat(wire.tableNames()).isEmpty();
    wire.call("DescribeTable", "{'TableName':'tab1'}")
        .refused(Wire.NOT_FOUND, "Requested resource not found: Table: tab1 not found");
    wire.call("DeleteTable", "{'TableName':'tab1'}")
        .refused(Wire.NOT_FOUND, "Requested resource not found: Table: tab1 not found");
  }

  @Test
  void deleteTable_erasesOnlyThatTablesData() {
    wire.createSimple("tab1");
    wire.createSimple("tab2");
    long id1 = wire.state().catalog().require("tab1").storeId();
    long id2 = wire.state().catalog().require("tab2").storeId();
    OrderedStore store = wire.state().store();
    store.apply(
        new WriteBatch()
            .put(key(id1, "a"), new byte[] {1})
            .put(key(id1, "b"), new byte[] {2})
            .put(key(id2, "a"), new byte[] {3}));
    wire.call("DeleteTable", "{'TableName':'tab1'}").ok();
    assertThat(store.get(key(id1, "a"))).isNull();
    assertThat(store.get(key(id1, "b"))).isNull();
    assertThat(store.get(key(id2, "a"))).containsExactly(3);
    // a re-created table gets a new store id and sees no old data
    wire.createSimple("tab1");
    assertThat(wire.state().catalog().require("tab1").storeId()).isNotIn(id1, id2);
  }

  @Test
  void deleteTable_protectedTable_isRefusedAndKept() {
    wire.create(
        "{'TableName':'tab1','AttributeDefinitions':[{'AttributeName':'pk','AttributeType':'S'}],"
            + "'KeySchema':[{'AttributeName':'pk','KeyType':'HASH'}],'BillingMode':'PAY_PER_REQUEST',"
            + "'DeletionProtectionEnabled':true}");
    wire.call("DeleteTable", "{'TableName':'tab1'}")
        .invalid(
            "Resource cannot be deleted as it is currently protected against deletion. Disable"
                + " deletion protection first.");
    assertThat(wire.describe("tab1")).containsEntry("TableStatus", "ACTIVE");
    wire.call("UpdateTable", "{'TableName':'tab1','DeletionProtectionEnabled':false}").ok();
    wire.call("DeleteTable", "{'TableName':'tab1'}").ok();
  }

  @Test
  void deleteTable_badName_isValidation() {
    wire.call("DeleteTable", "{'TableName':'a'}")
        .invalid(
            "1 validation error detected: Value 'a' at 'tableName' failed to satisfy constraint:"
                + " Member must have length greater than or equal to 3");
  }
}
