package dev.dynakit.engine.internal.query;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.engine.DynakitEngine;
import dev.dynakit.engine.JsonCalls;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The 1 MB page limit ends pages at the same item whether or not the request asks for consumed
 * capacity (the reader measures entries only near the limit unless it must report their total), and
 * where the sizes of the items say it must.
 */
class PageLimitProperties {
  private static final long MB = 1024 * 1024;

  @Property(tries = 25)
  void pagesEndWhereTheSizesSay(@ForAll("sizes") List<Integer> sizes) {
    try (DynakitEngine engine = DynakitEngine.inMemory()) {
      JsonCalls calls = new JsonCalls(engine);
      calls
          .call(
              "CreateTable",
              "{'TableName':'tbl','BillingMode':'PAY_PER_REQUEST','AttributeDefinitions':"
                  + "[{'AttributeName':'pk','AttributeType':'S'},"
                  + "{'AttributeName':'sk','AttributeType':'N'}],'KeySchema':"
                  + "[{'AttributeName':'pk','KeyType':'HASH'},"
                  + "{'AttributeName':'sk','KeyType':'RANGE'}]}")
          .ok();
      List<Long> itemSizes = new ArrayList<>();
      for (int i = 0; i < sizes.size(); i++) {
        String blob = "b".repeat(sizes.get(i));
        calls
            .call(
                "PutItem",
                "{'TableName':'tbl','Item':{'pk':{'S':'p'},'sk':{'N':'"
                    + (i + 10)
                    + "'},'blob':{'S':'"
                    + blob
                    + "'}}}")
            .ok();
        // "pk"+"p", "sk"+ a two-digit number (2 bytes), "blob"+the value
        itemSizes.add(3L + 4 + 4 + sizes.get(i));
      }
      for (String op : List.of("Query", "Scan")) {
        List<Integer> plain = counts(calls, op, "NONE");
        assertThat(counts(calls, op, "TOTAL")).isEqualTo(plain);
        assertThat(plain).isEqualTo(expected(itemSizes));
      }
    }
  }

  private static List<Integer> counts(JsonCalls calls, String op, String capacity) {
    List<Integer> counts = new ArrayList<>();
    Object start = null;
    do {
      String request =
          "{'TableName':'tbl','ReturnConsumedCapacity':'"
              + capacity
              + "'"
              + (op.equals("Query")
                  ? ",'KeyConditionExpression':'pk = :p','ExpressionAttributeValues':{':p':{'S':'p'}}"
                  : "")
              + (start == null ? "" : ",'ExclusiveStartKey':" + start)
              + "}";
      Map<String, Object> page = calls.call(op, request).ok().body();
      counts.add(((Number) page.get("Count")).intValue());
      Object last = page.get("LastEvaluatedKey");
      start = last == null ? null : json(last);
    } while (start != null);
    return counts;
  }

  @SuppressWarnings("unchecked")
  private static String json(Object key) {
    Map<String, Map<String, String>> k = (Map<String, Map<String, String>>) key;
    return "{'pk':{'S':'" + k.get("pk").get("S") + "'},'sk':{'N':'" + k.get("sk").get("N") + "'}}";
  }

  /**
   * The page sizes DynamoDB's rule gives: an item that brings the total to 1 MB ends its page, with
   * a LastEvaluatedKey even when nothing follows (then an empty page follows).
   */
  private static List<Integer> expected(List<Long> sizes) {
    List<Integer> pages = new ArrayList<>();
    int i = 0;
    boolean stopped;
    do {
      int n = 0;
      long bytes = 0;
      stopped = false;
      while (i < sizes.size() && !stopped) {
        bytes += sizes.get(i++);
        n++;
        stopped = bytes >= MB;
      }
      pages.add(n);
    } while (stopped);
    return pages;
  }

  @Provide
  Arbitrary<List<Integer>> sizes() {
    return Arbitraries.oneOf(
            Arbitraries.integers().between(1, 5_000),
            Arbitraries.integers().between(50_000, 300_000))
        .list()
        .ofMinSize(1)
        .ofMaxSize(30);
  }
}
