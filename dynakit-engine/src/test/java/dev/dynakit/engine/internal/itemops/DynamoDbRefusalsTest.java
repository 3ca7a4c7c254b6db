package dev.dynakit.engine.internal.itemops;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.engine.DynakitEngine;
import dev.dynakit.engine.JsonCalls;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Refusals and answers where the engine used to differ from DynamoDB: the shapes of its messages,
 * the member names of list-size errors, names too short to name a table, and REMOVE on an item that
 * does not exist.
 */
class DynamoDbRefusalsTest {
  private static final String ONE = "1 validation error detected: ";

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
  void putAndUpdate_reportParameterValueErrorsWithoutTheEnvelope() {
    wire.call("PutItem", "{'TableName':'tab','Item':{'pk':{'S':'a'},'s':{'SS':['a','a']}}}")
        .invalid(
            "One or more parameter values were invalid: Input collection [a, a] contains"
                + " duplicates.");
    wire.call("PutItem", "{'TableName':'tab','Item':{'pk':{'S':'a'},'s':{'NULL':false}}}")
        .invalid(
            "One or more parameter values were invalid: Null attribute value types must have the"
                + " value of true");
    wire.call(
            "PutItem",
            "{'TableName':'tab','Item':{'pk':{'S':'a'}},'ConditionExpression':'a = :v',"
                + "'ExpressionAttributeValues':{':v':{'S':'x'},':w':{'S':'y'}}}")
        .invalid("Value provided in ExpressionAttributeValues unused in expressions: keys: {:w}");
    wire.call("UpdateItem", "{'TableName':'tab','Key':{'pk':{'S':'a'}},'UpdateExpression':''}")
        .invalid("Invalid UpdateExpression: The expression can not be empty;");
    wire.call(
            "UpdateItem",
            "{'TableName':'tab','Key':{'pk':{'S':'a'}},'UpdateExpression':'SET a = :zz'}")
        .invalid(
            "Invalid UpdateExpression: An expression attribute value used in expression is not"
                + " defined; attribute value: :zz");
    // DeleteItem keeps DynamoDB's envelope
    wire.call(
            "DeleteItem",
            "{'TableName':'tab','Key':{'pk':{'S':'a'}},'ExpressionAttributeValues':{':v':{'S':'x'}}}")
        .invalid(ONE + "ExpressionAttributeValues can only be specified when using expressions");
  }

  /** No public source gives DynamoDB's text for this; ours names the problem (see ItemLimits). */
  @Test
  void anEmptyNonKeyAttributeName_isRefusedNamingTheProblem() {
    wire.call("PutItem", "{'TableName':'tab','Item':{'pk':{'S':'a'},'':{'S':'x'}}}")
        .invalid(
            "One or more parameter values were invalid: An attribute name in the item is empty;"
                + " attribute names must be at least one character long");
    wire.call("GetItem", "{'TableName':'tab','Key':{'pk':{'S':'a'}}}").ok();
    assertThat(wire.call("GetItem", "{'TableName':'tab','Key':{'pk':{'S':'a'}}}").body())
        .doesNotContainKey("Item");
  }

  @Test
  void listSizeErrors_nameTheMemberAsDynamoDbDoes() {
    wire.call("BatchGetItem", "{'RequestItems':{}}")
        .invalid("The requestItems parameter is required for BatchGetItem");
    wire.call("TransactWriteItems", "{'TransactItems':[]}")
        .invalid(
            ONE
                + "Value '[]' at 'transactItems' failed to satisfy constraint: Member must have"
                + " length greater than or equal to 1");
    wire.call("TransactGetItems", "{'TransactItems':[]}")
        .invalid(
            ONE
                + "Value '[]' at 'transactItems' failed to satisfy constraint: Member must have"
                + " length greater than or equal to 1");
    List<String> puts = new ArrayList<>();
    for (int i = 0; i < 26; i++) {
      puts.add("{'PutRequest':{'Item':{'pk':{'S':'k" + i + "'}}}}");
    }
    JsonCalls.Answer tooMany =
        wire.call("BatchWriteItem", "{'RequestItems':{'tab':[" + String.join(",", puts) + "]}}");
    assertThat(tooMany.status()).isEqualTo(400);
    assertThat((String) tooMany.body().get("message"))
        .startsWith(ONE + "Value '{tab=[WriteRequest(putRequest=PutRequest(item={pk=")
        .endsWith(
            "' at 'requestItems' failed to satisfy constraint: Map value must satisfy constraint:"
                + " [Member must have length less than or equal to 25, Member must have length"
                + " greater than or equal to 1]");
  }

  /**
   * Over 100 members, DynamoDB echoes the list as its model objects' Java identities ({@code
   * com.amazonaws.dynamodb.v20120810.TransactGetItem@1a2b3c}, as reported in public emulators
   * written against the service), not as the JSON that was sent.
   */
  @Test
  void transactionListSizeErrors_showTheListAsDynamoDbRendersIt() {
    List<String> checks = new ArrayList<>();
    List<String> gets = new ArrayList<>();
    for (int i = 0; i < 101; i++) {
      checks.add(
          "{'ConditionCheck':{'TableName':'tab','Key':{'pk':{'S':'k"
              + i
              + "'}},'ConditionExpression':'attribute_exists(pk)'}}");
      gets.add("{'Get':{'TableName':'tab','Key':{'pk':{'S':'k" + i + "'}}}}");
    }
    String write =
        message(
            wire.call(
                "TransactWriteItems", "{'TransactItems':[" + String.join(",", checks) + "]}"));
    assertThat(write)
        .matches(
            "1 validation error detected: Value '\\[(com\\.amazonaws\\.dynamodb\\.v20120810"
                + "\\.TransactWriteItem@[0-9a-f]+, ){100}com\\.amazonaws\\.dynamodb\\.v20120810"
                + "\\.TransactWriteItem@[0-9a-f]+\\]' at 'transactItems' failed to satisfy"
                + " constraint: Member must have length less than or equal to 100");
    String get =
        message(
            wire.call("TransactGetItems", "{'TransactItems':[" + String.join(",", gets) + "]}"));
    assertThat(get)
        .startsWith(ONE + "Value '[com.amazonaws.dynamodb.v20120810.TransactGetItem@")
        .endsWith(
            "]' at 'transactItems' failed to satisfy constraint: Member must have length less than"
                + " or equal to 100")
        .doesNotContain("{");
  }

  /** A function of the other kind of expression is "not allowed" there, in DynamoDB's words. */
  @Test
  void aFunctionUsedWhereItIsNotAllowed_isRefusedInDynamoDbsWords() {
    wire.call(
            "PutItem",
            "{'TableName':'tab','Item':{'pk':{'S':'a'}},"
                + "'ConditionExpression':'if_not_exists(a, :v) = :v',"
                + "'ExpressionAttributeValues':{':v':{'S':'x'}}}")
        .invalid(
            "Invalid ConditionExpression: The function is not allowed in a condition expression;"
                + " function: if_not_exists");
    wire.call(
            "UpdateItem",
            "{'TableName':'tab','Key':{'pk':{'S':'a'}},"
                + "'UpdateExpression':'SET a = attribute_exists(b)'}")
        .invalid(
            "Invalid UpdateExpression: The function is not allowed in an update expression;"
                + " function: attribute_exists");
  }

  /** Two conditions on one key: DynamoDB's text, without the expression-name prefix. */
  @Test
  void twoConditionsOnThePartitionKey_areRefusedInDynamoDbsWords() {
    wire.call(
            "Query",
            "{'TableName':'tab','KeyConditionExpression':'pk = :p AND pk = :q',"
                + "'ExpressionAttributeValues':{':p':{'S':'x'},':q':{'S':'y'}}}")
        .invalid("KeyConditionExpressions must only contain one condition per key");
  }

  /**
   * A start key whose values have other types than the key's: a table Scan says why, a Query (and
   * an index Scan) only that the key is invalid, as measured against DynamoDB by a public
   * conformance suite.
   */
  @Test
  void aStartKeyOfOtherTypesThanTheSchema_isInvalidInDynamoDbsWords() {
    wire.call("Scan", "{'TableName':'tab','ExclusiveStartKey':{'pk':{'N':'1'}}}")
        .invalid(
            "The provided starting key is invalid: The provided key element does not match the"
                + " schema");
    wire.call(
            "Query",
            "{'TableName':'tab','KeyConditionExpression':'pk = :p',"
                + "'ExpressionAttributeValues':{':p':{'S':'a'}},"
                + "'ExclusiveStartKey':{'pk':{'B':'AA=='}}}")
        .invalid("The provided starting key is invalid");
  }

  private static String message(JsonCalls.Answer answer) {
    assertThat(answer.status()).isEqualTo(400);
    return (String) answer.body().get("message");
  }

  @Test
  void aTableNameOfOneOrTwoCharacters_isAValidationError_notResourceNotFound() {
    wire.call("GetItem", "{'TableName':'ab','Key':{'pk':{'S':'a'}}}")
        .invalid(
            ONE
                + "Value 'ab' at 'tableName' failed to satisfy constraint: Member must have length"
                + " greater than or equal to 3");
    wire.call("PutItem", "{'TableName':'x','Item':{'pk':{'S':'a'}}}")
        .invalid(
            ONE
                + "Value 'x' at 'tableName' failed to satisfy constraint: Member must have length"
                + " greater than or equal to 3");
  }

  @Test
  void removeOfANestedPath_onAMissingItem_succeedsAndWritesNothing() {
    wire.call(
            "UpdateItem",
            "{'TableName':'tab','Key':{'pk':{'S':'zz'}},'UpdateExpression':'REMOVE a.b[2].c'}")
        .ok();
    assertThat(wire.call("GetItem", "{'TableName':'tab','Key':{'pk':{'S':'zz'}}}").ok().body())
        .doesNotContainKey("Item");
    // on an item that exists, a path through a missing parent is still refused
    wire.call("PutItem", "{'TableName':'tab','Item':{'pk':{'S':'yy'}}}").ok();
    wire.call(
            "UpdateItem",
            "{'TableName':'tab','Key':{'pk':{'S':'yy'}},'UpdateExpression':'REMOVE a.b'}")
        .invalid("The document path provided in the update expression is invalid for update");
  }

  @Test
  void aBodyThatIsNotJson_isABareSerializationException() {
    for (String body : new String[] {"not json", "{\"TableName\": ", "{\"a\":1} trailing"}) {
      dev.dynakit.engine.EngineResponse r =
          engine.handle(
              DynakitEngine.TARGET_PREFIX + "GetItem",
              body.getBytes(java.nio.charset.StandardCharsets.UTF_8));
      assertThat(r.status()).isEqualTo(400);
      assertThat(new String(r.body(), java.nio.charset.StandardCharsets.UTF_8))
          .isEqualTo("{\"__type\":\"com.amazon.coral.service#SerializationException\"}");
    }
  }
}
