package dev.dynakit.engine.internal.tableops;

import static dev.dynakit.engine.internal.tableops.Wire.at;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class UpdateTableTest {
  private final Wire wire = new Wire();

  private static final String INVALID = "One or more parameter values were invalid: ";
  private static final String PT_1_1 =
      "'ProvisionedThroughput':{'ReadCapacityUnits':1,'WriteCapacityUnits':1}";

  @AfterEach
  void close() {
    wire.close();
  }

  private void createProvisioned() {
    wire.create(
        "{'TableName':'tab1','AttributeDefinitions':[{'AttributeName':'pk','AttributeType':'S'}],"
            + "'KeySchema':[{'AttributeName':'pk','KeyType':'HASH'}],"
            + PT_1_1
            + "}");
  }

  private Wire.Answer update(String members) {
    return wire.call("UpdateTable", "{'TableName':'tab1'," + members + "}");
  }

  @Test
  void updateTable_throughput_isApplied() {
    createProvisioned();
    Map<String, Object> d =
        update("'ProvisionedThroughput':{'ReadCapacityUnits':5,'WriteCapacityUnits':6}")
            .ok()
            .map("TableDescription");
    assertThat(d.get("TableStatus")).isEqualTo("ACTIVE");
    assertThat(at(d, "ProvisionedThroughput"))
        .containsEntry("ReadCapacityUnits", 5L)
        .containsEntry("WriteCapacityUnits", 6L);
    assertThat(at(wire.describe("tab1"), "ProvisionedThroughput"))
        .containsEntry("ReadCapacityUnits", 5L);
  }

  @Test
  void updateTable_sameThroughput_isRefused() {
    createProvisioned();
    update(PT_1_1)
        .invalid(
            "The provisioned throughput for the table will not change. The requested value equals"
                + " the current value. Current ReadCapacityUnits provisioned for the table: 1."
                + " Requested ReadCapacityUnits: 1. Current WriteCapacityUnits provisioned for the"
                + " table: 1. Requested WriteCapacityUnits: 1. Refer to the Amazon DynamoDB"
                + " Developer Guide for current limits and how to request higher limits.");
  }

  @Test
  void updateTable_nothingToUpdate_isRefused_evenForAMissingTable() {
    String message =
        "At least one of ProvisionedThroughput, BillingMode, UpdateStreamEnabled,"
            + " GlobalSecondaryIndexUpdates, SSESpecification, ReplicaUpdates,"
            + " MultiAccountReplicaReady, ReplicaTransitRoleArn, MultiRegionConsistency,"
            + " DeletionProtectionEnabled, OnDemandThroughput, WarmThroughput or TableClass is"
            + " required";
    wire.call("UpdateTable", "{'TableName':'nope'}").invalid(message);
    createProvisioned();
    update("'AttributeDefinitions':[{'AttributeName':'pk','AttributeType':'S'}]").invalid(message);
    update("'GlobalSecondaryIndexUpdates':[]").invalid(message);
    update("'GlobalSecondaryIndexUpdates':[],'DeletionProtectionEnabled':true")
        .invalid(INVALID + "List of GlobalSecondaryIndexUpdates is empty");
    assertThat(wire.describe("tab1").get("DeletionProtectionEnabled")).isEqualTo(false);
  }

  @Test
  void updateTable_missingTable_isResourceNotFound() {
    wire.call("UpdateTable", "{'TableName':'nope','DeletionProtectionEnabled':true}")
        .refused(Wire.NOT_FOUND, "Requested resource not found: Table: nope not found");
  }

  @Test
  void updateTable_switchToOnDemandAndBack() {
    createProvisioned();
    Map<String, Object> d = update("'BillingMode':'PAY_PER_REQUEST'").ok().map("TableDescription");
    assertThat(at(d, "BillingModeSummary"))
        .containsEntry("BillingMode", "PAY_PER_REQUEST")
        .containsKey("LastUpdateToPayPerRequestDateTime");
    assertThat(at(d, "ProvisionedThroughput")).containsEntry("ReadCapacityUnits", 0L);
    update("'ProvisionedThroughput':{'ReadCapacityUnits':2,'WriteCapacityUnits':2}")
        .invalid(
            INVALID
                + "Neither ReadCapacityUnits nor WriteCapacityUnits can be specified when"
                + " BillingMode is PAY_PER_REQUEST");
    update("'BillingMode':'PROVISIONED'")
        .invalid(
            INVALID + "ProvisionedThroughput must be specified when BillingMode is PROVISIONED");
    d =
        update(
                "'BillingMode':'PROVISIONED','ProvisionedThroughput':{'ReadCapacityUnits':3,'WriteCapacityUnits':4}")
            .ok()
            .map("TableDescription");
    assertThat(at(d, "BillingModeSummary")).containsEntry("BillingMode", "PROVISIONED");
    assertThat(at(d, "ProvisionedThroughput")).containsEntry("WriteCapacityUnits", 4L);
  }

  @Test
  void updateTable_overQuota_isLimitExceeded_andChangesNothing() {
    createProvisioned();
    update("'ProvisionedThroughput':{'ReadCapacityUnits':1,'WriteCapacityUnits':40001}")
        .refused(
            Wire.LIMIT,
            "The requested WriteCapacityUnits, 40001, is above the per table maximum for the"
                + " account in us-east-1. Per table maximum: 40000. Refer to the Amazon DynamoDB"
                + " Developer Guide for current limits and how to request higher limits.");
    assertThat(at(wire.describe("tab1"), "ProvisionedThroughput"))
        .containsEntry("WriteCapacityUnits", 1L);
  }

  @Test
  void updateTable_stream_enableDisableAndRules() {
    createProvisioned();
    update("'StreamSpecification':{'StreamEnabled':false}")
        .invalid("Table has no stream to disable: TableName: tab1");
    update("'StreamSpecification':{'StreamEnabled':true}")
        .invalid(INVALID + "If stream is being enabled then UpdateViewType is required");
    Map<String, Object> d =
        update("'StreamSpecification':{'StreamEnabled':true,'StreamViewType':'KEYS_ONLY'}")
            .ok()
            .map("TableDescription");
    assertThat(d.get("StreamSpecification"))
        .isEqualTo(Map.of("StreamEnabled", true, "StreamViewType", "KEYS_ONLY"));
    assertThat(d.get("LatestStreamArn"))
        .isEqualTo(Wire.ARN_PREFIX + "tab1/stream/2025-03-04T05:06:07.891");
    update("'StreamSpecification':{'StreamEnabled':true,'StreamViewType':'NEW_IMAGE'}")
        .invalid("Table already has an enabled stream: TableName: tab1");
    update("'StreamSpecification':{'StreamEnabled':false,'StreamViewType':'KEYS_ONLY'}")
        .invalid(
            INVALID + "If stream is being disabled, then UpdateViewType must not be specified");
    d = update("'StreamSpecification':{'StreamEnabled':false}").ok().map("TableDescription");
    // the latest stream stays described after it is disabled
    assertThat(d).doesNotContainKey("StreamSpecification").containsKey("LatestStreamArn");
  }

  @Test
  void updateTable_tableClassAndDeletionProtection() {
    createProvisioned();
    update("'TableClass':'STANDARD_IA'")
        .invalid(
            "Invalid table-class parameter provided. Please try again with a valid table-class"
                + " value: [STANDARD, STANDARD_INFREQUENT_ACCESS].");
    Map<String, Object> d =
        update("'TableClass':'STANDARD_INFREQUENT_ACCESS'").ok().map("TableDescription");
    assertThat(d.get("TableClassSummary"))
        .isEqualTo(
            Map.of(
                "TableClass",
                "STANDARD_INFREQUENT_ACCESS",
                "LastUpdateDateTime",
                java.math.BigDecimal.valueOf(Wire.NOW.toEpochMilli(), 3)));
    d = update("'DeletionProtectionEnabled':true").ok().map("TableDescription");
    assertThat(d.get("DeletionProtectionEnabled")).isEqualTo(true);
  }

  @Test
  void updateTable_sse_enableAndDisable() {
    createProvisioned();
    update("'SSESpecification':{'Enabled':false}")
        .invalid(INVALID + "Table is already encrypted by default");
    Map<String, Object> d =
        update("'SSESpecification':{'Enabled':true}").ok().map("TableDescription");
    assertThat(at(d, "SSEDescription"))
        .containsEntry("Status", "ENABLED")
        .containsEntry("SSEType", "KMS");
    d = update("'SSESpecification':{'Enabled':false}").ok().map("TableDescription");
    assertThat(d).doesNotContainKey("SSEDescription");
  }

  @Test
  void updateTable_combinationsDynamoDbRefuses_changeNothing() {
    createProvisioned();
    update("'SSESpecification':{'Enabled':true},'DeletionProtectionEnabled':true")
        .invalid(
            INVALID
                + "Server-Side Encryption modification must be the only operation in the request");
    update("'TableClass':'STANDARD','DeletionProtectionEnabled':true")
        .invalid(INVALID + "TableClass modification must be the only operation in the request");
    update("'DeletionProtectionEnabled':true,'BillingMode':'PAY_PER_REQUEST'")
        .invalid(
            INVALID + "DeletionProtection modification must be the only operation in the request");
    update(
            "'ProvisionedThroughput':{'ReadCapacityUnits':2,'WriteCapacityUnits':2},"
                + "'StreamSpecification':{'StreamEnabled':true,'StreamViewType':'KEYS_ONLY'}")
        .invalid(INVALID + "You cannot modify stream status while updating table IOPS");
    Map<String, Object> d = wire.describe("tab1");
    assertThat(d.get("DeletionProtectionEnabled")).isEqualTo(false);
    assertThat(at(d, "BillingModeSummary")).containsEntry("BillingMode", "PROVISIONED");
    assertThat(d).doesNotContainKeys("SSEDescription", "StreamSpecification");
    assertThat(at(d, "ProvisionedThroughput")).containsEntry("ReadCapacityUnits", 1L);
  }

  @Test
  void updateTable_shapeErrors() {
    createProvisioned();
    update(
            "'BillingMode':'FREE','ProvisionedThroughput':{'ReadCapacityUnits':0,'WriteCapacityUnits':1}")
        .invalid(
            "2 validation errors detected: Value 'FREE' at 'billingMode' failed to satisfy"
                + " constraint: Member must satisfy enum value set: [PROVISIONED, PAY_PER_REQUEST];"
                + " Value '0' at 'provisionedThroughput.readCapacityUnits' failed to satisfy"
                + " constraint: Member must have value greater than or equal to 1");
  }

  @Test
  void updateTable_replicas_areRefused() {
    createProvisioned();
    update("'ReplicaUpdates':[{'Create':{'RegionName':'eu-west-1'}}]")
        .invalid(INVALID + "Global table replicas are not supported by this engine");
  }
}
