package dev.dynakit.it.engine;

import static dev.dynakit.it.engine.IndexedTables.def;
import static dev.dynakit.it.engine.IndexedTables.hash;
import static dev.dynakit.it.engine.IndexedTables.projection;
import static dev.dynakit.it.engine.IndexedTables.range;
import static dev.dynakit.it.engine.Items.item;
import static dev.dynakit.it.engine.Items.n;
import static dev.dynakit.it.engine.Items.s;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BackupDescription;
import software.amazon.awssdk.services.dynamodb.model.BackupNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.BackupStatus;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.PointInTimeRecoveryStatus;
import software.amazon.awssdk.services.dynamodb.model.PointInTimeRecoveryUnavailableException;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TableAlreadyExistsException;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TableNotFoundException;

/**
 * On-demand backups through the Java SDK: a table with a GSI and an LSI is backed up, written to
 * and deleted; the restore under a new name holds exactly the items and index entries of the
 * backup's moment. Then listing, describing and deleting backups, point-in-time recovery settings
 * and the errors, with DynamoDB's exception types.
 */
@ParameterizedClass
@EnumSource(EngineSetup.class)
class BackupsIT {
  private static final String TABLE = "orders";
  private static final String RESTORED = "orders-restored";
  private static final List<String> STATUSES = List.of("new", "paid", "sent");

  @Parameter EngineSetup setup;
  EngineFixture fx;

  @BeforeEach
  void setUp() {
    fx = new EngineFixture(setup);
  }

  @AfterEach
  void tearDown() {
    fx.close();
  }

  private void createOrders() {
    fx.client.createTable(
        b ->
            b.tableName(TABLE)
                .billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(
                    def("pk", ScalarAttributeType.S),
                    def("sk", ScalarAttributeType.S),
                    def("status", ScalarAttributeType.S),
                    def("amount", ScalarAttributeType.N))
                .keySchema(hash("pk"), range("sk"))
                .globalSecondaryIndexes(
                    IndexedTables.gsi("byStatus", projection(ProjectionType.ALL), hash("status")))
                .localSecondaryIndexes(
                    LocalSecondaryIndex.builder()
                        .indexName("byAmount")
                        .keySchema(hash("pk"), range("amount"))
                        .projection(projection(ProjectionType.KEYS_ONLY))
                        .build()));
  }

  private void putOrder(Random random, int i) {
    fx.client.putItem(
        b ->
            b.tableName(TABLE)
                .item(
                    item(
                        "pk", s("customer-" + random.nextInt(4)),
                        "sk", s("order-" + i),
                        "status", s(STATUSES.get(random.nextInt(STATUSES.size()))),
                        "amount", n(Integer.toString(random.nextInt(1000))))));
  }

  /** What a reader sees of a table: its items, each GSI partition and each LSI collection. */
  private record View(
      List<Map<String, AttributeValue>> items,
      Map<String, List<Map<String, AttributeValue>>> byStatus,
      Map<String, List<Map<String, AttributeValue>>> byAmount) {}

  private View view(String table) {
    List<Map<String, AttributeValue>> items =
        sorted(fx.client.scanPaginator(b -> b.tableName(table)).items());
    Map<String, List<Map<String, AttributeValue>>> byStatus = new java.util.TreeMap<>();
    for (String status : STATUSES) {
      byStatus.put(
          status,
          sorted(
              fx.client
                  .queryPaginator(
                      b ->
                          b.tableName(table)
                              .indexName("byStatus")
                              .keyConditionExpression("#s = :s")
                              .expressionAttributeNames(Map.of("#s", "status"))
                              .expressionAttributeValues(Map.of(":s", s(status))))
                  .items()));
    }
    Map<String, List<Map<String, AttributeValue>>> byAmount = new java.util.TreeMap<>();
    for (int c = 0; c < 4; c++) {
      String pk = "customer-" + c;
      List<Map<String, AttributeValue>> ordered = new ArrayList<>();
      fx.client
          .queryPaginator(
              b ->
                  b.tableName(table)
                      .indexName("byAmount")
                      .keyConditionExpression("pk = :p")
                      .expressionAttributeValues(Map.of(":p", s(pk))))
          .items()
          .forEach(ordered::add);
      byAmount.put(pk, ordered);
    }
    return new View(items, byStatus, byAmount);
  }

  private static List<Map<String, AttributeValue>> sorted(
      Iterable<Map<String, AttributeValue>> items) {
    List<Map<String, AttributeValue>> out = new ArrayList<>();
    items.forEach(out::add);
    out.sort(Comparator.comparing(i -> i.get("pk").s() + "#" + i.get("sk").s()));
    return out;
  }

  @Test
  void restore_afterMoreWritesAndDeletingTheTable_equalsTheBackupMoment() {
    createOrders();
    Random random = new Random(29);
    for (int i = 0; i < 40; i++) {
      putOrder(random, i);
    }
    View atBackup = view(TABLE);
    String arn =
        fx.client
            .createBackup(b -> b.tableName(TABLE).backupName("before-changes"))
            .backupDetails()
            .backupArn();
    for (int i = 20; i < 60; i++) {
      putOrder(random, i);
    }
    Map<String, AttributeValue> first = atBackup.items().get(0);
    fx.client.deleteItem(
        b -> b.tableName(TABLE).key(Map.of("pk", first.get("pk"), "sk", first.get("sk"))));
    assertThat(view(TABLE)).isNotEqualTo(atBackup);
    fx.client.deleteTable(b -> b.tableName(TABLE));

    TableDescription restored =
        fx.client
            .restoreTableFromBackup(b -> b.backupArn(arn).targetTableName(RESTORED))
            .tableDescription();
    assertThat(restored.tableName()).isEqualTo(RESTORED);
    assertThat(restored.restoreSummary().sourceBackupArn()).isEqualTo(arn);
    assertThat(view(RESTORED)).isEqualTo(atBackup);
    TableDescription described = fx.client.describeTable(b -> b.tableName(RESTORED)).table();
    assertThat(described.itemCount()).isEqualTo(40L);
    assertThat(described.globalSecondaryIndexes().get(0).itemCount()).isEqualTo(40L);
    assertThat(described.localSecondaryIndexes().get(0).indexName()).isEqualTo("byAmount");
    assertThat(described.billingModeSummary().billingMode()).isEqualTo(BillingMode.PAY_PER_REQUEST);
  }

  @Test
  void listDescribeAndDeleteBackups() {
    createOrders();
    Random random = new Random(7);
    for (int i = 0; i < 5; i++) {
      putOrder(random, i);
    }
    String arn =
        fx.client
            .createBackup(b -> b.tableName(TABLE).backupName("nightly"))
            .backupDetails()
            .backupArn();
    assertThat(arn).matches(".*:table/orders/backup/\\d{17}-[0-9a-f]{8}");

    BackupDescription d = fx.client.describeBackup(b -> b.backupArn(arn)).backupDescription();
    assertThat(d.backupDetails().backupStatus()).isEqualTo(BackupStatus.AVAILABLE);
    assertThat(d.backupDetails().backupName()).isEqualTo("nightly");
    assertThat(d.sourceTableDetails().tableName()).isEqualTo(TABLE);
    assertThat(d.sourceTableDetails().itemCount()).isEqualTo(5L);
    assertThat(d.sourceTableFeatureDetails().globalSecondaryIndexes().get(0).indexName())
        .isEqualTo("byStatus");
    assertThat(d.sourceTableFeatureDetails().localSecondaryIndexes().get(0).indexName())
        .isEqualTo("byAmount");

    assertThat(fx.client.listBackups(b -> b.tableName(TABLE)).backupSummaries())
        .singleElement()
        .satisfies(s -> assertThat(s.backupArn()).isEqualTo(arn));
    assertThat(fx.client.listBackups(b -> b.tableName("other")).backupSummaries()).isEmpty();

    assertThat(
            fx.client
                .deleteBackup(b -> b.backupArn(arn))
                .backupDescription()
                .backupDetails()
                .backupStatusAsString())
        .isEqualTo("DELETED");
    assertThatThrownBy(() -> fx.client.describeBackup(b -> b.backupArn(arn)))
        .isInstanceOf(BackupNotFoundException.class)
        .hasMessageStartingWith("Backup not found: " + arn);
    assertThat(fx.client.listBackups(b -> b.tableName(TABLE)).backupSummaries()).isEmpty();
  }

  @Test
  void errors_haveDynamoDbsExceptionTypes() {
    createOrders();
    assertThatThrownBy(() -> fx.client.createBackup(b -> b.tableName("missing").backupName("x-1")))
        .isInstanceOf(TableNotFoundException.class)
        .hasMessageStartingWith("Table not found: missing");
    String arn =
        fx.client
            .createBackup(b -> b.tableName(TABLE).backupName("one"))
            .backupDetails()
            .backupArn();
    assertThatThrownBy(
            () -> fx.client.restoreTableFromBackup(b -> b.backupArn(arn).targetTableName(TABLE)))
        .isInstanceOf(TableAlreadyExistsException.class)
        .hasMessageStartingWith("Table already exists: orders");
    assertThatThrownBy(() -> fx.client.describeContinuousBackups(b -> b.tableName("missing")))
        .isInstanceOf(TableNotFoundException.class);
    assertThatThrownBy(
            () ->
                fx.client.restoreTableToPointInTime(
                    b ->
                        b.sourceTableName(TABLE)
                            .targetTableName(RESTORED)
                            .useLatestRestorableTime(true)))
        .isInstanceOf(PointInTimeRecoveryUnavailableException.class)
        .hasMessageStartingWith("Point in time recovery is not enabled for table 'orders'");
  }

  @Test
  void pointInTimeRecovery_isSetAndDescribed_butRestoringToATimeIsRefusedNamingWhy() {
    createOrders();
    assertThat(
            fx.client
                .describeContinuousBackups(b -> b.tableName(TABLE))
                .continuousBackupsDescription()
                .pointInTimeRecoveryDescription()
                .pointInTimeRecoveryStatus())
        .isEqualTo(PointInTimeRecoveryStatus.DISABLED);
    var updated =
        fx.client
            .updateContinuousBackups(
                b ->
                    b.tableName(TABLE)
                        .pointInTimeRecoverySpecification(
                            p -> p.pointInTimeRecoveryEnabled(true).recoveryPeriodInDays(10)))
            .continuousBackupsDescription()
            .pointInTimeRecoveryDescription();
    assertThat(updated.pointInTimeRecoveryStatus()).isEqualTo(PointInTimeRecoveryStatus.ENABLED);
    assertThat(updated.recoveryPeriodInDays()).isEqualTo(10);
    assertThat(updated.earliestRestorableDateTime()).isNotNull();
    assertThat(updated.latestRestorableDateTime()).isNotNull();
    assertThatThrownBy(
            () ->
                fx.client.restoreTableToPointInTime(
                    b ->
                        b.sourceTableName(TABLE)
                            .targetTableName(RESTORED)
                            .useLatestRestorableTime(true)))
        .isInstanceOf(PointInTimeRecoveryUnavailableException.class)
        .hasMessageContaining("keeps no history");
  }
}
