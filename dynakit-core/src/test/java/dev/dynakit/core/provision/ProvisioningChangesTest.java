package dev.dynakit.core.provision;

import static dev.dynakit.core.provision.TableProvisionerTest.BY_PICKUP;
import static dev.dynakit.core.provision.TableProvisionerTest.BY_STATUS;
import static dev.dynakit.core.provision.TableProvisionerTest.RENTALS;
import static dev.dynakit.core.provision.TableProvisionerTest.rentalsWith;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.assertj.core.api.Assertions.tuple;

import dev.dynakit.core.provision.Difference.Severity;
import dev.dynakit.core.provision.PlanStep.Action;
import dev.dynakit.core.schema.IndexKey;
import dev.dynakit.core.schema.IndexSpec;
import dev.dynakit.core.schema.TableSpec;
import dev.dynakit.test.DynakitTest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;

/** What plan, ensure and verify make of a declaration that changed after the table was created. */
@DynakitTest
class ProvisioningChangesTest {
  private static final TableSpec WITH_BY_CAR =
      RENTALS.toBuilder()
          .index(IndexSpec.global("byCar").partitionKey("vin").sortKey("pickupAt").include("make"))
          .build();

  private static TableProvisioner provisioner(DynamoDbClient dynamo) {
    return TableProvisioner.of(dynamo);
  }

  private static TableDescription describe(DynamoDbClient dynamo) {
    return dynamo.describeTable(b -> b.tableName("rentals")).table();
  }

  @Test
  void addedGsi_isReportedByVerify_plannedAndAddedByEnsure_afterTheBackfill(DynamoDbClient dynamo) {
    provisioner(dynamo).ensure(RENTALS);
    for (int i = 0; i < 200; i++) {
      Map<String, AttributeValue> item =
          Map.of(
              "state", AttributeValue.fromS("TX"),
              "_sk", AttributeValue.fromS("TX|Austin|" + i),
              "vin", AttributeValue.fromS("VIN" + (i % 7)),
              "pickupAt", AttributeValue.fromS("2026-01-" + (10 + i % 20)),
              "make", AttributeValue.fromS("Toyota"));
      dynamo.putItem(b -> b.tableName("rentals").item(item));
    }

    Drift drift = provisioner(dynamo).verify(WITH_BY_CAR);
    assertThat(drift.differences())
        .contains(
            new Difference(
                "gsi.byCar",
                Severity.ERROR,
                "vin:S HASH, pickupAt:S RANGE; INCLUDE [make]",
                "absent"));
    assertThat(drift.differences())
        .extracting(Difference::path)
        .containsExactly("gsi.byCar", "descriptor.indices.byCar");

    List<PlanStep> ran = new ArrayList<>();
    List<String> byCarStatusBeforeEachStep = new ArrayList<>();
    ProvisioningPlan plan =
        provisioner(dynamo)
            .ensure(
                WITH_BY_CAR,
                step -> {
                  ran.add(step);
                  byCarStatusBeforeEachStep.add(
                      describe(dynamo).globalSecondaryIndexes().stream()
                          .filter(g -> g.indexName().equals("byCar"))
                          .map(GlobalSecondaryIndexDescription::indexStatusAsString)
                          .findFirst()
                          .orElse("absent"));
                });

    assertThat(plan.steps())
        .extracting(PlanStep::action)
        .containsExactly(Action.ADD_GLOBAL_INDEX, Action.WRITE_DESCRIPTOR);
    assertThat(plan.steps().get(0).description())
        .isEqualTo("add GSI byCar (vin:S HASH, pickupAt:S RANGE; INCLUDE [make])");
    assertThat(plan.steps().get(1).description())
        .isEqualTo("update the descriptor row '__descriptor__' (changed: indices.byCar)");
    assertThat(ran).isEqualTo(plan.steps());
    // the step after the GSI started only once the backfill was done
    assertThat(byCarStatusBeforeEachStep).containsExactly("absent", "ACTIVE");
    GlobalSecondaryIndexDescription byCar = describe(dynamo).globalSecondaryIndexes().get(1);
    assertThat(byCar.indexName()).isEqualTo("byCar");
    // ensure returned only after the backfill: the index is ACTIVE and holds every item
    assertThat(byCar.indexStatusAsString()).isEqualTo("ACTIVE");
    assertThat(dynamo.scan(b -> b.tableName("rentals").indexName("byCar").select("COUNT")).count())
        .isEqualTo(200);
    assertThat(provisioner(dynamo).verify(WITH_BY_CAR).isEmpty()).isTrue();
    assertThat(provisioner(dynamo).plan(WITH_BY_CAR).isEmpty()).isTrue();
  }

  @Test
  void changedGsiProjection_isAnErrorAndARefusal_soEnsureChangesNothing(DynamoDbClient dynamo) {
    provisioner(dynamo).ensure(RENTALS);
    TableSpec changed =
        rentalsWith(
                IndexSpec.global("byStatus").partitionKey("status").sortKey("pickupAt").build(),
                BY_PICKUP)
            .build();

    assertThat(provisioner(dynamo).verify(changed).differences())
        .contains(new Difference("gsi.byStatus.projection", Severity.ERROR, "ALL", "KEYS_ONLY"));
    ProvisioningPlan plan = provisioner(dynamo).plan(changed);
    assertThat(plan.refusals())
        .singleElement()
        .satisfies(
            step -> {
              assertThat(step.action()).isEqualTo(Action.MANUAL_CHANGE);
              assertThat(step.target()).isEqualTo("gsi.byStatus");
              assertThat(step.request()).isNull();
              assertThat(step.toString())
                  .isEqualTo(
                      "! GSI byStatus is status:S HASH, pickupAt:S RANGE; KEYS_ONLY on the table,"
                          + " the declaration says status:S HASH, pickupAt:S RANGE; ALL: delete"
                          + " the index, then ensure creates it as declared");
            });

    ProvisioningException refused =
        catchThrowableOfType(
            ProvisioningException.class, () -> provisioner(dynamo).ensure(changed));

    assertThat(refused.plan()).isEqualTo(plan);
    assertThat(refused.getMessage())
        .startsWith("cannot ensure table 'rentals', nothing was changed:");
    assertThat(describe(dynamo).globalSecondaryIndexes().get(0).projection().projectionType())
        .isEqualTo(ProjectionType.KEYS_ONLY);
    // the descriptor still describes the old declaration
    assertThat(provisioner(dynamo).verify(RENTALS).isEmpty()).isTrue();
  }

  @Test
  void newLsi_needsARebuild_isNeverApplied_andBlocksTheOtherChanges(DynamoDbClient dynamo) {
    provisioner(dynamo).ensure(RENTALS);
    TableSpec withLsi =
        WITH_BY_CAR.toBuilder().index(IndexSpec.local("byRate").sortKey("dailyRate")).build();

    ProvisioningPlan plan = provisioner(dynamo).plan(withLsi);

    assertThat(plan.steps())
        .extracting(PlanStep::action)
        .containsExactly(Action.REBUILD_TABLE, Action.ADD_GLOBAL_INDEX, Action.WRITE_DESCRIPTOR);
    assertThat(plan.steps().get(0).toString())
        .isEqualTo(
            "! LSI byRate (state:S HASH, dailyRate:S RANGE; ALL) is not on the table; local"
                + " secondary indices exist only from table creation, so the table must be"
                + " rebuilt");
    assertThat(plan.lines().get(0))
        .isEqualTo(
            "Table rentals exists: 2 changes, 1 refusal (ensure changes nothing while any"
                + " remain):");
    assertThat(provisioner(dynamo).verify(withLsi).differences())
        .contains(
            new Difference(
                "lsi.byRate", Severity.ERROR, "state:S HASH, dailyRate:S RANGE; ALL", "absent"));

    catchThrowableOfType(ProvisioningException.class, () -> provisioner(dynamo).ensure(withLsi));

    TableDescription table = describe(dynamo);
    assertThat(table.localSecondaryIndexes())
        .extracting(l -> l.indexName())
        .containsExactly("byPickup");
    assertThat(table.globalSecondaryIndexes())
        .extracting(g -> g.indexName())
        .containsExactly("byStatus");
  }

  @Test
  void changedLsiProjection_needsARebuild(DynamoDbClient dynamo) {
    provisioner(dynamo).ensure(RENTALS);
    TableSpec keysOnly =
        rentalsWith(BY_STATUS, IndexSpec.local("byPickup").sortKey("pickupAt").keysOnly().build())
            .build();

    assertThat(provisioner(dynamo).plan(keysOnly).refusals())
        .extracting(PlanStep::action, PlanStep::target)
        .containsExactly(tuple(Action.REBUILD_TABLE, "lsi.byPickup"));
    assertThat(provisioner(dynamo).verify(keysOnly).differences())
        .contains(new Difference("lsi.byPickup.projection", Severity.ERROR, "KEYS_ONLY", "ALL"));
  }

  @Test
  void changedSearchableSet_isSeenOnlyThroughTheDescriptor(DynamoDbClient dynamo) {
    provisioner(dynamo).ensure(RENTALS);
    TableSpec moreSearchable = RENTALS.toBuilder().searchable("model").build();

    Drift drift = provisioner(dynamo).verify(moreSearchable);

    assertThat(drift.differences())
        .containsExactly(
            new Difference(
                "descriptor.searchable",
                Severity.WARNING,
                "{\"customer\":true,\"model\":true}",
                "{\"customer\":true}"));
    assertThat(drift.hasErrors()).isFalse();
    ProvisioningPlan plan = provisioner(dynamo).plan(moreSearchable);
    assertThat(plan.steps()).extracting(PlanStep::action).containsExactly(Action.WRITE_DESCRIPTOR);
    assertThat(plan.steps().get(0).description())
        .isEqualTo("update the descriptor row '__descriptor__' (changed: searchable)");

    provisioner(dynamo).ensure(moreSearchable);

    assertThat(provisioner(dynamo).verify(moreSearchable).isEmpty()).isTrue();
    assertThat(provisioner(dynamo).verify(RENTALS).differences())
        .extracting(Difference::path)
        .containsExactly("descriptor.searchable");
  }

  @Test
  void extraLiveGsi_isAWarning_andEnsureLeavesIt(DynamoDbClient dynamo) {
    provisioner(dynamo).ensure(WITH_BY_CAR);
    TableSpec withoutByCar = RENTALS;
    provisioner(dynamo).ensure(withoutByCar); // rewrites the descriptor

    Drift drift = provisioner(dynamo).verify(withoutByCar);

    assertThat(drift.differences())
        .containsExactly(
            new Difference(
                "gsi.byCar",
                Severity.WARNING,
                "absent",
                "vin:S HASH, pickupAt:S RANGE; INCLUDE [make]"));
    assertThat(provisioner(dynamo).plan(withoutByCar).isEmpty()).isTrue();
    assertThat(describe(dynamo).globalSecondaryIndexes()).hasSize(2);
  }

  @Test
  void gsiOnAnAttributeOfAnotherType_isRefused(DynamoDbClient dynamo) {
    provisioner(dynamo).ensure(RENTALS);
    TableSpec clash =
        rentalsWith(
                IndexSpec.global("byCar")
                    .partitionKey("vin")
                    .sortKey(IndexKey.number("pickupAt"))
                    .build())
            .build();

    assertThat(provisioner(dynamo).plan(clash).refusals())
        .singleElement()
        .extracting(PlanStep::description)
        .isEqualTo(
            "GSI byCar cannot be added: pickupAt is S on the table, N in the declaration (an"
                + " attribute has one type per table)");
  }
}
