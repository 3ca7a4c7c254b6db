package dev.dynakit.engine.internal.batch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.engine.DynakitEngine;
import dev.dynakit.engine.JsonCalls;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The exact refusals of BatchGetItem and BatchWriteItem, as DynamoDB words them. */
class BatchValidationTest {
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

  private static final String ENUM_RCC =
      "Value 'BOGUS' at 'returnConsumedCapacity' failed to satisfy constraint: Member must satisfy"
          + " enum value set: [INDEXES, TOTAL, NONE]";

  @Test
  void batchGet_memberConstraints() {
    wire.call("BatchGetItem", "{'RequestItems':{}}")
        .invalid("The requestItems parameter is required for BatchGetItem");
    wire.call(
            "BatchGetItem",
            "{'RequestItems':{'bad!name':{'Keys':[{'pk':{'S':'a'}}]}},"
                + "'ReturnConsumedCapacity':'BOGUS'}")
        .invalid(
            "2 validation errors detected: Value '{\"bad!name\":{\"Keys\":[{\"pk\":{\"S\":\"a\"}}]}}'"
                + " at 'requestItems' failed to satisfy constraint: Map keys must satisfy"
                + " constraint: [Member must have length less than or equal to 255, Member must"
                + " have length greater than or equal to 3, Member must satisfy regular expression"
                + " pattern: [a-zA-Z0-9_.-]+]; "
                + ENUM_RCC);
    wire.call("BatchGetItem", "{'RequestItems':{'tab':{'Keys':[]}}}")
        .invalid(
            "1 validation error detected: Value at 'RequestItems.tab.member.Keys' failed to"
                + " satisfy constraint: Member must have length greater than or equal to 1");
    wire.call(
            "BatchGetItem",
            "{'RequestItems':{'tab':{'Keys':[{'pk':{'S':'a'}}],'ProjectionExpression':'a, a'}}}")
        .invalid(
            "Invalid ProjectionExpression: Two document paths overlap with each other; must remove"
                + " or rewrite one of these paths; path one: [a], path two: [a]");
    wire.call(
            "BatchGetItem",
            "{'RequestItems':{'nosuchtable':{'Keys':[{'pk':{'S':'a'}}]}},"
                + "'ReturnConsumedCapacity':'BOGUS'}")
        .invalid("1 validation error detected: " + ENUM_RCC);
    wire.call("BatchGetItem", "{'RequestItems':{'tab':{'Keys':[{'pk':{'B':''}}]}}}")
        .invalid("The provided key element does not match the schema");
    // repeated keys are refused before a missing table, in whichever table they are
    wire.call(
            "BatchGetItem",
            "{'RequestItems':{'nosuchtable':{'Keys':[{'a':{'S':'k'}},{'a':{'S':'k'}}]}}}")
        .invalid("Provided list of item keys contains duplicates");
    wire.call(
            "BatchGetItem",
            "{'RequestItems':{'nosuchtable':{'Keys':[{'a':{'S':'k'}}]},"
                + "'tab':{'Keys':[{'pk':{'S':'a'}},{'pk':{'S':'a'}}]}}}")
        .invalid("Provided list of item keys contains duplicates");
    assertThat(
            wire.call("BatchGetItem", "{'RequestItems':{'nosuchtable':{'Keys':[{'a':{'S':'k'}}]}}}")
                .status())
        .isEqualTo(400);
  }

  @Test
  void batchWrite_memberConstraints() {
    wire.call("BatchWriteItem", "{'RequestItems':{}}")
        .invalid("The requestItems parameter is required for BatchWriteItem");
    wire.call(
            "BatchWriteItem",
            "{'RequestItems':{'tab':[{'PutRequest':{'Item':{'pk':{'S':'a'}}}}]},"
                + "'ReturnConsumedCapacity':'BOGUS','ReturnItemCollectionMetrics':'BOGUS2'}")
        .invalid(
            "2 validation errors detected: "
                + ENUM_RCC
                + "; Value 'BOGUS2' at 'returnItemCollectionMetrics' failed to satisfy"
                + " constraint: Member must satisfy enum value set: [SIZE, NONE]");
    wire.call("BatchWriteItem", "{'RequestItems':{'tab':[]}}")
        .invalid(
            "1 validation error detected: Value '{tab=[]}' at 'requestItems' failed to satisfy"
                + " constraint: Map value must satisfy constraint: [Member must have length less"
                + " than or equal to 25, Member must have length greater than or equal to 1]");
    // DynamoDB echoes BatchWriteItem's map in its service model's form, not as JSON
    wire.call(
            "BatchWriteItem",
            "{'RequestItems':{'bad!name':[{'PutRequest':{'Item':{'pk':{'S':'x'}}}},"
                + "{'DeleteRequest':{'Key':{'pk':{'N':'1'}}}}]}}")
        .invalid(
            "1 validation error detected: Value '{bad!name=[WriteRequest(putRequest=PutRequest("
                + "item={pk=AttributeValue(S=x)}), deleteRequest=null), WriteRequest(putRequest=null,"
                + " deleteRequest=DeleteRequest(key={pk=AttributeValue(N=1)}))]}' at 'requestItems'"
                + " failed to satisfy constraint: Map keys must satisfy constraint: [Member must"
                + " have length less than or equal to 255, Member must have length greater than or"
                + " equal to 3, Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+]");
    wire.call(
            "BatchWriteItem",
            "{'RequestItems':{'tab':[{'PutRequest':{'Item':{'pk':{'S':'a'}}}},"
                + "{'PutRequest':{'Item':{'pk':{'S':'b'},'g':{'S':''}}}}]}}")
        .invalid(
            "One or more parameter values are not valid. A value specified for a secondary index"
                + " key is not supported. The AttributeValue for a key attribute cannot contain an"
                + " empty string value. IndexName: byG, IndexKey: g");
    wire.call(
            "BatchWriteItem",
            "{'RequestItems':{'tab':[{'PutRequest':{'Item':{'pk':{'S':'b'},'g':{'B':'AA=='}}}}]}}")
        .invalid(
            "One or more parameter values were invalid: Type mismatch for Index Key g Expected: S"
                + " Actual: B IndexName: byG");
    assertThat(wire.call("GetItem", "{'TableName':'tab','Key':{'pk':{'S':'a'}}}").ok().body())
        .isEqualTo(Map.of());
  }
}
