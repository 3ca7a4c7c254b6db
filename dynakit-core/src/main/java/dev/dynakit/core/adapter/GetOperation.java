package dev.dynakit.core.adapter;

import dev.dynakit.core.expr.Expression;
import dev.dynakit.core.expr.KeyCondition;
import dev.dynakit.core.expr.KeyConditions;
import dev.dynakit.core.expr.Placeholders;
import dev.dynakit.core.schema.IndexSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/**
 * Reads by key: GetItem on the table; by an index's key, a one-item Query on the index (then a
 * GetItem on the table for an indirect index); by many keys, BatchGetItem in key order.
 */
final class GetOperation {
  private final AdapterContext ctx;

  GetOperation(AdapterContext ctx) {
    this.ctx = ctx;
  }

  Optional<Map<String, Object>> byKey(Map<String, ?> key, ReadOptions options) {
    String index = options.index();
    if (index != null) {
      return byIndexKey(key, index, options);
    }
    PreparedKey prepared = ctx.keys.prepare(key);
    return read(prepared.attributes(), options);
  }

  List<@Nullable Map<String, Object>> byKeys(List<? extends Map<String, ?>> keys, ReadOptions o) {
    if (o.index() != null) {
      throw new IllegalArgumentException(
          "getByKeys reads by table keys; look items up by index key one at a time");
    }
    List<Map<String, AttributeValue>> attributes = new ArrayList<>(keys.size());
    for (Map<String, ?> key : keys) {
      attributes.add(ctx.keys.prepare(key).attributes());
    }
    Placeholders placeholders = ctx.placeholders();
    Expression projection =
        Projections.of(
            ctx.spec, o.fields(), ctx.alsoRead(ctx.spec.primaryKeyNames()), placeholders);
    List<@Nullable Map<String, AttributeValue>> stored =
        ctx.readByKeys(attributes, projection, o.consistent());
    List<@Nullable Map<String, Object>> items = new ArrayList<>(stored.size());
    for (Map<String, AttributeValue> item : stored) {
      items.add(item == null ? null : finish(item, o).orElse(null));
    }
    return items;
  }

  private Optional<Map<String, Object>> read(Map<String, AttributeValue> key, ReadOptions options) {
    Placeholders placeholders = ctx.placeholders();
    Expression projection =
        Projections.of(ctx.spec, options.fields(), ctx.alsoRead(List.of()), placeholders);
    GetItemRequest.Builder request =
        GetItemRequest.builder()
            .tableName(ctx.table())
            .key(key)
            .returnConsumedCapacity(ctx.sender.capacity());
    if (options.consistent()) {
      request.consistentRead(true);
    }
    if (projection != null) {
      request.projectionExpression(projection.text()).expressionAttributeNames(projection.names());
    }
    GetItemResponse response = ctx.sender.getItem(request.build());
    if (!response.hasItem() || response.item().isEmpty()) {
      return Optional.empty();
    }
    return finish(response.item(), options);
  }

  private Optional<Map<String, Object>> byIndexKey(
      Map<String, ?> key, String indexName, ReadOptions options) {
    IndexSpec index = IndexChecks.index(ctx.spec, indexName, options.consistent());
    Map<String, Object> prepared = ctx.hooks.prepareKey(new LinkedHashMap<>(key), indexName);
    KeyCondition condition = KeyConditions.forIndex(ctx.spec, indexName).selfAndChildren(prepared);
    boolean twoHops = index.indirect() && !options.ignoreIndirection();
    Placeholders placeholders = ctx.placeholders();
    Expression keyExpression = condition.render(placeholders);
    Expression projection =
        twoHops
            ? Projections.exactly(ctx.spec.primaryKeyNames(), placeholders)
            : Projections.of(ctx.spec, options.fields(), ctx.alsoRead(List.of()), placeholders);
    QueryRequest.Builder request =
        QueryRequest.builder()
            .tableName(ctx.table())
            .indexName(indexName)
            .keyConditionExpression(keyExpression.text())
            .expressionAttributeNames(Expression.mergedNames(keyExpression, projection))
            .expressionAttributeValues(keyExpression.values())
            .limit(1)
            .returnConsumedCapacity(ctx.sender.capacity());
    if (projection != null) {
      request.projectionExpression(projection.text());
    }
    if (options.consistent()) {
      request.consistentRead(true);
    }
    QueryResponse response = ctx.sender.query(request.build());
    if (response.items().isEmpty()) {
      return Optional.empty();
    }
    Map<String, AttributeValue> entry = response.items().get(0);
    if (!twoHops) {
      return finish(entry, options);
    }
    Map<String, AttributeValue> tableKey = new LinkedHashMap<>();
    for (String name : ctx.spec.primaryKeyNames()) {
      tableKey.put(name, entry.get(name));
    }
    return read(tableKey, options);
  }

  private Optional<Map<String, Object>> finish(
      Map<String, AttributeValue> item, ReadOptions options) {
    if (options.raw()) {
      return Optional.of(ctx.reviver.raw(item));
    }
    return Optional.ofNullable(ctx.reviver.revive(item, options.fields()));
  }
}
