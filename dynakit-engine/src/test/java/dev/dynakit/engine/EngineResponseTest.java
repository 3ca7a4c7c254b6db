package dev.dynakit.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.engine.internal.protocol.Json;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The answer a caller in the same JVM reads as a tree ({@link EngineResponse#result()}) is public
 * API: JDK types only, equal to what its JSON body parses into, so that no engine-internal type
 * reaches another module.
 */
class EngineResponseTest {
  @Test
  void result_isThePlainTreeItsJsonParsesInto_withJdkTypesOnly() {
    try (DynakitEngine engine = DynakitEngine.inMemory()) {
      JsonCalls calls = new JsonCalls(engine);
      calls.createTableWithIndex("things");
      calls
          .call(
              "PutItem",
              "{'TableName':'things','Item':{'pk':{'S':'a'},'g':{'S':'x'},'n':{'N':'1.50'},"
                  + "'b':{'B':'AQI='},'t':{'BOOL':true},'z':{'NULL':true},'ss':{'SS':['p','q']},"
                  + "'ns':{'NS':['2','3.5']},'bs':{'BS':['AQ==']},"
                  + "'l':{'L':[{'S':'e'},{'M':{'k':{'N':'7'}}}]}}}")
          .ok();

      EngineResponse response =
          engine.handle(
              DynakitEngine.TARGET_PREFIX + "GetItem",
              "{\"TableName\":\"things\",\"Key\":{\"pk\":{\"S\":\"a\"}}}"
                  .getBytes(StandardCharsets.UTF_8));

      Map<String, Object> tree = response.result();
      assertThat(tree).isEqualTo(Json.parseObject(response.body()));
      assertJdkTypesOnly(tree);
      assertThat(((Map<?, ?>) tree.get("Item")).get("n")).isEqualTo(Map.of("N", "1.5"));
    }
  }

  @Test
  void result_ofAnError_isNull_andTheBodySaysIt() {
    try (DynakitEngine engine = DynakitEngine.inMemory()) {
      EngineResponse response =
          engine.handle("DynamoDB_20120810.NoSuchOperation", "{}".getBytes(StandardCharsets.UTF_8));

      assertThat(response.result()).isNull();
      assertThat(response.bodyText()).contains("UnknownOperationException");
    }
  }

  private static void assertJdkTypesOnly(Object node) {
    if (node instanceof Map<?, ?> map) {
      map.forEach(
          (k, v) -> {
            assertThat(k).isInstanceOf(String.class);
            assertJdkTypesOnly(v);
          });
    } else if (node instanceof List<?> list) {
      list.forEach(EngineResponseTest::assertJdkTypesOnly);
    } else if (node != null) {
      assertThat(node.getClass().getName()).startsWith("java.");
    }
  }
}
