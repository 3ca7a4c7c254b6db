package dev.dynakit.core.mass;

import dev.dynakit.core.adapter.Adapter;
import dev.dynakit.core.adapter.Hooks;
import dev.dynakit.core.batch.Tables;
import dev.dynakit.core.provision.TableProvisioner;
import dev.dynakit.core.schema.FilterOp;
import dev.dynakit.core.schema.IndexSpec;
import dev.dynakit.core.schema.KeyField;
import dev.dynakit.core.schema.ScalarType;
import dev.dynakit.core.schema.TableSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

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
    TableProvisioner.of(client).ensure(spec);
    return Adapter.builder(spec, client).hooks(hooks).build();
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

  /** The structural keys of a table's items, with how often each occurs. */
  static Map<String, Integer> census(DynamoDbClient client, String table) {
    Map<String, Integer> counts = new LinkedHashMap<>();
    for (Map<String, AttributeValue> item : Tables.scan(client, table)) {
      counts.merge(item.get("_sk").s(), 1, Integer::sum);
    }
    return counts;
  }
}
