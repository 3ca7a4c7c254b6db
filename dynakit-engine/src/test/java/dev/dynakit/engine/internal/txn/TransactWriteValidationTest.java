package dev.dynakit.engine.internal.txn;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.engine.DynakitEngine;
import dev.dynakit.engine.JsonCalls;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The exact refusals of TransactWriteItems and TransactGetItems, as DynamoDB words them. */
class TransactWriteValidationTest {
  private final DynakitEngine engine = DynakitEngine.inMemory();
  private final JsonCalls wire = new JsonCalls(engine);

  @BeforeEach
  void setUp() {
    wire.createTableWithIndex("tab");
    wire.call("PutItem", "{'TableName':'tab','Item':{'pk':{'S':'a'},'n':{'N':'1'}}}").ok();
  }

  @AfterEach
  void close() {
    engine.close();
  }

  private JsonCalls.Answer write(String items) {
    return wire.call("TransactWriteItems", "{'TransactItems':[" + items + "]}");
  }

  private static final String PUT_B = "{'Put':{'TableName':'tab','Item':{'pk':{'S':'b'}}}}";

  @Test
  void memberConstraints_areReportedTogether() {
    wire.call("TransactWriteItems", "{'TransactItems':[]}")
        .invalid(
            "1 validation error detected: Value '[]' at 'transactItems' failed to satisfy"
                + " constraint: Member must have length greater than or equal to 1");
    String token = "x".repeat(37);
    wire.call(
            "TransactWriteItems",
            "{'TransactItems':["
                + PUT_B
                + "],'ClientRequestToken':'"
                + token
                + "','ReturnConsumedCapacity':'BOGUS','ReturnItemCollectionMetrics':'BOGUS2'}")
        .invalid(
            "3 validation errors detected: Value '"
                + token
                + "' at 'clientRequestToken' failed to satisfy constraint: Member must have length"
                + " less than or equal to 36; Value 'BOGUS' at 'returnConsumedCapacity' failed to"
                + " satisfy constraint: Member must satisfy enum value set: [INDEXES, TOTAL, NONE];"
                + " Value 'BOGUS2' at 'returnItemCollectionMetrics' failed to satisfy constraint:"
                + " Member must satisfy enum value set: [SIZE, NONE]");
    write("{'ConditionCheck':{'TableName':'tab','Key':{'pk':{'S':'a'}}}}")
        .invalid(
            "1 validation error detected: Value null at"
                + " 'transactItems.1.member.conditionCheck.conditionExpression' failed to satisfy"
                + " constraint: Member must not be null");
    write(
            PUT_B
                + ",{'Update':{'TableName':'tab','Key':{'pk':{'S':'a'}},'UpdateExpression':'SET n ="
                + " :v','ExpressionAttributeValues':{':v':{'N':'2'}},"
                + "'ReturnValuesOnConditionCheckFailure':'dog'}}")
        .invalid(
            "1 validation error detected: Value 'dog' at"
                + " 'transactItems.2.member.update.returnValuesOnConditionCheckFailure' failed to"
                + " satisfy constraint: Member must satisfy enum value set: [ALL_OLD, NONE]");
    write("{'Put':{'TableName':'tab','Item':{'pk':{'S':'b'}}},'ConditionCheck':{}}")
        .invalid("TransactItems can only contain one of Check, Put, Update or Delete");
    write("{}").invalid("TransactItems can only contain one of Check, Put, Update or Delete");
  }

  @Test
  void expressionErrors_areRefusedBeforeTablesAreLookedUp() {
    write(
            "{'Put':{'TableName':'nosuchtable','Item':{'pk':{'S':'a'}}}},"
                + "{'ConditionCheck':{'TableName':'tab','Key':{'pk':{'S':'c'}},"
                + "'ConditionExpression':'attribute_not_exists(pk)',"
                + "'ExpressionAttributeValues':{':v':{'S':'x'}}}}")
        .invalid("Value provided in ExpressionAttributeValues unused in expressions: keys: {:v}");
    // an action may carry placeholders without an expression to use them: DynamoDB takes it
    write(
            "{'Put':{'TableName':'tab','Item':{'pk':{'S':'b'}},"
                + "'ExpressionAttributeValues':{':v':{'S':'x'}},"
                + "'ExpressionAttributeNames':{'#n':'n'}}}")
        .ok();
    assertThat(
            wire.call(
                    "TransactGetItems",
                    "{'TransactItems':[{'Get':{'TableName':'tab','Key':{'pk':{'S':'b'}},"
                        + "'ExpressionAttributeNames':{'#n':'n'}}}]}")
                .ok()
                .body())
        .containsKey("Responses");
  }

  @Test
  void emptyKeyValues_andOversizedPuts_areValidationExceptions() {
    write("{'Put':{'TableName':'tab','Item':{'pk':{'S':''}}}}")
        .invalid(
            "One or more parameter values are not valid. The AttributeValue for a key attribute"
                + " cannot contain an empty string value. Key: pk");
    write("{'Delete':{'TableName':'tab','Key':{'pk':{'S':''}}}}")
        .invalid(
            "One or more parameter values are not valid. The AttributeValue for a key attribute"
                + " cannot contain an empty string value. Key: pk");
    write(
            "{'Put':{'TableName':'tab','Item':{'pk':{'S':'big'},'x':{'S':'"
                + "x".repeat(400 * 1024)
                + "'}}}}")
        .invalid("Item size has exceeded the maximum allowed size");
  }

  @Test
  void emptyIndexKeys_areValidationExceptions_notCancellations() {
    write(PUT_B + ",{'Put':{'TableName':'tab','Item':{'pk':{'S':'c'},'g':{'S':''}}}}")
        .invalid(
            "One or more parameter values are not valid. A value specified for a secondary index"
                + " key is not supported. The AttributeValue for a key attribute cannot contain an"
                + " empty string value. IndexName: byG, IndexKey: g");
    write(
            PUT_B
                + ",{'Update':{'TableName':'tab','Key':{'pk':{'S':'a'}},'UpdateExpression':'SET g ="
                + " :g','ExpressionAttributeValues':{':g':{'S':''}}}}")
        .invalid(
            "One or more parameter values are not valid. The update expression attempted to update"
                + " a secondary index key to a value that is not supported. The AttributeValue for"
                + " a key attribute cannot contain an empty string value.");
    // nothing of either transaction was written
    assertThat(wire.call("GetItem", "{'TableName':'tab','Key':{'pk':{'S':'b'}}}").ok().body())
        .doesNotContainKey("Item");
  }

  @Test
  void itemsThatDoNotFitTheTable_cancelWithTheFirstValidationError() {
    List<Map<String, Object>> reasons =
        write(
                "{'Put':{'TableName':'tab','Item':{'pk':{'S':'c'},'g':{'N':'1'}}}},"
                    + "{'Put':{'TableName':'tab','Item':{'pk':{'N':'8'}}}},"
                    + "{'ConditionCheck':{'TableName':'tab','Key':{'pk':{'S':'zz'}},"
                    + "'ConditionExpression':'attribute_exists(pk)'}}")
            .cancelled();
    assertThat(reasons)
        .containsExactly(
            Map.of(
                "Code",
                "ValidationError",
                "Message",
                "One or more parameter values were invalid: Type mismatch for Index Key g"
                    + " Expected: S Actual: N IndexName: byG"),
            Map.of("Code", "None"),
            Map.of("Code", "None"));
  }

  @Test
  void updatesThatFailOnTheItem_cancelWithAValidationError() {
    String big = "x".repeat(400 * 1024);
    List<Map<String, Object>> reasons =
        write(
                "{'Update':{'TableName':'tab','Key':{'pk':{'S':'a'}},'UpdateExpression':'SET x ="
                    + " :x','ExpressionAttributeValues':{':x':{'S':'"
                    + big
                    + "'}}}},"
                    + "{'Update':{'TableName':'tab','Key':{'pk':{'S':'b'}},'UpdateExpression':'SET g ="
                    + " :g','ExpressionAttributeValues':{':g':{'N':'1'}}}},"
                    + "{'ConditionCheck':{'TableName':'tab','Key':{'pk':{'S':'zz'}},"
                    + "'ConditionExpression':'attribute_exists(pk)'}}")
            .cancelled();
    assertThat(reasons)
        .containsExactly(
            Map.of(
                "Code",
                "ValidationError",
                "Message",
                "Item size to update has exceeded the maximum allowed size"),
            Map.of(
                "Code",
                "ValidationError",
                "Message",
                "One or more parameter values were invalid: Type mismatch for Index Key g"
                    + " Expected: S Actual: N IndexName: byG"),
            Map.of("Code", "ConditionalCheckFailed", "Message", "The conditional request failed"));
    JsonCalls.Answer cancelled =
        write(
            "{'ConditionCheck':{'TableName':'tab','Key':{'pk':{'S':'a'}},"
                + "'ConditionExpression':'n = :two','ExpressionAttributeValues':{':two':{'N':'2'}},"
                + "'ReturnValuesOnConditionCheckFailure':'ALL_OLD'}}");
    assertThat(cancelled.body().get("Message"))
        .isEqualTo(
            "Transaction cancelled, please refer cancellation reasons for specific reasons"
                + " [ConditionalCheckFailed]");
    assertThat(cancelled.cancelled().get(0).get("Item"))
        .isEqualTo(Map.of("pk", Map.of("S", "a"), "n", Map.of("N", "1")));
  }

  @Test
  void transactGet_refusals() {
    wire.call("TransactGetItems", "{'TransactItems':[{}]}")
        .invalid(
            "1 validation error detected: Value null at 'transactItems.1.member.get' failed to"
                + " satisfy constraint: Member must not be null");
    wire.call(
            "TransactGetItems",
            "{'TransactItems':[{'Get':{'TableName':'tab','Key':{'pk':{'S':'a'}},"
                + "'ProjectionExpression':'!!!'}}]}")
        .invalid("Invalid ProjectionExpression: Syntax error; token: \"!\", near: \"!!\"");
    List<Map<String, Object>> reasons =
        wire.call(
                "TransactGetItems",
                "{'TransactItems':[{'Get':{'TableName':'tab','Key':{'pk':{'S':'a'}}}},"
                    + "{'Get':{'TableName':'tab','Key':{'pk':{'N':'1'}}}}]}")
            .cancelled();
    assertThat(reasons)
        .containsExactly(
            Map.of("Code", "None"),
            Map.of(
                "Code",
                "ValidationError",
                "Message",
                "The provided key element does not match the schema"));
  }
}
