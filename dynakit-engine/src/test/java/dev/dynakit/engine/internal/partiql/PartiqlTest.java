package dev.dynakit.engine.internal.partiql;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.engine.DynakitEngine;
import dev.dynakit.engine.JsonCalls;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** ExecuteStatement's SELECT, INSERT, UPDATE and DELETE, and their refusals, over the wire. */
class PartiqlTest {
  private static final String MALFORMED = "Statement wasn't well formed, can't be processed: ";

  private final DynakitEngine engine = DynakitEngine.inMemory();
  private final JsonCalls wire = new JsonCalls(engine);

  @BeforeEach
  void setUp() {
    wire.call(
            "CreateTable",
            "{'TableName':'orders','AttributeDefinitions':[{'AttributeName':'pk','AttributeType':'S'},"
                + "{'AttributeName':'sk','AttributeType':'N'},"
                + "{'AttributeName':'g','AttributeType':'S'}],"
                + "'KeySchema':[{'AttributeName':'pk','KeyType':'HASH'},"
                + "{'AttributeName':'sk','KeyType':'RANGE'}],"
                + "'GlobalSecondaryIndexes':[{'IndexName':'byG','KeySchema':"
                + "[{'AttributeName':'g','KeyType':'HASH'}],'Projection':{'ProjectionType':'ALL'}}],"
                + "'BillingMode':'PAY_PER_REQUEST'}")
        .ok();
    for (int i = 1; i <= 5; i++) {
      statement(
              "INSERT INTO \\\"orders\\\" VALUE {'pk': 'c1', 'sk': "
                  + i
                  + ", 'status': '"
                  + (i % 2 == 0 ? "SHIPPED" : "OPEN")
                  + "', 'g': 'x', 'info': {'tags': ['a', 'b'], 'n': "
                  + (i * 10)
                  + "}}",
              "")
          .ok();
    }
  }

  @AfterEach
  void close() {
    engine.close();
  }

  private JsonCalls.Answer statement(String statement, String rest) {
    return wire.call(
        "ExecuteStatement",
        "{'Statement':'" + statement.replace("'", "\\u0027") + "'" + rest + "}");
  }

  @SuppressWarnings("unchecked")
  private static List<Map<String, Object>> items(JsonCalls.Answer answer) {
    return (List<Map<String, Object>>) answer.ok().body().get("Items");
  }

  private static List<Object> numbers(List<Map<String, Object>> items, String attribute) {
    List<Object> out = new ArrayList<>();
    for (Map<String, Object> item : items) {
      out.add(((Map<?, ?>) item.get(attribute)).get("N"));
    }
    return out;
  }

  @Test
  void select_onThePartitionKey_isAQueryInSortKeyOrder_andDescendingWithOrderBy() {
    assertThat(numbers(items(statement("SELECT * FROM orders WHERE pk = 'c1'", "")), "sk"))
        .containsExactly("1", "2", "3", "4", "5");
    assertThat(
            numbers(
                items(
                    statement(
                        "SELECT sk FROM orders WHERE pk = 'c1' AND sk >= 2 AND status = 'SHIPPED'"
                            + " ORDER BY sk DESC",
                        "")),
                "sk"))
        .containsExactly("4", "2");
  }

  @Test
  void select_projectsNestedPaths_andBindsParameters() {
    List<Map<String, Object>> items =
        items(
            statement(
                "SELECT info.tags[1], info.n FROM orders WHERE pk = ? AND sk = ?",
                ",'Parameters':[{'S':'c1'},{'N':'3'}]"));
    assertThat(items)
        .containsExactly(
            Map.of(
                "info",
                Map.of(
                    "M",
                    Map.of(
                        "tags", Map.of("L", List.of(Map.of("S", "b"))), "n", Map.of("N", "30")))));
  }

  @Test
  void select_withoutAKeyEquality_isAScan_withInAndFunctions() {
    assertThat(
            numbers(
                items(
                    statement(
                        "SELECT sk FROM orders WHERE sk IN [1, 3, 5] AND begins_with(status, 'OP')",
                        "")),
                "sk"))
        .containsExactlyInAnyOrder("1", "3", "5");
    assertThat(items(statement("SELECT * FROM orders WHERE info.n IS MISSING", ""))).isEmpty();
  }

  @Test
  void everyComparisonOperator_isReadAsWritten() {
    assertThat(items(statement("SELECT sk FROM orders WHERE status <> 'OPEN'", ""))).hasSize(2);
    assertThat(items(statement("SELECT sk FROM orders WHERE status != 'OPEN'", ""))).hasSize(2);
    assertThat(items(statement("SELECT sk FROM orders WHERE pk = 'c1' AND 3 <= sk", "")))
        .hasSize(3);
    assertThat(items(statement("SELECT sk FROM orders WHERE pk = 'c1' AND sk < 3", ""))).hasSize(2);
    assertThat(items(statement("SELECT sk FROM orders WHERE pk = 'c1' AND sk > 3", ""))).hasSize(2);
    assertThat(items(statement("SELECT sk FROM orders WHERE pk = 'c1' AND sk BETWEEN 2 AND 4", "")))
        .hasSize(3);
  }

  @Test
  void select_onAnIndex_queriesIt() {
    assertThat(items(statement("SELECT * FROM orders.byG WHERE g = 'x'", ""))).hasSize(5);
    statement("SELECT * FROM \\\"orders\\\".\\\"nope\\\" WHERE g = 'x'", "")
        .invalid("The table does not have the specified index: nope");
  }

  @Test
  void select_pagesWithLimitAndNextToken_seeingEveryItemOnce() {
    List<Object> seen = new ArrayList<>();
    String token = null;
    do {
      JsonCalls.Answer page =
          statement(
              "SELECT sk FROM orders WHERE pk = 'c1'",
              ",'Limit':2" + (token == null ? "" : ",'NextToken':'" + token + "'"));
      seen.addAll(numbers(items(page), "sk"));
      token = (String) page.body().get("NextToken");
    } while (token != null);
    assertThat(seen).containsExactly("1", "2", "3", "4", "5");
  }

  @Test
  void aNextTokenOfAnotherStatement_isRefused() {
    String token =
        (String)
            statement("SELECT sk FROM orders WHERE pk = 'c1'", ",'Limit':1")
                .ok()
                .body()
                .get("NextToken");
    statement("SELECT * FROM orders", ",'NextToken':'" + token + "'")
        .invalid("Invalid NextToken: it was not issued for this statement");
  }

  @Test
  void insert_ontoAnExistingItem_isADuplicateItem() {
    JsonCalls.Answer answer = statement("INSERT INTO orders VALUE {'pk': 'c1', 'sk': 1}", "");
    assertThat(answer.status()).isEqualTo(400);
    assertThat(answer.body().get("__type"))
        .isEqualTo("com.amazonaws.dynamodb.v20120810#DuplicateItemException");
    assertThat(answer.body().get("message")).isEqualTo("Duplicate primary key exists in table");
  }

  @Test
  void update_setsRemovesAndAddsToSets_returningTheNewItem() {
    List<Map<String, Object>> items =
        items(
            statement(
                "UPDATE orders SET status = 'PAID' SET info.n = info.n + 1"
                    + " SET labels = set_add(labels, <<'gift'>>) REMOVE g"
                    + " WHERE pk = 'c1' AND sk = 1 RETURNING ALL NEW *",
                ""));
    assertThat(items).hasSize(1);
    Map<String, Object> item = items.get(0);
    assertThat(item.get("status")).isEqualTo(Map.of("S", "PAID"));
    assertThat(item.get("labels")).isEqualTo(Map.of("SS", List.of("gift")));
    assertThat(item).doesNotContainKey("g");
    assertThat(((Map<?, ?>) ((Map<?, ?>) item.get("info")).get("M")).get("n"))
        .isEqualTo(Map.of("N", "11"));
  }

  @Test
  void update_ofAMissingItem_failsItsCondition_andCreatesNothing() {
    JsonCalls.Answer answer =
        statement("UPDATE orders SET status = 'PAID' WHERE pk = 'c9' AND sk = 1", "");
    assertThat(answer.body().get("__type"))
        .isEqualTo("com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException");
    assertThat(items(statement("SELECT * FROM orders WHERE pk = 'c9'", ""))).isEmpty();
  }

  @Test
  void updateAndDelete_withoutTheWholeKey_areRefused() {
    statement("UPDATE orders SET status = 'PAID' WHERE pk = 'c1'", "")
        .invalid("Where clause does not contain a mandatory equality on all key attributes");
    statement("DELETE FROM orders WHERE sk = 1", "")
        .invalid("Where clause does not contain a mandatory equality on all key attributes");
  }

  @Test
  void delete_withACondition_deletesOnlyWhenItHolds_returningTheOldItem() {
    JsonCalls.Answer refused =
        statement("DELETE FROM orders WHERE pk = 'c1' AND sk = 2 AND status = 'OPEN'", "");
    assertThat(refused.body().get("__type"))
        .isEqualTo("com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException");
    List<Map<String, Object>> old =
        items(
            statement(
                "DELETE FROM orders WHERE pk = 'c1' AND sk = 2 AND status = 'SHIPPED'"
                    + " RETURNING ALL OLD *",
                ""));
    assertThat(old).hasSize(1);
    assertThat(items(statement("SELECT * FROM orders WHERE pk = 'c1' AND sk = 2", ""))).isEmpty();
  }

  @Test
  void malformedStatements_areRefusedInDynamoDbsEnvelope() {
    statement("UPSERT INTO orders VALUE {'pk': 'a'}", "")
        .invalid(MALFORMED + "Expected data manipulation");
    statement("SELECT * FROM WHERE pk = 'a'", "").invalid(MALFORMED + "Unexpected keyword");
    statement("SELECT * FROM orders WHERE pk = 'a", "")
        .invalid(MALFORMED + "Unexpected end of statement");
    // a digit outside ASCII once made the lexer loop without end
    statement("SELECT * FROM orders WHERE pk = \\u0663", "")
        .invalid(MALFORMED + "Unexpected character");
    statement("SELECT * FROM orders WHERE pk = ?", "")
        .invalid("Number of parameters in request and statement don't match.");
  }

  @Test
  void malformedRequests_areRefusedInTheValidationEnvelope() {
    wire.call("ExecuteStatement", "{}")
        .invalid(
            "1 validation error detected: Value null at 'statement' failed to satisfy constraint:"
                + " Member must not be null");
    wire.call("ExecuteStatement", "{'Statement':'SELECT * FROM orders','Parameters':[]}")
        .invalid(
            "1 validation error detected: Value '[]' at 'parameters' failed to satisfy"
                + " constraint: Member must have length greater than or equal to 1");
    wire.call("BatchExecuteStatement", "{'Statements':[]}")
        .invalid(
            "1 validation error detected: Value '[]' at 'statements' failed to satisfy"
                + " constraint: Member must have length greater than or equal to 1");
  }

  @Test
  void aMissingTable_isNotFound() {
    JsonCalls.Answer answer = statement("SELECT * FROM nope", "");
    assertThat(answer.body().get("__type"))
        .isEqualTo("com.amazonaws.dynamodb.v20120810#ResourceNotFoundException");
  }
}
