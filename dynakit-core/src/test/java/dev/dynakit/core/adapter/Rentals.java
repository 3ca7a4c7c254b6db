package dev.dynakit.core.adapter;

import dev.dynakit.core.schema.FilterOp;
import dev.dynakit.core.schema.IndexKey;
import dev.dynakit.core.schema.IndexSpec;
import dev.dynakit.core.schema.KeyField;
import dev.dynakit.core.schema.ScalarType;
import dev.dynakit.core.schema.TableSpec;
import java.util.LinkedHashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The car-rental hierarchy the tests share: states, cities, cars ({@code TX|Dallas|00042}), a GSI
 * by status and rental date, an LSI by price, an indirect keys-only GSI by VIN.
 */
final class Rentals {
  static final String TABLE = "rentals";

  private Rentals() {}

  static TableSpec.Builder specBuilder() {
    return TableSpec.builder(TABLE)
        .keyFields(KeyField.string("state"), KeyField.string("city"), KeyField.number("car", 5))
        .structuralKey("_sk")
        .technicalPrefix("_")
        .typeLabels("state", "city", "car")
        .typeField("kind")
        .versionField("_v")
        .createdAtField("_createdAt")
        .searchable("name")
        .filterable("status", FilterOp.EQ, FilterOp.NE, FilterOp.IN)
        .filterable("price", ScalarType.NUMBER, FilterOp.LT, FilterOp.GE, FilterOp.BETWEEN)
        .filterable("rentedAt", FilterOp.GE, FilterOp.LT, FilterOp.BETWEEN)
        .filterable("state", FilterOp.EQ)
        .index(IndexSpec.global("byStatus").partitionKey("status").sortKey("rentedAt"))
        .index(IndexSpec.local("byPrice").sortKey(IndexKey.number("price")))
        .index(IndexSpec.global("byVin").partitionKey("vin").keysOnly().indirect())
        .descriptorKey("__descriptor");
  }

  static TableSpec spec() {
    return specBuilder().build();
  }

  /** Creates the table and returns a plain Adapter for it. */
  static Adapter adapter(DynamoDbClient client) {
    return TestTables.adapterFor(client, spec()).build();
  }

  static Map<String, Object> key(String state, String city, int car) {
    return Map.of("state", state, "city", city, "car", car);
  }

  static Map<String, Object> car(String state, String city, int car, String status, int price) {
    Map<String, Object> item = new LinkedHashMap<>(key(state, city, car));
    item.put("status", status);
    item.put("price", price);
    item.put("name", state + " " + city + " car " + car);
    item.put("vin", "VIN" + car);
    return item;
  }
}
