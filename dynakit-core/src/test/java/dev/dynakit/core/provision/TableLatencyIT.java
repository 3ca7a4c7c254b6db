package dev.dynakit.core.provision;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynakit.core.provision.PlanStep.Action;
import dev.dynakit.core.schema.IndexSpec;
import dev.dynakit.core.schema.KeyField;
import dev.dynakit.core.schema.TableSpec;
import dev.dynakit.embedded.DynakitClients;
import dev.dynakit.engine.DynakitEngine;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;

/**
 * Provisioning against an engine whose CreateTable and UpdateTable take time, as DynamoDB's do:
 * ensure waits for ACTIVE (its waiter polls DescribeTable) before each step that needs it. The
 * latency is short and real; the waits are for states, not for time.
 */
class TableLatencyIT {
  private static final Duration LATENCY = Duration.ofMillis(200);
  private static final IndexSpec BY_STATUS =
      IndexSpec.global("byStatus").partitionKey("status").sortKey("placedAt").build();
  private static final IndexSpec BY_SHOP =
      IndexSpec.global("byShop").partitionKey("shop").keysOnly().build();

  private final DynakitEngine engine = DynakitEngine.builder().tableLatency(LATENCY).build();
  private final DynamoDbClient dynamo = DynakitClients.inProcess(engine);

  @AfterEach
  void stop() {
    dynamo.close();
    engine.close();
  }

  private static TableSpec orders(IndexSpec... indices) {
    TableSpec.Builder b =
        TableSpec.builder("orders")
            .keyFields(KeyField.string("customer"), KeyField.string("order"))
            .structuralKey("_sk")
            .technicalPrefix("_")
            .descriptorKey("__descriptor__")
            .ttlField("_expiresAt");
    for (IndexSpec index : indices) {
      b.index(index);
    }
    return b.build();
  }

  private TableDescription describe() {
    return dynamo.describeTable(b -> b.tableName("orders")).table();
  }

  /** The table's status and its GSIs', as "ACTIVE byShop:ACTIVE byStatus:CREATING". */
  private String statuses() {
    TableDescription d = describe();
    StringBuilder s = new StringBuilder(d.tableStatusAsString());
    for (GlobalSecondaryIndexDescription g : d.globalSecondaryIndexes()) {
      s.append(' ').append(g.indexName()).append(':').append(g.indexStatusAsString());
    }
    return s.toString();
  }

  @Test
  void ensure_aTableWithTwoGsis_waitsThroughCreating_andWritesItsDescriptorOnceActive() {
    List<String> seen = new ArrayList<>();
    long started = System.nanoTime();

    ProvisioningPlan plan =
        TableProvisioner.of(dynamo)
            .ensure(
                orders(BY_STATUS, BY_SHOP),
                step -> {
                  if (step.action() != Action.CREATE_TABLE) {
                    seen.add(step.action() + " after " + statuses());
                  }
                });

    assertThat(plan.steps())
        .extracting(PlanStep::action)
        .containsExactly(Action.CREATE_TABLE, Action.ENABLE_TTL, Action.WRITE_DESCRIPTOR);
    // CreateTable's waiter let nothing run before the table and both GSIs were ACTIVE
    assertThat(seen)
        .containsExactly(
            "ENABLE_TTL after ACTIVE byStatus:ACTIVE byShop:ACTIVE",
            "WRITE_DESCRIPTOR after ACTIVE byStatus:ACTIVE byShop:ACTIVE");
    assertThat(System.nanoTime() - started).isGreaterThanOrEqualTo(LATENCY.toNanos());
    assertThat(dynamo.scan(b -> b.tableName("orders")).count()).isEqualTo(1);
  }

  @Test
  void ensure_addingAGsi_waitsThroughUpdatingAndCreating() {
    TableProvisioner.of(dynamo).ensure(orders(BY_STATUS));
    dynamo.putItem(
        b ->
            b.tableName("orders")
                .item(
                    Map.of(
                        "customer", AttributeValue.fromS("c1"),
                        "_sk", AttributeValue.fromS("o1"),
                        "shop", AttributeValue.fromS("s1"))));

    ProvisioningPlan plan = TableProvisioner.of(dynamo).ensure(orders(BY_STATUS, BY_SHOP));

    assertThat(plan.steps()).extracting(PlanStep::action).contains(Action.ADD_GLOBAL_INDEX);
    assertThat(statuses()).isEqualTo("ACTIVE byStatus:ACTIVE byShop:ACTIVE");
    assertThat(
            dynamo
                .query(
                    b ->
                        b.tableName("orders")
                            .indexName("byShop")
                            .keyConditionExpression("shop = :s")
                            .expressionAttributeValues(Map.of(":s", AttributeValue.fromS("s1"))))
                .count())
        .isEqualTo(1);
  }

  @Test
  void aPutRightAfterCreateTable_isRefusedAsDynamoDbRefusesIt() {
    TableProvisioner provisioner = TableProvisioner.of(dynamo);
    dynamo.createTable(
        (software.amazon.awssdk.services.dynamodb.model.CreateTableRequest)
            provisioner.plan(orders(BY_STATUS, BY_SHOP)).steps().get(0).request());

    assertThat(describe().tableStatusAsString()).isEqualTo("CREATING");
    assertThatThrownBy(
            () ->
                dynamo.putItem(
                    b ->
                        b.tableName("orders")
                            .item(
                                Map.of(
                                    "customer", AttributeValue.fromS("c1"),
                                    "_sk", AttributeValue.fromS("o1")))))
        .isInstanceOf(ResourceNotFoundException.class)
        .hasMessageStartingWith("Requested resource not found");
  }
}
