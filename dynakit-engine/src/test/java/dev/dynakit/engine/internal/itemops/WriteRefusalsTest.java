package dev.dynakit.engine.internal.itemops;

import dev.dynakit.engine.DynakitEngine;
import dev.dynakit.engine.JsonCalls;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * How PutItem, UpdateItem and DeleteItem refuse a malformed request: inside DynamoDB's "1
 * validation error detected: " envelope, the table name alone, their enumerations together, and
 * everything at once when the item or key is missing.
 */
class WriteRefusalsTest {
  private static final String ONE = "1 validation error detected: ";
  private static final String INVALID = "One or more parameter values were invalid: ";

  private final DynakitEngine engine = DynakitEngine.inMemory();
  private final JsonCalls wire = new JsonCalls(engine);

  @BeforeEach
  void setUp() {
    wire.createTableWithIndex("tab");
  }

  @AfterEach
  void close() {
    engine.close();
  }

  @Test
  void putAndUpdate_reportTheirRequestRefusalsBare_deleteInTheEnvelope() {
    wire.call(
            "PutItem",
            "{'TableName':'tab','Item':{'pk':{'S':'a'}},"
                + "'ExpressionAttributeValues':{':v':{'S':'x'}}}")
        .invalid("ExpressionAttributeValues can only be specified when using expressions");
    wire.call("PutItem", "{'TableName':'tab','Item':{'pk':{'S':'a'}},'ConditionExpression':''}")
        .invalid("Invalid ConditionExpression: The expression can not be empty;");
    wire.call(
            "PutItem",
            "{'TableName':'tab','Item':{'pk':{'S':'a'}},'Expected':{'a':{'Exists':true}}}")
        .invalid(INVALID + "Value must be provided when Exists is true for Attribute: a");
    wire.call("DeleteItem", "{'TableName':'tab','Key':{'pk':{'S':'a'}},'ReturnValues':'ALL_NEW'}")
        .invalid(ONE + "ReturnValues can only be ALL_OLD or NONE");
    // placeholders are no expression parameters: Expected beside names is their own refusal
    wire.call(
            "DeleteItem",
            "{'TableName':'tab','Key':{'pk':{'S':'a'}},'Expected':{'a':{'Exists':false}},"
                + "'ExpressionAttributeNames':{'#a':'a'}}")
        .invalid(ONE + "ExpressionAttributeNames can only be specified when using expressions");
    wire.call(
            "UpdateItem",
            "{'TableName':'tab','Key':{'pk':{'S':'a'}},'UpdateExpression':'SET a = :a',"
                + "'ExpressionAttributeValues':{':a':{'S':'x'}},"
                + "'AttributeUpdates':{'b':{'Action':'PUT','Value':{'S':'y'}}}}")
        .invalid(
            "Can not use both expression and non-expression parameters in the same request:"
                + " Non-expression parameters: {AttributeUpdates} Expression parameters:"
                + " {UpdateExpression}");
    // refusals that need the table stay bare, and so do the ones already enveloped
    wire.call("PutItem", "{'TableName':'tab','Item':{'x':{'S':'a'}}}")
        .invalid(INVALID + "Missing the key pk in the item");
    wire.call("PutItem", "{'TableName':'tab','Item':{'pk':{'S':'a'}},'ReturnValues':'BOGUS'}")
        .invalid(
            ONE
                + "Value 'BOGUS' at 'returnValues' failed to satisfy constraint: Member must"
                + " satisfy enum value set: [ALL_NEW, UPDATED_OLD, ALL_OLD, NONE, UPDATED_NEW]");
  }

  @Test
  void putAndDelete_refuseAMalformedTableNameAlone_andTheirEnumerationsTogether() {
    wire.call("PutItem", "{'TableName':'','Item':{'pk':{'S':'a'}},'ReturnValues':'BOGUS'}")
        .invalid(
            ONE
                + "Value '' at 'tableName' failed to satisfy constraint: Member must have length"
                + " greater than or equal to 1");
    wire.call(
            "PutItem",
            "{'TableName':'tab','Item':{'pk':{'S':'a'}},'ReturnValues':'A',"
                + "'ReturnConsumedCapacity':'B','ReturnItemCollectionMetrics':'C'}")
        .invalid(
            "3 validation errors detected: Value 'B' at 'returnConsumedCapacity' failed to"
                + " satisfy constraint: Member must satisfy enum value set: [INDEXES, TOTAL, NONE];"
                + " Value 'C' at 'returnItemCollectionMetrics' failed to satisfy constraint: Member"
                + " must satisfy enum value set: [SIZE, NONE]; Value 'A' at 'returnValues' failed"
                + " to satisfy constraint: Member must satisfy enum value set: [ALL_NEW,"
                + " UPDATED_OLD, ALL_OLD, NONE, UPDATED_NEW]");
    wire.call(
            "DeleteItem",
            "{'TableName':'tab','Key':{'pk':{'S':'a'}},'ReturnValues':'A',"
                + "'ReturnConsumedCapacity':'B'}")
        .invalid(
            "2 validation errors detected: Value 'B' at 'returnConsumedCapacity' failed to"
                + " satisfy constraint: Member must satisfy enum value set: [INDEXES, TOTAL, NONE];"
                + " Value 'A' at 'returnValues' failed to satisfy constraint: Member must satisfy"
                + " enum value set: [ALL_NEW, UPDATED_OLD, ALL_OLD, NONE, UPDATED_NEW]");
  }

  @Test
  void aMissingKey_isReportedWithEveryOtherMemberConstraint_inDynamoDbsOrder() {
    String update = "'UpdateExpression':'SET a = :a','ExpressionAttributeValues':{':a':{'S':'x'}}";
    String emptyName =
        "Value '' at 'tableName' failed to satisfy constraint: Member must have length greater"
            + " than or equal to 1";
    String noKey = "Value null at 'key' failed to satisfy constraint: Member must not be null";
    wire.call("UpdateItem", "{'TableName':''," + update + "}")
        .invalid("2 validation errors detected: " + emptyName + "; " + noKey);
    wire.call(
            "UpdateItem",
            "{'TableName':''," + update + ",'ReturnConsumedCapacity':'X','ReturnValues':'Y'}")
        .invalid(
            "4 validation errors detected: Value 'X' at 'returnConsumedCapacity' failed to satisfy"
                + " constraint: Member must satisfy enum value set: [INDEXES, TOTAL, NONE]; "
                + emptyName
                + "; Value 'Y' at 'returnValues' failed to satisfy constraint: Member must satisfy"
                + " enum value set: [ALL_NEW, UPDATED_OLD, ALL_OLD, NONE, UPDATED_NEW]; "
                + noKey);
    wire.call(
            "UpdateItem",
            "{'TableName':'absent_table','AttributeUpdates':{'x':{'Action':'PUT','Value':{'S':'1'}}},"
                + "'Expected':{'a':{'Exists':false},'b':{'Exists':false}},"
                + "'ConditionalOperator':'XOR'}")
        .invalid(
            "2 validation errors detected: Value 'XOR' at 'conditionalOperator' failed to satisfy"
                + " constraint: Member must satisfy enum value set: [OR, AND]; "
                + noKey);
    wire.call("PutItem", "{'TableName':'tab'}")
        .invalid(
            ONE + "Value null at 'item' failed to satisfy constraint: Member must not be null");
  }

  @Test
  void anEmptyTableName_failsTheOneCharacterMinimum_aShortOneTheThreeCharacterMinimum() {
    wire.call("PutItem", "{'TableName':'','Item':{'pk':{'S':'a'}}}")
        .invalid(
            ONE
                + "Value '' at 'tableName' failed to satisfy constraint: Member must have length"
                + " greater than or equal to 1");
    // a name of two characters can name no table: a validation error, as for every operation
    wire.call("GetItem", "{'TableName':'ab','Key':{'pk':{'S':'a'}}}")
        .invalid(
            ONE
                + "Value 'ab' at 'tableName' failed to satisfy constraint: Member must have length"
                + " greater than or equal to 3");
  }

  /** UpdateItem reports its invalid enumerations together, as PutItem and DeleteItem do. */
  @Test
  void updateItem_reportsItsInvalidEnumerationsTogether() {
    wire.call(
            "UpdateItem",
            "{'TableName':'tab','Key':{'pk':{'S':'a'}},'ReturnValues':'A',"
                + "'ReturnConsumedCapacity':'B','UpdateExpression':'SET a = :v'}")
        .invalid(
            "2 validation errors detected: Value 'B' at 'returnConsumedCapacity' failed to"
                + " satisfy constraint: Member must satisfy enum value set: [INDEXES, TOTAL, NONE];"
                + " Value 'A' at 'returnValues' failed to satisfy constraint: Member must satisfy"
                + " enum value set: [ALL_NEW, UPDATED_OLD, ALL_OLD, NONE, UPDATED_NEW]");
  }

  @Test
  void updateItem_refusesAMalformedTableNameBeforeItsEnumerations() {
    wire.call("UpdateItem", "{'TableName':'','Key':{'pk':{'S':'a'}},'ReturnValues':'BOGUS'}")
        .invalid(
            ONE
                + "Value '' at 'tableName' failed to satisfy constraint: Member must have length"
                + " greater than or equal to 1");
  }

  @Test
  void ofSeveralIndicesAnItemDoesNotFit_theFirstByNameIsNamed() {
    wire.call(
            "CreateTable",
            "{'TableName':'two','BillingMode':'PAY_PER_REQUEST',"
                + "'AttributeDefinitions':[{'AttributeName':'pk','AttributeType':'S'},"
                + "{'AttributeName':'gk','AttributeType':'S'},"
                + "{'AttributeName':'nk','AttributeType':'N'}],"
                + "'KeySchema':[{'AttributeName':'pk','KeyType':'HASH'}],"
                + "'GlobalSecondaryIndexes':["
                + "{'IndexName':'g_z','KeySchema':[{'AttributeName':'gk','KeyType':'HASH'}],"
                + "'Projection':{'ProjectionType':'ALL'}},"
                + "{'IndexName':'g_a','KeySchema':[{'AttributeName':'gk','KeyType':'HASH'}],"
                + "'Projection':{'ProjectionType':'ALL'}},"
                + "{'IndexName':'g_n','KeySchema':[{'AttributeName':'nk','KeyType':'HASH'}],"
                + "'Projection':{'ProjectionType':'ALL'}}]}")
        .ok();
    wire.call("PutItem", "{'TableName':'two','Item':{'pk':{'S':'a'},'gk':{'N':'5'}}}")
        .invalid(INVALID + "Type mismatch for Index Key gk Expected: S Actual: N IndexName: g_a");
    wire.call(
            "PutItem", "{'TableName':'two','Item':{'pk':{'S':'a'},'gk':{'N':'5'},'nk':{'S':'x'}}}")
        .invalid(INVALID + "Type mismatch for Index Key gk Expected: S Actual: N IndexName: g_a");
  }
}
