package dev.dynakit.core.mass;

import dev.dynakit.core.adapter.Adapter;
import dev.dynakit.core.adapter.Hooks;
import dev.dynakit.core.schema.FilterOp;
import dev.dynakit.core.schema.GlobalIndex;
import dev.dynakit.core.schema.IndexSpec;
import dev.dynakit.core.schema.KeyField;
import dev.dynakit.core.schema.ScalarType;
import dev.dynakit.core.schema.TableSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * A car-rental hierarchy for mass tests: states, cities, cars ({@code TX|Dallas|00042}), versioned,
 * with a created-at field and structural relationships (so cascades are allowed).
 */
final class Fleet {
  static final String TABLE = "fleet";

  private Fleet() {}

  static TableSpec.Builder spec(String table) {
    return TableSpec.builder(table)
        .keyFields(KeyField.string("state"), KeyField.string("city"), KeyField.number("car", 5))
        .structuralKey("_sk")
        .technicalPrefix("_")
        .versionField("_v")
        .createdAtField("_createdAt")
        .filterable("model", FilterOp.EQ, FilterOp.NE)
        .filterable("price", ScalarType.NUMBER, FilterOp.LT, FilterOp.GE)
        .index(IndexSpec.global("byModel").partitionKey("model").keysOnly())
        .structuralRelationships(true);
  }

  static Adapter adapter(DynamoDbClient client, Hooks... hooks) {
    return adapter(client, spec(TABLE).build(), hooks);
  }

  static Adapter adapter(DynamoDbClient client, TableSpec spec, Hooks... hooks) {
    List<AttributeDefinition> attributes = new ArrayList<>();
    attributes.add(attribute("state"));
    attributes.add(attribute("_sk"));
    List<GlobalSecondaryIndex> indices = new ArrayList<>();
    for (IndexSpec index : spec.indices().values()) {
      String hash = ((GlobalIndex) index).partitionKeyNames().get(0);
      attributes.add(attribute(hash));
      indices.add(
          GlobalSecondaryIndex.builder()
              .indexName(index.name())
              .keySchema(k -> k.attributeName(hash).keyType(KeyType.HASH))
              .projection(p -> p.projectionType(ProjectionType.KEYS_ONLY))
              .build());
    }
    CreateTableRequest.Builder request =
        CreateTableRequest.builder()
            .tableName(spec.tableName())
            .billingMode(BillingMode.PAY_PER_REQUEST)
            .attributeDefinitions(attributes)
            .keySchema(
                k -> k.attributeName("state").keyType(KeyType.HASH),
                k -> k.attributeName("_sk").keyType(KeyType.RANGE));
    if (!indices.isEmpty()) {
      request.globalSecondaryIndexes(indices);
    }
    client.createTable(request.build());
    return Adapter.builder(spec, client).hooks(hooks).build();
  }

  private static AttributeDefinition attribute(String name) {
    return AttributeDefinition.builder()
        .attributeName(name)
        .attributeType(ScalarAttributeType.S)
        .build();
  }

  static Map<String, Object> key(String state, String city, int car) {
    Map<String, Object> key = new LinkedHashMap<>();
    key.put("state", state);
    key.put("city", city);
    key.put("car", car);
    return key;
  }

  static Map<String, Object> city(String state, String city) {
    Map<String, Object> key = new LinkedHashMap<>();
    key.put("state", state);
    key.put("city", city);
    return key;
  }

  static Map<String, Object> car(String state, String city, int car) {
    Map<String, Object> item = key(state, city, car);
    item.put("model", "model-" + (car % 13));
    item.put("price", 100 + car % 50);
    item.put("_createdAt", String.format("2024-01-01T00:%02d:00Z", car % 60));
    return item;
  }

  static Map<String, Object> cityRow(String state, String city) {
    Map<String, Object> item = city(state, city);
    item.put("mayor", "someone");
    return item;
  }

  /** The cars of a city, 0..count-1. */
  static List<Map<String, Object>> cars(String state, String city, int count) {
    List<Map<String, Object>> cars = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      cars.add(car(state, city, i));
    }
    return cars;
  }

  /** Every item of a table as stored. */
  static List<Map<String, AttributeValue>> scan(DynamoDbClient client, String table) {
    List<Map<String, AttributeValue>> items = new ArrayList<>();
    Map<String, AttributeValue> start = null;
    do {
      ScanRequest.Builder request = ScanRequest.builder().tableName(table).consistentRead(true);
      if (start != null) {
        request.exclusiveStartKey(start);
      }
      ScanResponse page = client.scan(request.build());
      items.addAll(page.items());
      start =
          page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty()
              ? page.lastEvaluatedKey()
              : null;
    } while (start != null);
    return items;
  }

  /** The structural keys of a table's items, with how often each occurs. */
  static Map<String, Integer> census(DynamoDbClient client, String table) {
    Map<String, Integer> counts = new LinkedHashMap<>();
    for (Map<String, AttributeValue> item : scan(client, table)) {
      counts.merge(item.get("_sk").s(), 1, Integer::sum);
    }
    return counts;
  }
}
