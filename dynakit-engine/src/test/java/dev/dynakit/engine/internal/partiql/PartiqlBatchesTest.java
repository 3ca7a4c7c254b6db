package dev.dynakit.engine.internal.partiql;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.engine.DynakitEngine;
import dev.dynakit.engine.JsonCalls;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** BatchExecuteStatement and ExecuteTransaction over the wire. */
class PartiqlBatchesTest {
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

  private static String statement(String text) {
    return "{'Statement':'" + text.replace("'", "\\u0027") + "'}";
  }

  @SuppressWarnings("unchecked")
  private static List<Map<String, Object>> responses(JsonCalls.Answer answer) {
    return (List<Map<String, Object>>) answer.ok().body().get("Responses");
  }

  @Test
  void batchWrites_runEachStatement_andAnswerAFailureInItsPlace() {
    List<Map<String, Object>> responses =
        responses(
            wire.call(
                "BatchExecuteStatement",
                "{'Statements':["
                    + statement("INSERT INTO tab VALUE {'pk': 'b', 'n': 2}")
                    + ","
                    + statement("INSERT INTO tab VALUE {'pk': 'a', 'n': 3}")
                    + ","
                    + statement("UPDATE tab SET n = 5 WHERE pk = 'a'")
                    + "]}"));
    assertThat(responses.get(0)).isEqualTo(Map.of("TableName", "tab"));
    assertThat(responses.get(1).get("Error"))
        .isEqualTo(
            Map.of("Code", "DuplicateItem", "Message", "Duplicate primary key exists in table"));
    assertThat(responses.get(2)).isEqualTo(Map.of("TableName", "tab"));
    assertThat(
            wire.call("GetItem", "{'TableName':'tab','Key':{'pk':{'S':'a'}}}")
                .ok()
                .body()
                .get("Item"))
        .isEqualTo(Map.of("pk", Map.of("S", "a"), "n", Map.of("N", "5")));
  }

  @Test
  void batchReads_needTheWholeKey_andMixingReadsAndWrites_isRefused() {
    List<Map<String, Object>> responses =
        responses(
            wire.call(
                "BatchExecuteStatement",
                "{'Statements':["
                    + statement("SELECT n FROM tab WHERE pk = 'a'")
                    + ","
                    + statement("SELECT * FROM tab WHERE n = 1")
                    + "]}"));
    assertThat(responses.get(0))
        .isEqualTo(Map.of("TableName", "tab", "Item", Map.of("n", Map.of("N", "1"))));
    assertThat(((Map<?, ?>) responses.get(1).get("Error")).get("Code"))
        .isEqualTo("ValidationError");
    wire.call(
            "BatchExecuteStatement",
            "{'Statements':["
                + statement("SELECT n FROM tab WHERE pk = 'a'")
                + ","
                + statement("DELETE FROM tab WHERE pk = 'a'")
                + "]}")
        .invalid("Only read or only write statements are allowed in a batch, not both");
  }

  @Test
  void aTransaction_appliesAllOrNothing() {
    List<Map<String, Object>> reasons =
        wire.call(
                "ExecuteTransaction",
                "{'TransactStatements':["
                    + statement("INSERT INTO tab VALUE {'pk': 'c', 'n': 1}")
                    + ","
                    + statement("UPDATE tab SET n = 9 WHERE pk = 'a' AND n = 2")
                    + "]}")
            .cancelled();
    assertThat(reasons)
        .extracting(r -> r.get("Code"))
        .containsExactly("None", "ConditionalCheckFailed");
    assertThat(wire.call("GetItem", "{'TableName':'tab','Key':{'pk':{'S':'c'}}}").ok().body())
        .doesNotContainKey("Item");

    wire.call(
            "ExecuteTransaction",
            "{'TransactStatements':["
                + statement("INSERT INTO tab VALUE {'pk': 'c', 'n': 1}")
                + ","
                + statement("UPDATE tab SET n = 9 WHERE pk = 'a' AND n = 1")
                + "]}")
        .ok();
    List<Map<String, Object>> read =
        responses(
            wire.call(
                "ExecuteTransaction",
                "{'TransactStatements':["
                    + statement("SELECT n FROM tab WHERE pk = 'a'")
                    + ","
                    + statement("SELECT n FROM tab WHERE pk = 'c'")
                    + "]}"));
    assertThat(read)
        .containsExactly(
            Map.of("Item", Map.of("n", Map.of("N", "9"))),
            Map.of("Item", Map.of("n", Map.of("N", "1"))));
  }
}
