package dev.dynakit.core.adapter;

import dev.dynakit.core.expr.Expression;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.Select;

/**
 * A list read, planned: everything a Query (with a key condition) or a Scan (without) needs, with
 * the expressions rendered against one placeholder context. Each request carries only the names and
 * values of the expressions it uses, so a COUNT request can leave out the projection.
 *
 * @param indexName the index read, or null
 * @param keyCondition the key condition, or null for a Scan
 * @param filter the filter, or null
 * @param projection what the first read returns, or null for everything
 * @param consistent whether reads are strongly consistent
 * @param forward whether a Query reads in ascending key order
 * @param secondHop for an indirect index, what to read from the table by the keys found; else null
 * @param fields the caller's fields, for reviving (empty for all)
 * @param positionAttributes the attributes of an item's position (the table's and index's keys)
 * @param signature what shapes the read, for binding cursors to it
 */
record ReadPlan(
    String table,
    @Nullable String indexName,
    @Nullable Expression keyCondition,
    @Nullable Expression filter,
    @Nullable Expression projection,
    boolean consistent,
    boolean forward,
    @Nullable SecondHop secondHop,
    List<String> fields,
    List<String> positionAttributes,
    String signature) {

  /** The second read of an indirect index: the table by key, with the caller's projection. */
  record SecondHop(@Nullable Expression projection, List<String> keyAttributes) {}

  /** One page of a read. */
  record Page(
      List<Map<String, AttributeValue>> items,
      int count,
      @Nullable Map<String, AttributeValue> lastKey) {}

  boolean filtered() {
    return filter != null;
  }

  /**
   * Reads one page.
   *
   * @param start where to continue, or null from the beginning
   * @param limit how many items to evaluate at most, or null for a full page
   * @param count whether to count only (no items returned)
   */
  Page read(
      Sender sender,
      @Nullable Map<String, AttributeValue> start,
      @Nullable Integer limit,
      boolean count) {
    List<Expression> used = new ArrayList<>();
    used.add(keyCondition);
    used.add(filter);
    if (!count) {
      used.add(projection);
    }
    Map<String, String> names = Expression.mergedNames(used);
    Map<String, AttributeValue> values = Expression.mergedValues(used);
    if (keyCondition != null) {
      QueryRequest.Builder request =
          QueryRequest.builder()
              .tableName(table)
              .indexName(indexName)
              .keyConditionExpression(keyCondition.text())
              .filterExpression(filter == null ? null : filter.text())
              .limit(limit)
              .returnConsumedCapacity(sender.capacity());
      if (count) {
        request.select(Select.COUNT);
      } else if (projection != null) {
        request.projectionExpression(projection.text());
      }
      if (consistent) {
        request.consistentRead(true);
      }
      if (!forward) {
        request.scanIndexForward(false);
      }
      if (start != null) {
        request.exclusiveStartKey(start);
      }
      maps(names, values, request::expressionAttributeNames, request::expressionAttributeValues);
      QueryResponse response = sender.query(request.build());
      return new Page(response.items(), response.count(), last(response.lastEvaluatedKey()));
    }
    ScanRequest.Builder request =
        ScanRequest.builder()
            .tableName(table)
            .indexName(indexName)
            .filterExpression(filter == null ? null : filter.text())
            .limit(limit)
            .returnConsumedCapacity(sender.capacity());
    if (count) {
      request.select(Select.COUNT);
    } else if (projection != null) {
      request.projectionExpression(projection.text());
    }
    if (consistent) {
      request.consistentRead(true);
    }
    if (start != null) {
      request.exclusiveStartKey(start);
    }
    maps(names, values, request::expressionAttributeNames, request::expressionAttributeValues);
    ScanResponse response = sender.scan(request.build());
    return new Page(response.items(), response.count(), last(response.lastEvaluatedKey()));
  }

  /** The position of an item read by this plan, to continue after it. */
  Map<String, AttributeValue> positionOf(Map<String, AttributeValue> item) {
    Map<String, AttributeValue> position = new LinkedHashMap<>();
    for (String name : positionAttributes) {
      AttributeValue value = item.get(name);
      if (value != null) {
        position.put(name, value);
      }
    }
    return position;
  }

  private static @Nullable Map<String, AttributeValue> last(Map<String, AttributeValue> key) {
    return key == null || key.isEmpty() ? null : key;
  }

  private static void maps(
      Map<String, String> names,
      Map<String, AttributeValue> values,
      java.util.function.Consumer<Map<String, String>> setNames,
      java.util.function.Consumer<Map<String, AttributeValue>> setValues) {
    if (!names.isEmpty()) {
      setNames.accept(names);
    }
    if (!values.isEmpty()) {
      setValues.accept(values);
    }
  }
}
