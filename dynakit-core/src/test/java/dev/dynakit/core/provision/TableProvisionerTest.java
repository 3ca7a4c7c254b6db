package dev.dynakit.core.provision;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynakit.core.provision.Difference.Severity;
import dev.dynakit.core.provision.PlanStep.Action;
import dev.dynakit.core.schema.IndexKey;
import dev.dynakit.core.schema.IndexSpec;
import dev.dynakit.core.schema.KeyField;
import dev.dynakit.core.schema.StreamView;
import dev.dynakit.core.schema.TableSpec;
import dev.dynakit.test.DynakitTest;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveDescription;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveStatus;

@DynakitTest
class TableProvisionerTest {
  static final IndexSpec BY_STATUS =
      IndexSpec.global("byStatus").partitionKey("status").sortKey("pickupAt").keysOnly().build();
  static final IndexSpec BY_PICKUP = IndexSpec.local("byPickup").sortKey("pickupAt").build();

  /** A hierarchical car-rental table: state, city, rental. */
  static final TableSpec RENTALS = rentalsWith(BY_STATUS, BY_PICKUP).build();

  /** The car-rental declaration with these indices instead. */
  static TableSpec.Builder rentalsWith(IndexSpec... indices) {
    TableSpec.Builder b =
        TableSpec.builder("rentals")
            .keyFields(KeyField.string("state"), KeyField.string("city"), KeyField.string("rental"))
            .structuralKey("_sk")
            .technicalPrefix("_")
            .searchable("customer")
            .descriptorKey("__descriptor__")
            .ttlField("_expiresAt")
            .stream(StreamView.NEW_IMAGE);
    for (IndexSpec index : indices) {
      b.index(index);
    }
    return b;
  }

  static TableProvisioner provisioner(DynamoDbClient dynamo) {
    return TableProvisioner.of(dynamo);
  }

  @Test
  void plan_missingTable_createsItWithTtlAndDescriptor_andChangesNothing(DynamoDbClient dynamo) {
    ProvisioningPlan plan = provisioner(dynamo).plan(RENTALS);

    assertThat(plan.tableExists()).isFalse();
    assertThat(plan.refused()).isFalse();
    assertThat(plan.steps())
        .extracting(PlanStep::action)
        .containsExactly(Action.CREATE_TABLE, Action.ENABLE_TTL, Action.WRITE_DESCRIPTOR);
    assertThat(plan.steps().get(0).description())
        .isEqualTo(
            "create table rentals: key state:S HASH, _sk:S RANGE; PAY_PER_REQUEST;"
                + " GSI byStatus (status:S HASH, pickupAt:S RANGE; KEYS_ONLY);"
                + " LSI byPickup (state:S HASH, pickupAt:S RANGE; ALL); stream NEW_IMAGE");
    assertThat(plan.lines())
        .containsExactly(
            "Table rentals does not exist: 3 changes:",
            "  + " + plan.steps().get(0).description(),
            "  + enable TTL on _expiresAt",
            "  + write the descriptor row '__descriptor__'");
    assertThat(dynamo.listTables().tableNames()).isEmpty();
  }

  @Test
  void ensure_createsTheTableWithIndicesStreamTtlAndDescriptor(DynamoDbClient dynamo) {
    ProvisioningPlan applied = provisioner(dynamo).ensure(RENTALS);

    assertThat(applied.steps()).hasSize(3);
    TableDescription table = dynamo.describeTable(b -> b.tableName("rentals")).table();
    assertThat(table.tableStatusAsString()).isEqualTo("ACTIVE");
    assertThat(table.keySchema())
        .containsExactly(key("state", KeyType.HASH), key("_sk", KeyType.RANGE));
    assertThat(table.billingModeSummary().billingMode()).isEqualTo(BillingMode.PAY_PER_REQUEST);
    GlobalSecondaryIndexDescription byStatus = table.globalSecondaryIndexes().get(0);
    assertThat(byStatus.indexName()).isEqualTo("byStatus");
    assertThat(byStatus.keySchema())
        .containsExactly(key("status", KeyType.HASH), key("pickupAt", KeyType.RANGE));
    assertThat(byStatus.projection().projectionType()).isEqualTo(ProjectionType.KEYS_ONLY);
    assertThat(byStatus.indexStatusAsString()).isEqualTo("ACTIVE");
    LocalSecondaryIndexDescription byPickup = table.localSecondaryIndexes().get(0);
    assertThat(byPickup.indexName()).isEqualTo("byPickup");
    assertThat(byPickup.keySchema())
        .containsExactly(key("state", KeyType.HASH), key("pickupAt", KeyType.RANGE));
    assertThat(table.streamSpecification().streamViewTypeAsString()).isEqualTo("NEW_IMAGE");

    TimeToLiveDescription ttl =
        dynamo.describeTimeToLive(b -> b.tableName("rentals")).timeToLiveDescription();
    assertThat(ttl.timeToLiveStatus()).isEqualTo(TimeToLiveStatus.ENABLED);
    assertThat(ttl.attributeName()).isEqualTo("_expiresAt");

    Map<String, AttributeValue> descriptor =
        dynamo
            .getItem(
                b ->
                    b.tableName("rentals")
                        .key(
                            Map.of(
                                "state", AttributeValue.fromS("__descriptor__"),
                                "_sk", AttributeValue.fromS("__descriptor__"))))
            .item();
    assertThat(descriptor.get(Descriptor.DECLARATION).s()).contains("\"customer\":true");
    assertThat(descriptor.get(Descriptor.HASH).s())
        .isEqualTo(Descriptor.sha256(descriptor.get(Descriptor.DECLARATION).s()))
        .hasSize(64);
    assertThat(descriptor.get(Descriptor.VERSION).n()).isEqualTo("1");
  }

  @Test
  void ensure_twice_theSecondIsANoOp(DynamoDbClient dynamo) {
    provisioner(dynamo).ensure(RENTALS);
    String created =
        dynamo.describeTable(b -> b.tableName("rentals")).table().creationDateTime().toString();

    assertThat(provisioner(dynamo).plan(RENTALS).isEmpty()).isTrue();
    ProvisioningPlan second =
        provisioner(dynamo)
            .ensure(
                RENTALS,
                step -> {
                  throw new AssertionError("no step expected: " + step);
                });

    assertThat(second.isEmpty()).isTrue();
    assertThat(second.lines())
        .containsExactly("Table rentals matches its declaration: nothing to do.");
    assertThat(dynamo.describeTable(b -> b.tableName("rentals")).table().creationDateTime())
        .hasToString(created);
    assertThat(provisioner(dynamo).verify(RENTALS).isEmpty()).isTrue();
  }

  @Test
  void ensure_aDeclarationFromJson_isIdempotentToo(DynamoDbClient dynamo) {
    TableSpec fromFile = TableSpec.fromJson(RENTALS.toJson());
    provisioner(dynamo).ensure(RENTALS);

    assertThat(provisioner(dynamo).plan(fromFile).isEmpty()).isTrue();
  }

  @Test
  void verify_missingTable_isOneError(DynamoDbClient dynamo) {
    Drift drift = provisioner(dynamo).verify(RENTALS);

    assertThat(drift.differences())
        .containsExactly(new Difference("table", Severity.ERROR, "exists", "absent"));
    assertThat(drift.hasErrors()).isTrue();
    assertThat(drift.lines())
        .containsExactly(
            "Table rentals differs from its declaration (1 difference):",
            "  ERROR table: expected exists, actual absent");
  }

  @Test
  void verify_strict_throwsOnAnyDifference_andPassesAMatchingTable(DynamoDbClient dynamo) {
    assertThatThrownBy(() -> provisioner(dynamo).verify(RENTALS, true))
        .isInstanceOfSatisfying(
            DriftException.class,
            e -> assertThat(e.drift().differences()).extracting(Difference::path).contains("table"))
        .hasMessage("table 'rentals' differs from its declaration: 1 difference (table)");

    provisioner(dynamo).ensure(RENTALS);

    assertThat(provisioner(dynamo).verify(RENTALS, true).isEmpty()).isTrue();
  }

  @Test
  void verify_withoutDescriptorRow_warns_andEnsureWritesIt(DynamoDbClient dynamo) {
    provisioner(dynamo).ensure(RENTALS);
    dynamo.deleteItem(
        b ->
            b.tableName("rentals")
                .key(
                    Map.of(
                        "state", AttributeValue.fromS("__descriptor__"),
                        "_sk", AttributeValue.fromS("__descriptor__"))));

    assertThat(provisioner(dynamo).verify(RENTALS).differences())
        .containsExactly(new Difference("descriptor", Severity.WARNING, "present", "absent"));
    assertThat(provisioner(dynamo).plan(RENTALS).steps())
        .extracting(PlanStep::action)
        .containsExactly(Action.WRITE_DESCRIPTOR);

    provisioner(dynamo).ensure(RENTALS);
    assertThat(provisioner(dynamo).verify(RENTALS).isEmpty()).isTrue();
  }

  @Test
  void multiAttributeGsiKeys_areCreatedAndThenMatch(DynamoDbClient dynamo) {
    TableSpec fleet =
        TableSpec.builder("fleet")
            .keyFields(KeyField.string("vin"))
            .index(
                IndexSpec.global("byFleet")
                    .partitionKey("fleet", "region")
                    .sortKey(IndexKey.string("make"), IndexKey.number("year")))
            .build();

    provisioner(dynamo).ensure(fleet);

    assertThat(
            dynamo
                .describeTable(b -> b.tableName("fleet"))
                .table()
                .globalSecondaryIndexes()
                .get(0)
                .keySchema())
        .containsExactly(
            key("fleet", KeyType.HASH),
            key("region", KeyType.HASH),
            key("make", KeyType.RANGE),
            key("year", KeyType.RANGE));
    assertThat(provisioner(dynamo).plan(fleet).isEmpty()).isTrue();
    assertThat(provisioner(dynamo).verify(fleet).isEmpty()).isTrue();
  }

  @Test
  void numberPartitionKey_getsANumericDescriptorRow(DynamoDbClient dynamo) {
    TableSpec counters =
        TableSpec.builder("counters").keyFields(KeyField.number("id")).descriptorKey("-1").build();

    provisioner(dynamo).ensure(counters);

    assertThat(
            dynamo
                .getItem(b -> b.tableName("counters").key(Map.of("id", AttributeValue.fromN("-1"))))
                .item())
        .containsKey(Descriptor.HASH);
    assertThat(provisioner(dynamo).verify(counters).isEmpty()).isTrue();
  }

  private static KeySchemaElement key(String name, KeyType type) {
    return KeySchemaElement.builder().attributeName(name).keyType(type).build();
  }
}
