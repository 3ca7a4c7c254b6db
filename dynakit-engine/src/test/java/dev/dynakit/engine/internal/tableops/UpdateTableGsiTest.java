package dev.dynakit.engine.internal.tableops;

import static dev.dynakit.engine.internal.tableops.Wire.at;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.error.ErrorType;
import dev.dynakit.engine.internal.protocol.Operation;
import dev.dynakit.engine.internal.protocol.Request;
import dev.dynakit.engine.internal.table.IndexDef;
import dev.dynakit.engine.internal.table.IndexLifecycle;
import dev.dynakit.engine.internal.table.Table;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class UpdateTableGsiTest {
  private final Wire wire = new Wire();

  private static final String INVALID = "One or more parameter values were invalid: ";

  @AfterEach
  void close() {
    wire.close();
  }

  /** tab1: pk/sk, one LSI (lsi on x), one GSI byA on a; on demand or provisioned. */
  private void createTable(boolean onDemand) {
    String gsiPt =
        onDemand ? "" : ",'ProvisionedThroughput':{'ReadCapacityUnits':2,'WriteCapacityUnits':2}";
    wire.create(
        "{'TableName':'tab1','AttributeDefinitions':[{'AttributeName':'pk','AttributeType':'S'},"
            + "{'AttributeName':'sk','AttributeType':'S'},{'AttributeName':'a','AttributeType':'S'},"
            + "{'AttributeName':'x','AttributeType':'N'}],"
            + "'KeySchema':[{'AttributeName':'pk','KeyType':'HASH'},{'AttributeName':'sk','KeyType':'RANGE'}],"
            + (onDemand
                ? "'BillingMode':'PAY_PER_REQUEST'"
                : "'ProvisionedThroughput':{'ReadCapacityUnits':1,'WriteCapacityUnits':1}")
            + ",'LocalSecondaryIndexes':[{'IndexName':'lsi','KeySchema':[{'AttributeName':'pk','KeyType':'HASH'},"
            + "{'AttributeName':'x','KeyType':'RANGE'}],'Projection':{'ProjectionType':'ALL'}}]"
            + ",'GlobalSecondaryIndexes':[{'IndexName':'byA','KeySchema':[{'AttributeName':'a','KeyType':'HASH'}],"
            + "'Projection':{'ProjectionType':'KEYS_ONLY'}"
            + gsiPt
            + "}]}");
  }

  private Wire.Answer updates(String defs, String... actions) {
    return wire.call(
        "UpdateTable",
        "{'TableName':'tab1'"
            + (defs == null ? "" : ",'AttributeDefinitions':[" + defs + "]")
            + ",'GlobalSecondaryIndexUpdates':["
            + String.join(",", actions)
            + "]}");
  }

  private static String createAction(String name, String keys, String extra) {
    return "{'Create':{'IndexName':'"
        + name
        + "','KeySchema':["
        + keys
        + "],'Projection':{'ProjectionType':'ALL'}"
        + extra
        + "}}";
  }

  private static final String B_DEF = "{'AttributeName':'b','AttributeType':'S'}";
  private static final String B_HASH = "{'AttributeName':'b','KeyType':'HASH'}";

  @SuppressWarnings("unchecked")
  private List<String> gsiNames() {
    List<String> names = new ArrayList<>();
    Object gsis = wire.describe("tab1").get("GlobalSecondaryIndexes");
    if (gsis != null) {
      for (Object g : (List<Object>) gsis) {
        names.add((String) ((Map<String, Object>) g).get("IndexName"));
      }
    }
    return names;
  }

  @SuppressWarnings("unchecked")
  private List<Object> definitionNames() {
    List<Object> names = new ArrayList<>();
    for (Object d : (List<Object>) wire.describe("tab1").get("AttributeDefinitions")) {
      names.add(((Map<String, Object>) d).get("AttributeName"));
    }
    return names;
  }

  @Test
  void createGsi_onDemand_isActiveWithItsDefinition() {
    createTable(true);
    Map<String, Object> d =
        updates(B_DEF, createAction("byB", B_HASH, "")).ok().map("TableDescription");
    assertThat(at(d, "GlobalSecondaryIndexes", 1))
        .containsEntry("IndexName", "byB")
        .containsEntry("IndexStatus", "ACTIVE")
        .containsEntry("IndexArn", Wire.ARN_PREFIX + "tab1/index/byB");
    assertThat(definitionNames()).containsExactly("a", "b", "pk", "sk", "x");
  }

  @Test
  void createGsi_definitionRules() {
    createTable(true);
    updates(null, createAction("byB", B_HASH, ""))
        .invalid(INVALID + "AttributeDefinitions is not specified for index: byB");
    // the table defines sk, but the request must too
    updates(B_DEF, createAction("byB", B_HASH + ",{'AttributeName':'sk','KeyType':'RANGE'}", ""))
        .invalid(INVALID + "Some index key attributes are not defined in AttributeDefinitions");
    updates(B_DEF, createAction("byA", B_HASH, ""))
        .invalid("Attempting to create an index which already exists");
    updates(B_DEF, createAction("lsi", B_HASH, ""))
        .invalid("Attempting to create an index which already exists");
    updates(
            B_DEF,
            createAction(
                "byB",
                B_HASH,
                ",'ProvisionedThroughput':{'ReadCapacityUnits':1,'WriteCapacityUnits':1}"))
        .invalid(
            INVALID
                + "Neither ReadCapacityUnits nor WriteCapacityUnits can be specified for index: byB"
                + " when BillingMode is PAY_PER_REQUEST");
    assertThat(gsiNames()).containsExactly("byA");
    assertThat(definitionNames()).containsExactly("a", "pk", "sk", "x");
  }

  @Test
  void createGsi_provisionedNeedsThroughput() {
    createTable(false);
    updates(B_DEF, createAction("byB", B_HASH, ""))
        .invalid(
            INVALID
                + "Both ReadCapacityUnits and WriteCapacityUnits must be specified for index: byB");
    Map<String, Object> d =
        updates(
                B_DEF,
                createAction(
                    "byB",
                    B_HASH,
                    ",'ProvisionedThroughput':{'ReadCapacityUnits':3,'WriteCapacityUnits':3}"))
            .ok()
            .map("TableDescription");
    assertThat(at(d, "GlobalSecondaryIndexes", 1, "ProvisionedThroughput"))
        .containsEntry("ReadCapacityUnits", 3L);
  }

  @Test
  void createGsi_keyAttributesAlreadyOnTheTable_mustStillBeDefinedInTheRequest() {
    createTable(true);
    updates(B_DEF, createAction("byBa", B_HASH + ",{'AttributeName':'a','KeyType':'RANGE'}", ""))
        .invalid(INVALID + "Some index key attributes are not defined in AttributeDefinitions");
  }

  @Test
  void createGsi_redefiningAnAttributesType_isRefused_andCreatesNoIndex() {
    createTable(true);
    // a is S on the table (index byA): a new index may not define it as N
    updates(
            "{'AttributeName':'a','AttributeType':'N'}",
            createAction("byA2", "{'AttributeName':'a','KeyType':'HASH'}", ""))
        .invalid(
            INVALID
                + "Cannot redefine the type of attribute a: it is defined as S, the request"
                + " defines it as N");
    Map<String, Object> d = wire.call("DescribeTable", "{'TableName':'tab1'}").ok().map("Table");
    assertThat((List<?>) d.get("GlobalSecondaryIndexes")).hasSize(1);
  }

  @Test
  void createGsi_multiAttributeKey() {
    createTable(true);
    Map<String, Object> d =
        updates(
                B_DEF
                    + ",{'AttributeName':'a','AttributeType':'S'},{'AttributeName':'c','AttributeType':'N'}",
                createAction(
                    "byBc",
                    B_HASH
                        + ",{'AttributeName':'a','KeyType':'HASH'},{'AttributeName':'c','KeyType':'RANGE'}",
                    ""))
            .ok()
            .map("TableDescription");
    assertThat((List<?>) at(d, "GlobalSecondaryIndexes", 1).get("KeySchema")).hasSize(3);
  }

  @Test
  void createGsi_pastTwenty_isLimitExceeded() {
    createTable(true);
    for (int i = 0; i < 19; i++) {
      updates(B_DEF, createAction("gsi" + i, B_HASH, "")).ok();
    }
    updates(B_DEF, createAction("one-too-many", B_HASH, ""))
        .refused(
            Wire.LIMIT,
            "Subscriber limit exceeded: Number of global secondary indexes exceeds per-table limit of 20");
  }

  @Test
  void actionsPerRequest_rules() {
    createTable(true);
    updates(B_DEF, createAction("byB", B_HASH, ""), "{'Delete':{'IndexName':'byA'}}")
        .refused(
            Wire.LIMIT,
            "Subscriber limit exceeded: Only 1 online index can be created or deleted"
                + " simultaneously per table");
    updates(
            null,
            "{'Delete':{'IndexName':'byA'}}",
            "{'Update':{'IndexName':'byA','OnDemandThroughput':{'MaxReadRequestUnits':5}}}")
        .invalid(
            INVALID
                + "Only one global secondary index update per index is allowed simultaneously."
                + " Index: byA");
    updates(null, "{}")
        .invalid(
            INVALID
                + "One of GlobalSecondaryIndexUpdate.Update, GlobalSecondaryIndexUpdate.Create,"
                + " GlobalSecondaryIndexUpdate.Delete must not be null");
    updates(
            null,
            "{'Delete':{'IndexName':'byA'},'Update':{'IndexName':'byA','OnDemandThroughput':{'MaxReadRequestUnits':5}}}")
        .invalid(
            INVALID
                + "Only one global secondary index action is allowed per GlobalSecondaryIndexUpdate"
                + " object");
    updates(null, "{'Delete':{}}")
        .invalid(
            "1 validation error detected: Value null at"
                + " 'globalSecondaryIndexUpdates.1.member.delete.indexName' failed to satisfy"
                + " constraint: Member must not be null");
    assertThat(gsiNames()).containsExactly("byA");
  }

  @Test
  void createWithOtherChanges_isRefused() {
    createTable(false);
    wire.call(
            "UpdateTable",
            "{'TableName':'tab1','AttributeDefinitions':["
                + B_DEF
                + "],'ProvisionedThroughput':"
                + "{'ReadCapacityUnits':5,'WriteCapacityUnits':5},'GlobalSecondaryIndexUpdates':["
                + createAction(
                    "byB",
                    B_HASH,
                    ",'ProvisionedThroughput':{'ReadCapacityUnits':1,'WriteCapacityUnits':1}")
                + "]}")
        .invalid(INVALID + "You cannot create or delete index while updating table IOPS");
    wire.call(
            "UpdateTable",
            "{'TableName':'tab1','StreamSpecification':{'StreamEnabled':true,'StreamViewType':'KEYS_ONLY'},"
                + "'GlobalSecondaryIndexUpdates':[{'Delete':{'IndexName':'byA'}}]}")
        .invalid(INVALID + "You cannot create or delete index while changing stream status");
    assertThat(gsiNames()).containsExactly("byA");
  }

  @Test
  void deleteGsi_removesItAndPrunesItsDefinition() {
    createTable(true);
    Map<String, Object> d =
        updates(null, "{'Delete':{'IndexName':'byA'}}").ok().map("TableDescription");
    assertThat(d).doesNotContainKey("GlobalSecondaryIndexes");
    assertThat(definitionNames()).containsExactly("pk", "sk", "x");
  }

  @Test
  void unknownAndLocalIndexes_areRefused() {
    createTable(true);
    updates(null, "{'Delete':{'IndexName':'nope'}}")
        .refused(Wire.NOT_FOUND, "Requested resource not found: Index nope for table tab1");
    updates(null, "{'Delete':{'IndexName':'lsi'}}")
        .invalid("Cannot delete an index that is not a GlobalSecondaryIndex: lsi");
    updates(null, "{'Update':{'IndexName':'lsi','OnDemandThroughput':{'MaxReadRequestUnits':5}}}")
        .invalid("Cannot update an index that is not a GlobalSecondaryIndex: lsi");
  }

  @Test
  void updateGsiThroughput_provisioned() {
    createTable(false);
    String same =
        "{'Update':{'IndexName':'byA','ProvisionedThroughput':{'ReadCapacityUnits':2,'WriteCapacityUnits':2}}}";
    updates(null, same)
        .invalid(
            "The provisioned throughput for the index byA will not change. The requested value"
                + " equals the current value. Current ReadCapacityUnits provisioned for index byA: 2."
                + " Requested ReadCapacityUnits: 2. Current WriteCapacityUnits provisioned for index"
                + " byA: 2. Requested WriteCapacityUnits: 2. Refer to the Amazon DynamoDB Developer"
                + " Guide for current limits and how to request higher limits.");
    Map<String, Object> d =
        updates(
                null,
                "{'Update':{'IndexName':'byA','ProvisionedThroughput':{'ReadCapacityUnits':2,'WriteCapacityUnits':9}}}")
            .ok()
            .map("TableDescription");
    assertThat(at(d, "GlobalSecondaryIndexes", 0, "ProvisionedThroughput"))
        .containsEntry("WriteCapacityUnits", 9L);
  }

  @Test
  void updateGsiThroughput_onDemand_isRefused() {
    createTable(true);
    updates(
            null,
            "{'Update':{'IndexName':'byA','ProvisionedThroughput':{'ReadCapacityUnits':2,'WriteCapacityUnits':2}}}")
        .invalid(
            INVALID
                + "The only Updates for index: byA when TableThroughputMode is PAY_PER_REQUEST can"
                + " be to OnDemandThroughput, WarmThroughput");
  }

  @Test
  void billingSwitch_toProvisioned_needsEveryGsi() {
    createTable(true);
    wire.call(
            "UpdateTable",
            "{'TableName':'tab1','BillingMode':'PROVISIONED','ProvisionedThroughput':{'ReadCapacityUnits':5,'WriteCapacityUnits':5}}")
        .invalid(INVALID + "ProvisionedThroughput must be specified for index: byA");
    Map<String, Object> d =
        wire.call(
                "UpdateTable",
                "{'TableName':'tab1','BillingMode':'PROVISIONED','ProvisionedThroughput':{'ReadCapacityUnits':5,'WriteCapacityUnits':5},"
                    + "'GlobalSecondaryIndexUpdates':[{'Update':{'IndexName':'byA','ProvisionedThroughput':{'ReadCapacityUnits':4,'WriteCapacityUnits':4}}}]}")
            .ok()
            .map("TableDescription");
    assertThat(at(d, "GlobalSecondaryIndexes", 0, "ProvisionedThroughput"))
        .containsEntry("ReadCapacityUnits", 4L);
    d =
        wire.call("UpdateTable", "{'TableName':'tab1','BillingMode':'PAY_PER_REQUEST'}")
            .ok()
            .map("TableDescription");
    assertThat(at(d, "GlobalSecondaryIndexes", 0, "ProvisionedThroughput"))
        .containsEntry("ReadCapacityUnits", 0L);
  }

  /** The index-maintenance hook: CREATING until the lifecycle marks the index ACTIVE. */
  @Test
  void lifecycle_createdIndexIsCreatingUntilMarkedActive() {
    createTable(true);
    List<IndexDef> created = new ArrayList<>();
    List<IndexDef> deleted = new ArrayList<>();
    IndexLifecycle recording =
        new IndexLifecycle() {
          @Override
          public void created(Table table, IndexDef index) {
            created.add(index);
          }

          @Override
          public void deleted(Table table, IndexDef index) {
            deleted.add(index);
          }
        };
    Map<String, Operation> ops = new HashMap<>();
    ControlPlane.register(ops, wire.state(), recording);
    Object answer =
        run(
            ops,
            "UpdateTable",
            "{'TableName':'tab1','AttributeDefinitions':["
                + B_DEF
                + "],'GlobalSecondaryIndexUpdates':["
                + createAction("byB", B_HASH, "")
                + "]}");
    assertThat(created).extracting(IndexDef::name).containsExactly("byB");
    assertThat(created.get(0).status()).isEqualTo("CREATING");
    Map<String, Object> gsi = at(answer, "TableDescription", "GlobalSecondaryIndexes", 1);
    assertThat(gsi).containsEntry("IndexStatus", "CREATING").containsEntry("Backfilling", true);

    // while an index is being built, DynamoDB refuses another index change and DeleteTable
    assertThatThrownBy(
            () ->
                run(
                    ops,
                    "UpdateTable",
                    "{'TableName':'tab1','GlobalSecondaryIndexUpdates':[{'Delete':{'IndexName':'byA'}}]}"))
        .isInstanceOfSatisfying(
            EngineException.class, e -> assertThat(e.type()).isEqualTo(ErrorType.LIMIT_EXCEEDED));
    assertThatThrownBy(() -> run(ops, "DeleteTable", "{'TableName':'tab1'}"))
        .isInstanceOfSatisfying(
            EngineException.class,
            e -> {
              assertThat(e.type()).isEqualTo(ErrorType.RESOURCE_IN_USE);
              assertThat(e.getMessage())
                  .isEqualTo(
                      "Attempt to change a resource which is still in use: Cannot delete table"
                          + " while indexes are being created, updated, or deleted.");
            });

    Table table = wire.state().catalog().require("tab1");
    table.indexStatus("byB", "ACTIVE", false);
    assertThat(at(wire.describe("tab1"), "GlobalSecondaryIndexes", 1))
        .containsEntry("IndexStatus", "ACTIVE")
        .doesNotContainKey("Backfilling");

    run(
        ops,
        "UpdateTable",
        "{'TableName':'tab1','GlobalSecondaryIndexUpdates':[{'Delete':{'IndexName':'byA'}}]}");
    assertThat(deleted).extracting(IndexDef::name).containsExactly("byA");
  }

  private static Object run(Map<String, Operation> ops, String op, String json) {
    return ops.get(op)
        .execute(Request.parse(json.replace('\'', '"').getBytes(StandardCharsets.UTF_8)));
  }
}
