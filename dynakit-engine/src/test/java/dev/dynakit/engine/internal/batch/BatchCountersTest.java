package dev.dynakit.engine.internal.batch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.engine.DynakitEngine;
import dev.dynakit.engine.JsonCalls;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The item counts and sizes DescribeTable reports follow batches that add, replace and delete items
 * in several tables at once.
 */
class BatchCountersTest {
  private final DynakitEngine engine = DynakitEngine.inMemory();
  private final JsonCalls calls = new JsonCalls(engine);

  @AfterEach
  void close() {
    engine.close();
  }

  @Test
  void countsAndSizes_followBatchesOverTwoTables() {
    calls.createTableWithIndex("one");
    calls.createTableWithIndex("two");
    // sizes: "pk"+"aN" = 4, "v"+ the string
    calls
        .call(
            "BatchWriteItem",
            "{'RequestItems':{"
                + "'one':[{'PutRequest':{'Item':{'pk':{'S':'a1'},'v':{'S':'xxxx'}}}},"
                + "{'PutRequest':{'Item':{'pk':{'S':'a2'},'v':{'S':'xx'}}}}],"
                + "'two':[{'PutRequest':{'Item':{'pk':{'S':'a1'},'v':{'S':'x'}}}}]}}")
        .ok();
    assertCounts("one", 2, (4 + 5) + (4 + 3));
    assertCounts("two", 1, 4 + 2);
    calls
        .call(
            "BatchWriteItem",
            "{'RequestItems':{"
                + "'two':[{'PutRequest':{'Item':{'pk':{'S':'a1'},'v':{'S':'xxxxxxxx'}}}},"
                + "{'PutRequest':{'Item':{'pk':{'S':'a3'},'v':{'S':''}}}}],"
                + "'one':[{'DeleteRequest':{'Key':{'pk':{'S':'a1'}}}},"
                + "{'DeleteRequest':{'Key':{'pk':{'S':'a9'}}}},"
                + "{'PutRequest':{'Item':{'pk':{'S':'a2'},'v':{'S':'x'}}}}]}}")
        .ok();
    assertCounts("one", 1, 4 + 2);
    assertCounts("two", 2, (4 + 9) + (4 + 1));
  }

  @SuppressWarnings("unchecked")
  private void assertCounts(String table, long items, long bytes) {
    Map<String, Object> d =
        (Map<String, Object>)
            calls.call("DescribeTable", "{'TableName':'" + table + "'}").ok().body().get("Table");
    assertThat(d).containsEntry("ItemCount", items).containsEntry("TableSizeBytes", bytes);
  }
}
