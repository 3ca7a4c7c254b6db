package dev.dynakit.it.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/** Reads every page of a Query or Scan by following LastEvaluatedKey, keeping each page. */
final class Paging {
  private Paging() {}

  static List<QueryResponse> queryPages(DynamoDbClient db, QueryRequest first) {
    List<QueryResponse> pages = new ArrayList<>();
    QueryRequest next = first;
    while (true) {
      QueryResponse r = db.query(next);
      pages.add(r);
      if (!r.hasLastEvaluatedKey()) {
        return pages;
      }
      next = next.toBuilder().exclusiveStartKey(r.lastEvaluatedKey()).build();
    }
  }

  static List<ScanResponse> scanPages(DynamoDbClient db, ScanRequest first) {
    List<ScanResponse> pages = new ArrayList<>();
    ScanRequest next = first;
    while (true) {
      ScanResponse r = db.scan(next);
      pages.add(r);
      if (!r.hasLastEvaluatedKey()) {
        return pages;
      }
      next = next.toBuilder().exclusiveStartKey(r.lastEvaluatedKey()).build();
    }
  }

  /** All items of all pages of a Query, in the order returned. */
  static List<Map<String, AttributeValue>> queryAll(
      DynamoDbClient db, Consumer<QueryRequest.Builder> request) {
    QueryRequest.Builder b = QueryRequest.builder();
    request.accept(b);
    List<Map<String, AttributeValue>> out = new ArrayList<>();
    for (QueryResponse r : queryPages(db, b.build())) {
      out.addAll(r.items());
    }
    return out;
  }

  /** All items of all pages of a Scan, in the order returned. */
  static List<Map<String, AttributeValue>> scanAll(
      DynamoDbClient db, Consumer<ScanRequest.Builder> request) {
    ScanRequest.Builder b = ScanRequest.builder();
    request.accept(b);
    List<Map<String, AttributeValue>> out = new ArrayList<>();
    for (ScanResponse r : scanPages(db, b.build())) {
      out.addAll(r.items());
    }
    return out;
  }

  /** The numeric attribute {@code name} of each item. */
  static List<Integer> ints(List<Map<String, AttributeValue>> items, String name) {
    List<Integer> out = new ArrayList<>(items.size());
    for (Map<String, AttributeValue> item : items) {
      out.add(Integer.parseInt(item.get(name).n()));
    }
    return out;
  }
}
