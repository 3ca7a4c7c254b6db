package dev.dynakit.core.provision;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.core.provision.PlanStep.Action;
import dev.dynakit.core.schema.TableSpec;
import dev.dynakit.test.DynakitTest;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;

/** The single-table example provisions from its declaration as written. */
@DynakitTest
class ShopProvisioningTest {
  static final TableSpec SHOP = TableSpec.fromJson(Path.of("..", "examples", "specs", "shop.json"));

  @Test
  void plan_shop_createsGenericKeysAndBothGsis(DynamoDbClient dynamo) {
    ProvisioningPlan plan = TableProvisioner.of(dynamo).plan(SHOP);

    assertThat(plan.steps()).extracting(PlanStep::action).containsExactly(Action.CREATE_TABLE);
    assertThat(plan.steps().get(0).description())
        .isEqualTo(
            "create table shop: key PK:S HASH, SK:S RANGE; PAY_PER_REQUEST;"
                + " GSI GSI1 (GSI1PK:S HASH, GSI1SK:S RANGE; ALL);"
                + " GSI GSI2 (GSI2PK:S HASH, GSI2SK:S RANGE; KEYS_ONLY)");
  }

  @Test
  void ensure_shop_createsTheTable_andASecondEnsureChangesNothing(DynamoDbClient dynamo) {
    TableProvisioner.of(dynamo).ensure(SHOP);

    TableDescription table = dynamo.describeTable(b -> b.tableName("shop")).table();
    assertThat(table.keySchema()).extracting(k -> k.attributeName()).containsExactly("PK", "SK");
    assertThat(table.globalSecondaryIndexes())
        .extracting(i -> i.indexName())
        .containsExactlyInAnyOrder("GSI1", "GSI2");
    assertThat(TableProvisioner.of(dynamo).plan(SHOP).steps()).isEmpty();
    assertThat(TableProvisioner.of(dynamo).verify(SHOP).differences()).isEmpty();
  }
}
