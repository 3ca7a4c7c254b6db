package dev.dynakit.engine.internal.value;

import dev.dynakit.engine.DynakitEngine;
import dev.dynakit.engine.JsonCalls;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * DynamoDB's two wordings for refused attribute values (current: DeleteItem inside the "1
 * validation error detected: " envelope, PutItem, UpdateItem, GetItem, BatchGetItem and Query bare;
 * older: BatchWriteItem, the transactions and Scan).
 */
class ValueWordingTest {
  private static final String ONE = "1 validation error detected: ";
  private static final String INVALID = "One or more parameter values were invalid: ";
  private static final String NOT_NUMERIC = "The parameter cannot be converted to a numeric value";

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

  private JsonCalls.Answer put(String attribute) {
    return wire.call(
        "PutItem", "{'TableName':'tab','Item':{'pk':{'S':'a'},'x':" + attribute + "}}");
  }

  private JsonCalls.Answer batchPut(String attribute) {
    return wire.call(
        "BatchWriteItem",
        "{'RequestItems':{'tab':[{'PutRequest':{'Item':{'pk':{'S':'a'},'x':"
            + attribute
            + "}}}]}}");
  }

  @Test
  void anEmptyNumber_keepsItsColonInTheCurrentWording_only() {
    put("{'N':''}").invalid(NOT_NUMERIC + ": ");
    wire.call("GetItem", "{'TableName':'tab','Key':{'pk':{'N':''}}}").invalid(NOT_NUMERIC + ": ");
    batchPut("{'N':''}").invalid(NOT_NUMERIC);
  }

  @Test
  void repeatedSetMembers_areListedInOrderInTheCurrentWording_andAsSentInTheOlder() {
    put("{'SS':['b','a','b']}")
        .invalid(INVALID + "Input collection [a, b, b] contains duplicates.");
    put("{'BS':['/w==','AA==','AA==']}")
        .invalid(
            INVALID
                + "Input collection [\"AA==\",\"/w==\",\"AA==\"]of type BS contains duplicates.");
    put("{'NS':['2','1','2']}").invalid(INVALID + "Input collection contains duplicates.");
    // the rest after the first repeat stays as sent
    put("{'SS':['c','a','a','b']}")
        .invalid(INVALID + "Input collection [a, c, a, b] contains duplicates.");

    batchPut("{'SS':['b','a','b']}")
        .invalid(INVALID + "Input collection [b, a, b] contains duplicates.");
    batchPut("{'BS':['/w==','AA==','AA==']}")
        .invalid(INVALID + "Input collection [/w==, AA==, AA==]of type BS contains duplicates.");
    batchPut("{'NS':['2','1','2']}").invalid("Input collection contains duplicates");
  }

  @Test
  void expressionValues_areWrappedInTheOlderWording_only() {
    String values = "'ExpressionAttributeValues':{':p':{'S':'a'},':v':{'N':'abc'}}";
    wire.call(
            "Query",
            "{'TableName':'tab','KeyConditionExpression':'pk = :p','FilterExpression':'n = :v',"
                + values
                + "}")
        .invalid(NOT_NUMERIC + ": abc");
    wire.call(
            "DeleteItem",
            "{'TableName':'tab','Key':{'pk':{'S':'a'}},'ConditionExpression':'n = :v OR pk = :p',"
                + values
                + "}")
        .invalid(ONE + NOT_NUMERIC + ": abc");
    wire.call("Scan", "{'TableName':'tab','FilterExpression':'n = :v OR pk = :p'," + values + "}")
        .invalid(
            "ExpressionAttributeValues contains invalid value: "
                + NOT_NUMERIC
                + ": abc for key :v");
  }

  @Test
  void aSetWithANullMember_isAValidationException() {
    batchPut("{'SS':['a',null]}")
        .invalid(INVALID + "An string set may not have a null string as a member");
    put("{'L':[{'SS':['a',null]}]}")
        .invalid(INVALID + "An string set may not have a null string as a member");
    batchPut("{'NS':['1',null]}")
        .invalid(INVALID + "An number set may not have a null string as a member");
  }

  @Test
  void setAndNullRefusals_inDynamoDbsCurrentWords() {
    put("{'BS':[]}").invalid(INVALID + "Binary sets should not be empty");
    put("{'SS':[]}").invalid(INVALID + "An string set  may not be empty");
    put("{'NULL':false}")
        .invalid(INVALID + "Null attribute value types must have the value of true");
  }
}
