package dev.dynakit.core.provision;

import static dev.dynakit.core.provision.TableProvisionerTest.BY_PICKUP;
import static dev.dynakit.core.provision.TableProvisionerTest.BY_STATUS;
import static dev.dynakit.core.provision.TableProvisionerTest.RENTALS;
import static dev.dynakit.core.provision.TableProvisionerTest.rentalsWith;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.dynakit.core.provision.Difference.Severity;
import dev.dynakit.core.provision.PlanStep.Action;
import dev.dynakit.core.schema.CapacityMode;
import dev.dynakit.core.schema.StreamSettings;
import dev.dynakit.core.schema.StreamView;
import dev.dynakit.core.schema.TableSpec;
import dev.dynakit.test.DynakitTest;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;

/** Billing, throughput, stream and TTL: what ensure updates and what it refuses. */
@DynakitTest
class ProvisioningSettingsTest {
  private static TableProvisioner provisioner(DynamoDbClient dynamo) {
    return TableProvisioner.of(dynamo);
  }

  private static TableDescription describe(DynamoDbClient dynamo) {
    return dynamo.describeTable(b -> b.tableName("rentals")).table();
  }

  @Test
  void provisionedTable_getsTheThroughputOnTheTableAndEveryGsi(DynamoDbClient dynamo) {
    TableSpec provisioned = rentalsWith(BY_STATUS, BY_PICKUP).provisioned(5, 2).build();

    provisioner(dynamo).ensure(provisioned);

    TableDescription table = describe(dynamo);
    assertThat(table.billingModeSummary().billingMode()).isEqualTo(BillingMode.PROVISIONED);
    assertThat(table.provisionedThroughput().readCapacityUnits()).isEqualTo(5);
    assertThat(table.provisionedThroughput().writeCapacityUnits()).isEqualTo(2);
    assertThat(table.globalSecondaryIndexes().get(0).provisionedThroughput().readCapacityUnits())
        .isEqualTo(5);
    assertThat(provisioner(dynamo).plan(provisioned).isEmpty()).isTrue();
  }

  @Test
  void changedThroughput_isAWarning_andEnsureUpdatesTableAndGsis(DynamoDbClient dynamo) {
    provisioner(dynamo).ensure(rentalsWith(BY_STATUS, BY_PICKUP).provisioned(5, 2).build());
    TableSpec more = rentalsWith(BY_STATUS, BY_PICKUP).provisioned(10, 2).build();

    assertThat(provisioner(dynamo).verify(more).differences())
        .containsExactly(
            new Difference(
                "gsi.byStatus.throughput",
                Severity.WARNING,
                "10 read / 2 write units",
                "5 read / 2 write units"),
            new Difference(
                "throughput",
                Severity.WARNING,
                "10 read / 2 write units",
                "5 read / 2 write units"),
            new Difference(
                "descriptor.provisionedThroughput",
                Severity.WARNING,
                "{\"ReadCapacityUnits\":10,\"WriteCapacityUnits\":2}",
                "{\"ReadCapacityUnits\":5,\"WriteCapacityUnits\":2}"));
    ProvisioningPlan plan = provisioner(dynamo).ensure(more);

    assertThat(plan.steps().get(0).action()).isEqualTo(Action.UPDATE_CAPACITY);
    assertThat(plan.steps().get(0).description())
        .isEqualTo(
            "set the table's throughput to 10 read / 2 write units (was 5 read / 2 write units);"
                + " set GSI byStatus's throughput to 10 read / 2 write units (was 5 read / 2"
                + " write units)");
    assertThat(describe(dynamo).provisionedThroughput().readCapacityUnits()).isEqualTo(10);
    assertThat(provisioner(dynamo).verify(more).isEmpty()).isTrue();
  }

  @Test
  void billingModeSwitch_bothWays(DynamoDbClient dynamo) {
    provisioner(dynamo).ensure(RENTALS);
    TableSpec provisioned = RENTALS.toBuilder().provisioned(3, 3).build();

    assertThat(provisioner(dynamo).verify(provisioned).differences())
        .contains(
            new Difference("billingMode", Severity.WARNING, "PROVISIONED", "PAY_PER_REQUEST"));
    ProvisioningPlan toProvisioned = provisioner(dynamo).ensure(provisioned);

    assertThat(toProvisioned.steps().get(0).description())
        .isEqualTo(
            "switch the billing mode from PAY_PER_REQUEST to PROVISIONED; set the table's"
                + " throughput to 3 read / 3 write units; set GSI byStatus's throughput to 3 read"
                + " / 3 write units");
    assertThat(describe(dynamo).billingModeSummary().billingMode())
        .isEqualTo(BillingMode.PROVISIONED);
    assertThat(provisioner(dynamo).verify(provisioned).isEmpty()).isTrue();

    TableSpec onDemand =
        provisioned.toBuilder().capacityMode(CapacityMode.PAY_PER_REQUEST).throughput(null).build();
    ProvisioningPlan back = provisioner(dynamo).ensure(onDemand);

    assertThat(back.steps())
        .extracting(PlanStep::description)
        .first()
        .isEqualTo("switch the billing mode from PROVISIONED to PAY_PER_REQUEST");
    assertThat(describe(dynamo).billingModeSummary().billingMode())
        .isEqualTo(BillingMode.PAY_PER_REQUEST);
    assertThat(provisioner(dynamo).verify(onDemand).isEmpty()).isTrue();
  }

  @Test
  void declaredStream_isEnabled_anotherViewIsRefused(DynamoDbClient dynamo) {
    TableSpec noStream = RENTALS.toBuilder().stream((StreamSettings) null).build();
    provisioner(dynamo).ensure(noStream);
    assertThat(describe(dynamo).streamSpecification()).isNull();

    assertThat(provisioner(dynamo).verify(RENTALS).differences())
        .contains(new Difference("stream", Severity.WARNING, "NEW_IMAGE", "disabled"));
    ProvisioningPlan plan = provisioner(dynamo).ensure(RENTALS);

    assertThat(plan.steps())
        .extracting(PlanStep::action)
        .containsExactly(Action.ENABLE_STREAM, Action.WRITE_DESCRIPTOR);
    assertThat(describe(dynamo).streamSpecification().streamViewTypeAsString())
        .isEqualTo("NEW_IMAGE");

    TableSpec keysOnly = RENTALS.toBuilder().stream(StreamView.KEYS_ONLY).build();
    assertThat(provisioner(dynamo).plan(keysOnly).refusals())
        .singleElement()
        .extracting(PlanStep::target)
        .isEqualTo("stream");
    TableSpec off = RENTALS.toBuilder().stream(new StreamSettings(false, null)).build();
    assertThat(provisioner(dynamo).plan(off).refusals())
        .singleElement()
        .extracting(PlanStep::description)
        .isEqualTo(
            "the stream is enabled (NEW_IMAGE), the declaration says disabled: turn it off"
                + " yourself (its records are lost)");
    assertThat(provisioner(dynamo).verify(off).differences())
        .contains(new Difference("stream", Severity.WARNING, "disabled", "NEW_IMAGE"));
  }

  @Test
  void ttlOnAnotherAttribute_isRefused_andUndeclaredTtlIsAWarning(DynamoDbClient dynamo) {
    provisioner(dynamo).ensure(RENTALS);
    TableSpec otherTtl = RENTALS.toBuilder().ttlField("_purgeAt").build();

    assertThat(provisioner(dynamo).verify(otherTtl).differences())
        .contains(
            new Difference(
                "ttl", Severity.WARNING, "ENABLED on _purgeAt", "ENABLED on _expiresAt"));
    ProvisioningException refused =
        catchThrowableOfType(
            ProvisioningException.class, () -> provisioner(dynamo).ensure(otherTtl));
    assertThat(refused.getMessage())
        .isEqualTo(
            "cannot ensure table 'rentals', nothing was changed: TTL is enabled on _expiresAt, the"
                + " declaration says _purgeAt: disable TTL (a table has one TTL attribute), then"
                + " ensure enables it as declared");

    TableSpec noTtl =
        TableSpec.fromJson(RENTALS.toJson().replace("\"ttlField\" : \"_expiresAt\",", ""));
    assertThat(noTtl.ttlField()).isNull();
    assertThat(provisioner(dynamo).verify(noTtl).differences())
        .contains(new Difference("ttl", Severity.WARNING, "DISABLED", "ENABLED on _expiresAt"));
  }
}
