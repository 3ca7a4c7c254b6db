package dev.dynakit.engine.internal.query;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.engine.DynakitEngine;
import dev.dynakit.engine.EngineResponse;
import dev.dynakit.engine.internal.protocol.Json;
import dev.dynakit.engine.internal.value.AttrValue;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntPredicate;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * Queries with random key conditions, directions, limits and filters, paged to the end through
 * LastEvaluatedKey, return exactly what a sorted model of the table says, on the table and on a GSI
 * whose sort key has ties (broken by the base key).
 */
class QueryPagingProperties {
  private static final String TABLE =
      "{\"TableName\":\"tbl\",\"BillingMode\":\"PAY_PER_REQUEST\",\"AttributeDefinitions\":["
          + "{\"AttributeName\":\"pk\",\"AttributeType\":\"S\"},"
          + "{\"AttributeName\":\"sk\",\"AttributeType\":\"N\"},"
          + "{\"AttributeName\":\"g\",\"AttributeType\":\"S\"},"
          + "{\"AttributeName\":\"gs\",\"AttributeType\":\"N\"}],"
          + "\"KeySchema\":[{\"AttributeName\":\"pk\",\"KeyType\":\"HASH\"},"
          + "{\"AttributeName\":\"sk\",\"KeyType\":\"RANGE\"}],"
          + "\"GlobalSecondaryIndexes\":[{\"IndexName\":\"gsi\",\"KeySchema\":["
          + "{\"AttributeName\":\"g\",\"KeyType\":\"HASH\"},"
          + "{\"AttributeName\":\"gs\",\"KeyType\":\"RANGE\"}],"
          + "\"Projection\":{\"ProjectionType\":\"ALL\"}}]}";

  private static final List<String> OPERATORS = List.of("", "=", "<", "<=", ">", ">=", "BETWEEN");

  /** One stored item. */
  record Row(String pk, int sk, String g, int gs, int f) {}

  /** A key condition on one partition, the sort-key operator and its operands. */
  record Ask(String partition, String operator, int a, int b, boolean forward, int limit, int f) {}

  @Provide
  Arbitrary<List<Row>> rows() {
    Arbitrary<Row> row =
        Combinators.combine(
                Arbitraries.of("a", "b", "c"),
                Arbitraries.integers().between(-20, 20),
                Arbitraries.of("x", "y"),
                Arbitraries.integers().between(0, 6),
                Arbitraries.integers().between(0, 4))
            .as(Row::new);
    return row.list().ofMaxSize(60).uniqueElements(r -> r.pk() + "/" + r.sk());
  }

  @Provide
  Arbitrary<List<Ask>> asks() {
    return Combinators.combine(
            Arbitraries.of("a", "b", "c", "x", "y"),
            Arbitraries.of(OPERATORS),
            Arbitraries.integers().between(-22, 22),
            Arbitraries.integers().between(-22, 22),
            Arbitraries.of(true, false),
            Arbitraries.integers().between(0, 8),
            Arbitraries.integers().between(-1, 4))
        .as(Ask::new)
        .list()
        .ofMinSize(1)
        .ofMaxSize(6);
  }

  @Property(tries = 60)
  void tableAndGsiQueries_pageThroughExactlyTheModel(
      @ForAll("rows") List<Row> rows, @ForAll("asks") List<Ask> asks) {
    try (DynakitEngine engine = DynakitEngine.inMemory()) {
      call(engine, "CreateTable", TABLE);
      for (Row r : rows) {
        Map<String, Object> put = new LinkedHashMap<>();
        put.put("TableName", "tbl");
        Map<String, Object> item = new LinkedHashMap<>();
        item.put("pk", new AttrValue.S(r.pk()));
        item.put("sk", number(r.sk()));
        item.put("g", new AttrValue.S(r.g()));
        item.put("gs", number(r.gs()));
        item.put("f", number(r.f()));
        put.put("Item", item);
        call(engine, "PutItem", new String(Json.write(put), StandardCharsets.UTF_8));
      }
      for (Ask ask : asks) {
        boolean index = ask.partition().equals("x") || ask.partition().equals("y");
        assertThat(query(engine, ask, index)).as(ask.toString()).isEqualTo(model(rows, ask, index));
      }
    }
  }

  private static List<String> model(List<Row> rows, Ask ask, boolean index) {
    IntPredicate sort = sortPredicate(ask);
    Comparator<Row> order =
        index
            ? Comparator.comparingInt(Row::gs).thenComparing(Row::pk).thenComparingInt(Row::sk)
            : Comparator.comparingInt(Row::sk);
    List<Row> out = new ArrayList<>();
    for (Row r : rows) {
      boolean inPartition = index ? r.g().equals(ask.partition()) : r.pk().equals(ask.partition());
      if (inPartition && sort.test(index ? r.gs() : r.sk()) && (ask.f() < 0 || r.f() == ask.f())) {
        out.add(r);
      }
    }
    out.sort(order);
    if (!ask.forward()) {
      Collections.reverse(out);
    }
    List<String> ids = new ArrayList<>();
    for (Row r : out) {
      ids.add(r.pk() + "/" + r.sk());
    }
    return ids;
  }

  private static IntPredicate sortPredicate(Ask ask) {
    int a = ask.a();
    int b = ask.b();
    switch (ask.operator()) {
      case "=":
        return v -> v == a;
      case "<":
        return v -> v < a;
      case "<=":
        return v -> v <= a;
      case ">":
        return v -> v > a;
      case ">=":
        return v -> v >= a;
      case "BETWEEN":
        return v -> v >= Math.min(a, b) && v <= Math.max(a, b);
      default:
        return v -> true;
    }
  }

  @SuppressWarnings("unchecked")
  private static List<String> query(DynakitEngine engine, Ask ask, boolean index) {
    String hash = index ? "g" : "pk";
    String range = index ? "gs" : "sk";
    Map<String, Object> values = new LinkedHashMap<>();
    values.put(":p", new AttrValue.S(ask.partition()));
    String condition = hash + " = :p";
    if (ask.operator().equals("BETWEEN")) {
      condition += " AND " + range + " BETWEEN :a AND :b";
      values.put(":a", number(Math.min(ask.a(), ask.b())));
      values.put(":b", number(Math.max(ask.a(), ask.b())));
    } else if (!ask.operator().isEmpty()) {
      condition += " AND " + range + " " + ask.operator() + " :a";
      values.put(":a", number(ask.a()));
    }
    Map<String, Object> request = new LinkedHashMap<>();
    request.put("TableName", "tbl");
    if (index) {
      request.put("IndexName", "gsi");
    }
    request.put("KeyConditionExpression", condition);
    if (ask.f() >= 0) {
      request.put("FilterExpression", "f = :f");
      values.put(":f", number(ask.f()));
    }
    request.put("ExpressionAttributeValues", values);
    request.put("ScanIndexForward", ask.forward());
    if (ask.limit() > 0) {
      request.put("Limit", (long) ask.limit());
    }
    List<String> ids = new ArrayList<>();
    for (int pages = 0; pages < 200; pages++) {
      Map<String, Object> page =
          call(engine, "Query", new String(Json.write(request), StandardCharsets.UTF_8));
      List<Object> items = (List<Object>) page.get("Items");
      long scanned = ((Number) page.get("ScannedCount")).longValue();
      if (ask.limit() > 0) {
        assertThat(scanned).isLessThanOrEqualTo(ask.limit());
      }
      for (Object o : items) {
        Map<String, Map<String, Object>> item = (Map<String, Map<String, Object>>) o;
        ids.add(item.get("pk").get("S") + "/" + new BigDecimal((String) item.get("sk").get("N")));
      }
      Object last = page.get("LastEvaluatedKey");
      if (last == null) {
        return ids;
      }
      request.put("ExclusiveStartKey", last);
    }
    throw new AssertionError("paging did not end");
  }

  private static AttrValue number(int n) {
    return new AttrValue.N(BigDecimal.valueOf(n));
  }

  private static Map<String, Object> call(DynakitEngine engine, String operation, String json) {
    EngineResponse r =
        engine.handle(
            DynakitEngine.TARGET_PREFIX + operation, json.getBytes(StandardCharsets.UTF_8));
    Map<String, Object> body = Json.parseObject(r.body());
    assertThat(r.status()).as(operation + " " + json + " -> " + body).isEqualTo(200);
    return body;
  }

  @Property(tries = 30)
  @SuppressWarnings("unchecked")
  void segments_partitionTheTable(
      @ForAll("rows") List<Row> rows, @ForAll @IntRange(min = 1, max = 40) int totalSegments) {
    try (DynakitEngine engine = DynakitEngine.inMemory()) {
      call(engine, "CreateTable", TABLE);
      for (Row r : rows) {
        call(
            engine,
            "PutItem",
            "{\"TableName\":\"tbl\",\"Item\":{\"pk\":{\"S\":\""
                + r.pk()
                + "\"},\"sk\":{\"N\":\""
                + r.sk()
                + "\"}}}");
      }
      List<Object> seen = new ArrayList<>();
      for (int s = 0; s < totalSegments; s++) {
        Map<String, Object> page =
            call(
                engine,
                "Scan",
                "{\"TableName\":\"tbl\",\"Segment\":"
                    + s
                    + ",\"TotalSegments\":"
                    + totalSegments
                    + "}");
        seen.addAll((List<Object>) page.get("Items"));
      }
      assertThat(seen).hasSize(rows.size()).doesNotHaveDuplicates();
    }
  }
}
