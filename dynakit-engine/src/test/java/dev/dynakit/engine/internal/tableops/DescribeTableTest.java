package dev.dynakit.engine.internal.tableops;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.engine.internal.table.Table;
import java.math.BigDecimal;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class DescribeTableTest {
  private final Wire wire = new Wire();

  @AfterEach
  void close() {
    wire.close();
  }

  @Test
  void describeTable_reportsDynamoDbShape() {
    wire.createSimple("tab1");
    Map<String, Object> d = wire.describe("tab1");
    assertThat(d.keySet())
        .containsExactly(
            "AttributeDefinitions",
            "TableName",
            "KeySchema",
            "TableStatus",
            "CreationDateTime",
            "ProvisionedThroughput",
            "TableSizeBytes",
            "ItemCount",
            "TableArn",
            "TableId",
            "BillingModeSummary",
            "TableClassSummary",
            "DeletionProtectionEnabled");
    // epoch seconds with the milliseconds as a fraction, from the engine's clock
    assertThat(d.get("CreationDateTime")).isEqualTo(new BigDecimal("1741064767.891"));
    assertThat(UUID.fromString((String) d.get("TableId")).toString()).isEqualTo(d.get("TableId"));
    assertThat(d.get("TableClassSummary")).isEqualTo(Map.of("TableClass", "STANDARD"));
    assertThat(d.get("DeletionProtectionEnabled")).isEqualTo(false);
  }

  @Test
  void describeTable_countsComeFromTheTable() {
    wire.createSimple("tab1");
    Table table = wire.state().catalog().require("tab1");
    table.itemCount().set(3);
    table.sizeBytes().set(120);
    Map<String, Object> d = wire.describe("tab1");
    assertThat(d).containsEntry("ItemCount", 3L).containsEntry("TableSizeBytes", 120L);
  }

  @Test
  void describeTable_indexCountsComeFromTheTable() {
    wire.create(
        "{'TableName':'tab1','AttributeDefinitions':[{'AttributeName':'pk','AttributeType':'S'},"
            + "{'AttributeName':'g','AttributeType':'S'}],'KeySchema':[{'AttributeName':'pk','KeyType':'HASH'}],"
            + "'BillingMode':'PAY_PER_REQUEST','GlobalSecondaryIndexes':[{'IndexName':'byG','KeySchema':"
            + "[{'AttributeName':'g','KeyType':'HASH'}],'Projection':{'ProjectionType':'KEYS_ONLY'}}]}");
    Table table = wire.state().catalog().require("tab1");
    table.indexItemCount("byG").set(2);
    table.indexSizeBytes("byG").set(40);
    assertThat(Wire.at(wire.describe("tab1"), "GlobalSecondaryIndexes", 0))
        .containsEntry("ItemCount", 2L)
        .containsEntry("IndexSizeBytes", 40L);
  }

  @Test
  void describeTable_unknownTable_isResourceNotFound() {
    wire.call("DescribeTable", "{'TableName':'nope'}")
        .refused(Wire.NOT_FOUND, "Requested resource not found: Table: nope not found");
  }

  @Test
  void describeTable_badOrMissingName_isValidation() {
    wire.call("DescribeTable", "{}")
        .invalid(
            "1 validation error detected: Value null at 'tableName' failed to satisfy constraint:"
                + " Member must not be null");
    wire.call("DescribeTable", "{'TableName':'x'}")
        .invalid(
            "1 validation error detected: Value 'x' at 'tableName' failed to satisfy constraint:"
                + " Member must have length greater than or equal to 3");
  }
}
