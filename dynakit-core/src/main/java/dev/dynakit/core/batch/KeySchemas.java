package dev.dynakit.core.batch;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;

/**
 * The primary-key attribute names of each table (hash first), given up front or read once with
 * DescribeTable. Batches need them to tell items apart: DynamoDB refuses two writes of one key in
 * one request, and reports unprocessed work and found items by content, not by position.
 */
final class KeySchemas {
  private final DynamoDbClient client;
  private final Map<String, List<String>> names = new ConcurrentHashMap<>();

  KeySchemas(DynamoDbClient client, Map<String, List<String>> known) {
    this.client = client;
    names.putAll(known);
  }

  List<String> names(String table) {
    return names.computeIfAbsent(table, this::describe);
  }

  /** The key of an item (or a key given with extra attributes), in key-schema order. */
  Map<String, AttributeValue> keyOf(String table, Map<String, AttributeValue> item) {
    List<String> keyNames = names(table);
    Map<String, AttributeValue> key = new LinkedHashMap<>(keyNames.size() * 2);
    for (String name : keyNames) {
      AttributeValue value = item.get(name);
      if (value == null) {
        throw new IllegalArgumentException(
            "an item of table " + table + " lacks its key attribute '" + name + "'");
      }
      key.put(name, value);
    }
    return key;
  }

  private List<String> describe(String table) {
    List<KeySchemaElement> schema =
        client.describeTable(r -> r.tableName(table)).table().keySchema();
    List<String> ordered = new ArrayList<>(2);
    for (KeySchemaElement element : schema) {
      if (element.keyType() == KeyType.HASH) {
        ordered.add(0, element.attributeName());
      } else {
        ordered.add(element.attributeName());
      }
    }
    return List.copyOf(ordered);
  }
}
