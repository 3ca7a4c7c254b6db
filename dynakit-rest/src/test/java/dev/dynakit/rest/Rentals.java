package dev.dynakit.rest;

import dev.dynakit.core.adapter.Adapter;
import dev.dynakit.core.adapter.Hooks;
import dev.dynakit.core.adapter.ListInput;
import dev.dynakit.core.adapter.WriteOptions;
import dev.dynakit.core.expr.KeyCondition;
import dev.dynakit.core.schema.FilterOp;
import dev.dynakit.core.schema.IndexKey;
import dev.dynakit.core.schema.IndexSpec;
import dev.dynakit.core.schema.KeyField;
import dev.dynakit.core.schema.ScalarType;
import dev.dynakit.core.schema.TableSpec;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A hierarchical table (state, city, car) with a structural key, a version field and a GSI: for
 * composite keys in paths, ETags and the technical-field rules.
 */
final class Rentals {
  static final TableSpec SPEC =
      TableSpec.builder("rentals")
          .keyFields(KeyField.string("state"), KeyField.string("city"), KeyField.number("car", 5))
          .structuralKey("_sk")
          .technicalPrefix("_")
          .versionField("_v")
          .index(
              IndexSpec.global("byStatus")
                  .partitionKey("status")
                  .sortKey(IndexKey.number("price"))
                  .build())
          .filterable("status", FilterOp.EQ, FilterOp.IN)
          .filterable("price", ScalarType.NUMBER, FilterOp.LT, FilterOp.GE, FilterOp.BETWEEN)
          .filterable("state", FilterOp.EQ)
          .searchable("model")
          .build();

  private Rentals() {}

  static Adapter adapter(DynamoDbClient client) {
    return Adapter.builder(SPEC, client).hooks(hooks()).build();
  }

  /** An example {@code {state: …}} narrows a list to that state's partition. */
  static Hooks hooks() {
    return new Hooks() {
      @Override
      public ListInput prepareListInput(ListInput input, Map<String, Object> example) {
        Object state = example.get("state");
        if (state != null && input.indexName() == null && input.keyCondition() == null) {
          return input.withKeyCondition(KeyCondition.builder().partition("state", state).build());
        }
        return input;
      }
    };
  }

  /** Creates the table with TX (Dallas: cars 1-3, Austin: car 7) and CA (Fresno: car 5). */
  static Adapter load(DynamoDbClient client) {
    RestTables.create(client, SPEC);
    Adapter adapter = adapter(client);
    WriteOptions overwrite = WriteOptions.overwriting();
    adapter.put(Map.of("state", "TX", "name", "Texas"), overwrite);
    adapter.put(Map.of("state", "TX", "city", "Dallas"), overwrite);
    adapter.put(car("TX", "Dallas", 1, "free", 30, "Civic"), overwrite);
    adapter.put(car("TX", "Dallas", 2, "rented", 45, "Model 3"), overwrite);
    adapter.put(car("TX", "Dallas", 3, "free", 60, "F-150"), overwrite);
    adapter.put(car("TX", "Austin", 7, "free", 35, "Corolla"), overwrite);
    adapter.put(car("CA", "Fresno", 5, "rented", 50, "Prius"), overwrite);
    return adapter;
  }

  static Map<String, Object> car(
      String state, String city, int car, String status, int price, String model) {
    Map<String, Object> item = new LinkedHashMap<>();
    item.put("state", state);
    item.put("city", city);
    item.put("car", new BigDecimal(car));
    item.put("status", status);
    item.put("price", new BigDecimal(price));
    item.put("model", model);
    return item;
  }

  static Map<String, Object> key(String state, String city, int car) {
    return Map.of("state", state, "city", city, "car", new BigDecimal(car));
  }
}
