package dev.dynakit.engine.internal.backup;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.engine.DynakitEngine;
import dev.dynakit.engine.JsonCalls;
import dev.dynakit.engine.ManualClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class BackupOperationsTest {
  static final String PREFIX = "com.amazonaws.dynamodb.v20120810#";
  static final Instant START = Instant.parse("2026-01-02T03:04:05.678Z");

  private final ManualClock clock = new ManualClock(START);
  private final DynakitEngine engine = DynakitEngine.builder().clock(clock).build();
  private final JsonCalls calls = new JsonCalls(engine);

  @AfterEach
  void close() {
    engine.close();
  }

  /** A provisioned table keyed pk/sk with a GSI byG (g) and an LSI byL (l). */
  private void createIndexedTable(String name) {
    calls
        .call(
            "CreateTable",
            "{'TableName':'"
                + name
                + "','AttributeDefinitions':[{'AttributeName':'pk','AttributeType':'S'},"
                + "{'AttributeName':'sk','AttributeType':'N'},{'AttributeName':'g','AttributeType':'S'},"
                + "{'AttributeName':'l','AttributeType':'S'}],"
                + "'KeySchema':[{'AttributeName':'pk','KeyType':'HASH'},"
                + "{'AttributeName':'sk','KeyType':'RANGE'}],"
                + "'GlobalSecondaryIndexes':[{'IndexName':'byG','KeySchema':"
                + "[{'AttributeName':'g','KeyType':'HASH'}],'Projection':{'ProjectionType':'ALL'},"
                + "'ProvisionedThroughput':{'ReadCapacityUnits':3,'WriteCapacityUnits':4}}],"
                + "'LocalSecondaryIndexes':[{'IndexName':'byL','KeySchema':"
                + "[{'AttributeName':'pk','KeyType':'HASH'},{'AttributeName':'l','KeyType':'RANGE'}],"
                + "'Projection':{'ProjectionType':'KEYS_ONLY'}}],"
                + "'ProvisionedThroughput':{'ReadCapacityUnits':5,'WriteCapacityUnits':6}}")
        .ok();
  }

  private void put(String table, String pk, int sk, String g, String l) {
    calls
        .call(
            "PutItem",
            "{'TableName':'"
                + table
                + "','Item':{'pk':{'S':'"
                + pk
                + "'},'sk':{'N':'"
                + sk
                + "'},'g':{'S':'"
                + g
                + "'},'l':{'S':'"
                + l
                + "'}}}")
        .ok();
  }

  private String backup(String table, String name) {
    return (String)
        details(
                calls
                    .call(
                        "CreateBackup", "{'TableName':'" + table + "','BackupName':'" + name + "'}")
                    .ok()
                    .body())
            .get("BackupArn");
  }

  /** The pk#sk of every item a Scan (of the table or an index) returns. */
  @SuppressWarnings("unchecked")
  private TreeSet<String> scanKeys(String json) {
    List<Map<String, Object>> items =
        (List<Map<String, Object>>) calls.call("Scan", json).ok().body().get("Items");
    TreeSet<String> keys = new TreeSet<>();
    for (Map<String, Object> item : items) {
      keys.add(
          ((Map<String, Object>) item.get("pk")).get("S")
              + "#"
              + ((Map<String, Object>) item.get("sk")).get("N"));
    }
    return keys;
  }

  private static void refused(JsonCalls.Answer a, String type, String message) {
    assertThat(a.status()).as(a.body().toString()).isEqualTo(400);
    assertThat(a.body().get("__type")).isEqualTo(type);
    assertThat(a.body().get("message")).isEqualTo(message);
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> map(Object tree, String member) {
    return (Map<String, Object>) ((Map<String, Object>) tree).get(member);
  }

  private static Map<String, Object> details(Map<String, Object> body) {
    return map(body, "BackupDetails");
  }

  @Test
  void restoreTableFromBackup_afterSourceDeleted_hasTheItemsAndIndexEntriesOfTheBackupMoment() {
    createIndexedTable("source");
    put("source", "a", 1, "g1", "x");
    put("source", "a", 2, "g2", "y");
    put("source", "b", 1, "g1", "z");
    String arn = backup("source", "snap");
    put("source", "c", 1, "g1", "w");
    calls.call("DeleteItem", "{'TableName':'source','Key':{'pk':{'S':'a'},'sk':{'N':'1'}}}").ok();
    calls.call("DeleteTable", "{'TableName':'source'}").ok();

    Map<String, Object> restored =
        map(
            calls
                .call(
                    "RestoreTableFromBackup",
                    "{'TargetTableName':'copy','BackupArn':'" + arn + "'}")
                .ok()
                .body(),
            "TableDescription");
    assertThat(restored).containsEntry("TableName", "copy").containsEntry("ItemCount", 3L);
    assertThat(map(restored, "RestoreSummary"))
        .containsEntry("SourceBackupArn", arn)
        .containsEntry("RestoreInProgress", false)
        .containsEntry("SourceTableArn", "arn:aws:dynamodb:us-east-1:000000000000:table/source");
    assertThat(scanKeys("{'TableName':'copy'}")).containsExactly("a#1", "a#2", "b#1");
    assertThat(scanKeys("{'TableName':'copy','IndexName':'byG'}"))
        .containsExactly("a#1", "a#2", "b#1");
    assertThat(scanKeys("{'TableName':'copy','IndexName':'byL'}"))
        .containsExactly("a#1", "a#2", "b#1");
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> byG =
        (List<Map<String, Object>>)
            calls
                .call(
                    "Query",
                    "{'TableName':'copy','IndexName':'byG','KeyConditionExpression':'g = :g',"
                        + "'ExpressionAttributeValues':{':g':{'S':'g1'}}}")
                .ok()
                .body()
                .get("Items");
    assertThat(byG).hasSize(2);
    Map<String, Object> table =
        map(calls.call("DescribeTable", "{'TableName':'copy'}").body(), "Table");
    assertThat(table).containsEntry("ItemCount", 3L);
    assertThat(map(table, "ProvisionedThroughput"))
        .containsEntry("ReadCapacityUnits", 5L)
        .containsEntry("WriteCapacityUnits", 6L);
    assertThat(table.get("GlobalSecondaryIndexes").toString()).contains("byG", "ItemCount=3");
    assertThat(table.get("LocalSecondaryIndexes").toString()).contains("byL", "KEYS_ONLY");
  }

  @Test
  void createBackup_describesTheBackupAndItsSourceTable() {
    createIndexedTable("source");
    put("source", "a", 1, "g1", "x");
    calls
        .call(
            "UpdateTimeToLive",
            "{'TableName':'source','TimeToLiveSpecification':{'AttributeName':'exp','Enabled':true}}")
        .ok();
    Map<String, Object> created =
        details(
            calls.call("CreateBackup", "{'TableName':'source','BackupName':'bak1'}").ok().body());
    String arn = (String) created.get("BackupArn");
    assertThat(arn)
        .matches(
            "arn:aws:dynamodb:us-east-1:000000000000:table/source/backup/"
                + String.format("%017d", START.toEpochMilli())
                + "-[0-9a-f]{8}");
    assertThat(created)
        .containsEntry("BackupName", "bak1")
        .containsEntry("BackupStatus", "AVAILABLE")
        .containsEntry("BackupType", "USER");

    Map<String, Object> d =
        map(
            calls.call("DescribeBackup", "{'BackupArn':'" + arn + "'}").ok().body(),
            "BackupDescription");
    assertThat(map(d, "BackupDetails")).containsEntry("BackupArn", arn);
    assertThat(map(d, "SourceTableDetails"))
        .containsEntry("TableName", "source")
        .containsEntry("ItemCount", 1L)
        .containsEntry("BillingMode", "PROVISIONED");
    Map<String, Object> features = map(d, "SourceTableFeatureDetails");
    assertThat(features.get("GlobalSecondaryIndexes").toString()).contains("byG");
    assertThat(features.get("LocalSecondaryIndexes").toString()).contains("byL");
    assertThat(map(features, "TimeToLiveDescription"))
        .containsEntry("TimeToLiveStatus", "ENABLED")
        .containsEntry("AttributeName", "exp");
  }

  @Test
  void restoreTableFromBackup_doesNotRestoreTimeToLive() {
    createIndexedTable("source");
    calls
        .call(
            "UpdateTimeToLive",
            "{'TableName':'source','TimeToLiveSpecification':{'AttributeName':'exp','Enabled':true}}")
        .ok();
    String arn = backup("source", "bak1");
    calls
        .call("RestoreTableFromBackup", "{'TargetTableName':'copy','BackupArn':'" + arn + "'}")
        .ok();
    assertThat(
            map(
                calls.call("DescribeTimeToLive", "{'TableName':'copy'}").ok().body(),
                "TimeToLiveDescription"))
        .containsEntry("TimeToLiveStatus", "DISABLED");
  }

  @Test
  @SuppressWarnings("unchecked")
  void listBackups_filtersByTableAndTimeAndType_andPages() {
    calls.createTableWithIndex("tab1");
    calls.createTableWithIndex("tab2");
    List<String> arns = new ArrayList<>();
    for (String table : List.of("tab1", "tab2", "tab1")) {
      arns.add(backup(table, "b-" + table));
      clock.advance(Duration.ofSeconds(10));
    }
    long start = START.getEpochSecond();
    assertThat(arnsOf(calls.call("ListBackups", "{}").ok().body())).isEqualTo(arns);
    assertThat(arnsOf(calls.call("ListBackups", "{'TableName':'tab1'}").ok().body()))
        .containsExactly(arns.get(0), arns.get(2));
    assertThat(
            arnsOf(
                calls
                    .call(
                        "ListBackups",
                        "{'TimeRangeLowerBound':"
                            + (start + 5)
                            + ",'TimeRangeUpperBound':"
                            + (start + 15)
                            + "}")
                    .ok()
                    .body()))
        .containsExactly(arns.get(1));
    assertThat(arnsOf(calls.call("ListBackups", "{'BackupType':'SYSTEM'}").ok().body())).isEmpty();
    assertThat(arnsOf(calls.call("ListBackups", "{'BackupType':'ALL'}").ok().body()))
        .isEqualTo(arns);

    List<String> paged = new ArrayList<>();
    String last = null;
    do {
      Map<String, Object> page =
          calls
              .call(
                  "ListBackups",
                  last == null
                      ? "{'Limit':2}"
                      : "{'Limit':2,'ExclusiveStartBackupArn':'" + last + "'}")
              .ok()
              .body();
      paged.addAll(arnsOf(page));
      last = (String) page.get("LastEvaluatedBackupArn");
    } while (last != null);
    assertThat(paged).isEqualTo(arns);
    Map<String, Object> summary =
        ((List<Map<String, Object>>)
                calls.call("ListBackups", "{'Limit':1}").ok().body().get("BackupSummaries"))
            .get(0);
    assertThat(summary)
        .containsEntry("TableName", "tab1")
        .containsEntry("BackupName", "b-tab1")
        .containsEntry("BackupStatus", "AVAILABLE")
        .containsKeys("TableArn", "TableId", "BackupCreationDateTime", "BackupSizeBytes");
  }

  @SuppressWarnings("unchecked")
  private static List<String> arnsOf(Map<String, Object> body) {
    List<String> out = new ArrayList<>();
    for (Object s : (List<Object>) body.get("BackupSummaries")) {
      out.add((String) ((Map<String, Object>) s).get("BackupArn"));
    }
    return out;
  }

  @Test
  void deleteBackup_removesItsRecordAndItems() {
    calls.createTableWithIndex("tab1");
    calls.call("PutItem", "{'TableName':'tab1','Item':{'pk':{'S':'a'},'g':{'S':'x'}}}").ok();
    String arn = backup("tab1", "bak1");
    BackupStore store = new BackupStore(dev.dynakit.engine.EngineAccess.state(engine).store());
    List<byte[]> before = new ArrayList<>();
    store.items(arn, before::add);
    assertThat(before).hasSize(1);
    Map<String, Object> deleted =
        map(
            calls.call("DeleteBackup", "{'BackupArn':'" + arn + "'}").ok().body(),
            "BackupDescription");
    assertThat(map(deleted, "BackupDetails")).containsEntry("BackupStatus", "DELETED");
    refused(
        calls.call("DescribeBackup", "{'BackupArn':'" + arn + "'}"),
        PREFIX + "BackupNotFoundException",
        "Backup not found: " + arn);
    refused(
        calls.call("DeleteBackup", "{'BackupArn':'" + arn + "'}"),
        PREFIX + "BackupNotFoundException",
        "Backup not found: " + arn);
    assertThat(arnsOf(calls.call("ListBackups", "{}").ok().body())).isEmpty();
    List<byte[]> left = new ArrayList<>();
    store.items(arn, left::add);
    assertThat(left).isEmpty();
  }

  @Test
  void backupErrors_carryDynamoDbsTypesAndTexts() {
    calls.createTableWithIndex("tab1");
    refused(
        calls.call("CreateBackup", "{'TableName':'nope','BackupName':'bak1'}"),
        PREFIX + "TableNotFoundException",
        "Table not found: nope");
    calls
        .call("CreateBackup", "{'TableName':'tab1'}")
        .invalid(
            "1 validation error detected: Value null at 'backupName' failed to satisfy constraint:"
                + " Member must not be null");
    String arn = backup("tab1", "bak1");
    refused(
        calls.call(
            "RestoreTableFromBackup", "{'TargetTableName':'tab1','BackupArn':'" + arn + "'}"),
        PREFIX + "TableAlreadyExistsException",
        "Table already exists: tab1");
    String missing = arn.substring(0, arn.length() - 8) + "00000000";
    refused(
        calls.call(
            "RestoreTableFromBackup", "{'TargetTableName':'tab9','BackupArn':'" + missing + "'}"),
        PREFIX + "BackupNotFoundException",
        "Backup not found: " + missing);
    assertThat(calls.call("ListTables", "{}").ok().body().get("TableNames").toString())
        .isEqualTo("[tab1]");
  }

  @Test
  void restoreTableFromBackup_overrides_changeBillingAndDropIndexes() {
    createIndexedTable("source");
    put("source", "a", 1, "g1", "x");
    String arn = backup("source", "bak1");
    Map<String, Object> d =
        map(
            calls
                .call(
                    "RestoreTableFromBackup",
                    "{'TargetTableName':'copy','BackupArn':'"
                        + arn
                        + "','BillingModeOverride':'PAY_PER_REQUEST',"
                        + "'GlobalSecondaryIndexOverride':[],"
                        + "'SSESpecificationOverride':{'Enabled':true,'SSEType':'KMS'}}")
                .ok()
                .body(),
            "TableDescription");
    assertThat(map(d, "BillingModeSummary")).containsEntry("BillingMode", "PAY_PER_REQUEST");
    assertThat(d).doesNotContainKey("GlobalSecondaryIndexes").containsKey("LocalSecondaryIndexes");
    assertThat(map(d, "SSEDescription")).containsEntry("SSEType", "KMS");
    // g is only a GSI key: its definition goes with the GSI
    assertThat(d.get("AttributeDefinitions").toString()).doesNotContain("AttributeName=g");
    assertThat(d).containsEntry("ItemCount", 1L);

    calls
        .call(
            "RestoreTableFromBackup",
            "{'TargetTableName':'copy2','BackupArn':'"
                + arn
                + "','GlobalSecondaryIndexOverride':[{'IndexName':'other','KeySchema':"
                + "[{'AttributeName':'g','KeyType':'HASH'}],'Projection':{'ProjectionType':'ALL'}}]}")
        .invalid(
            "One or more parameter values were invalid: GlobalSecondaryIndexOverride names the"
                + " index other, which the backup's table does not have; an override keeps or"
                + " changes the backup's indices, it cannot add one");
    calls
        .call(
            "RestoreTableFromBackup",
            "{'TargetTableName':'copy3','BackupArn':'"
                + arn
                + "','ProvisionedThroughputOverride':{'ReadCapacityUnits':7,'WriteCapacityUnits':8}}")
        .ok();
    assertThat(
            map(
                map(calls.call("DescribeTable", "{'TableName':'copy3'}").ok().body(), "Table"),
                "ProvisionedThroughput"))
        .containsEntry("ReadCapacityUnits", 7L)
        .containsEntry("WriteCapacityUnits", 8L);
  }

  @Test
  void continuousBackups_enableDescribeAndPointInTimeRestoreRefused() {
    calls.createTableWithIndex("tab1");
    Map<String, Object> off =
        map(
            calls.call("DescribeContinuousBackups", "{'TableName':'tab1'}").ok().body(),
            "ContinuousBackupsDescription");
    assertThat(map(off, "PointInTimeRecoveryDescription"))
        .isEqualTo(Map.of("PointInTimeRecoveryStatus", "DISABLED"));
    refused(
        calls.call(
            "RestoreTableToPointInTime",
            "{'SourceTableName':'tab1','TargetTableName':'tab2','UseLatestRestorableTime':true}"),
        PREFIX + "PointInTimeRecoveryUnavailableException",
        "Point in time recovery is not enabled for table 'tab1'");

    calls
        .call(
            "UpdateContinuousBackups",
            "{'TableName':'tab1','PointInTimeRecoverySpecification':"
                + "{'PointInTimeRecoveryEnabled':true,'RecoveryPeriodInDays':7}}")
        .ok();
    clock.advance(Duration.ofMinutes(3));
    Map<String, Object> pitr =
        map(
            map(
                calls.call("DescribeContinuousBackups", "{'TableName':'tab1'}").ok().body(),
                "ContinuousBackupsDescription"),
            "PointInTimeRecoveryDescription");
    assertThat(pitr)
        .containsEntry("PointInTimeRecoveryStatus", "ENABLED")
        .containsEntry("RecoveryPeriodInDays", 7L);
    assertThat(new java.math.BigDecimal(pitr.get("EarliestRestorableDateTime").toString()))
        .isEqualByComparingTo(java.math.BigDecimal.valueOf(START.toEpochMilli(), 3));
    assertThat(new java.math.BigDecimal(pitr.get("LatestRestorableDateTime").toString()))
        .isEqualByComparingTo(
            java.math.BigDecimal.valueOf(START.plus(Duration.ofMinutes(3)).toEpochMilli(), 3));
    refused(
        calls.call(
            "RestoreTableToPointInTime",
            "{'SourceTableName':'tab1','TargetTableName':'tab2','UseLatestRestorableTime':true}"),
        PREFIX + "PointInTimeRecoveryUnavailableException",
        "This engine cannot restore table 'tab1' to a point in time: it keeps no history of the"
            + " table's writes to restore from. Take a backup with CreateBackup and restore it with"
            + " RestoreTableFromBackup instead.");
    refused(
        calls.call("DescribeContinuousBackups", "{'TableName':'nope'}"),
        PREFIX + "TableNotFoundException",
        "Table not found: nope");
  }

  @Test
  void
      createBackup_withTableLatency_isCreatingUntilTheLatencyPassed_andCannotBeRestoredMeanwhile() {
    ManualClock slow = new ManualClock(START);
    try (DynakitEngine latent =
        DynakitEngine.builder().clock(slow).tableLatency(Duration.ofSeconds(2)).build()) {
      JsonCalls c = new JsonCalls(latent);
      c.createTableWithIndex("tab1");
      slow.advance(Duration.ofSeconds(2));
      Map<String, Object> created =
          details(c.call("CreateBackup", "{'TableName':'tab1','BackupName':'bak1'}").ok().body());
      assertThat(created).containsEntry("BackupStatus", "CREATING");
      String arn = (String) created.get("BackupArn");
      refused(
          c.call("RestoreTableFromBackup", "{'TargetTableName':'tab2','BackupArn':'" + arn + "'}"),
          PREFIX + "BackupInUseException",
          "There is another ongoing conflicting backup control plane operation on the table. The"
              + " backup is either being created, deleted or restored to a table.");
      slow.advance(Duration.ofSeconds(2));
      assertThat(
              map(
                  map(
                      c.call("DescribeBackup", "{'BackupArn':'" + arn + "'}").ok().body(),
                      "BackupDescription"),
                  "BackupDetails"))
          .containsEntry("BackupStatus", "AVAILABLE");
    }
  }
}
