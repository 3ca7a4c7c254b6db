package dev.dynakit.it.mass;

import dev.dynakit.core.adapter.Adapter;
import dev.dynakit.core.adapter.ListOptions;
import dev.dynakit.core.mass.MassOperations;
import dev.dynakit.core.mass.MassOptions;
import dev.dynakit.core.mass.MassResult;
import dev.dynakit.core.schema.KeyField;
import dev.dynakit.core.schema.TableSpec;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * What the kill campaign's test and its child JVM share: the table (cars under cities, versioned,
 * with a structural key), the items, and the five operations by name, each with a mapping that
 * bumps the item's {@code counter} by one, so that an item handled twice shows in its content.
 */
final class KillFleet {
  /** The token key both JVMs use, so that the child's tokens outlive it. */
  static final byte[] TOKEN_KEY = "kill-campaign-token-key-32-bytes".getBytes();

  static final String FROM = "Dallas";
  static final String TO = "Austin";

  private KillFleet() {}

  static TableSpec spec(String table) {
    return TableSpec.builder(table)
        .keyFields(KeyField.string("state"), KeyField.string("city"), KeyField.number("car", 6))
        .structuralKey("_sk")
        .technicalPrefix("_")
        .versionField("_v")
        .build();
  }

  static Adapter adapter(DynamoDbClient client, String table) {
    return Adapter.builder(spec(table), client).build();
  }

  static Map<String, Object> city(String city) {
    Map<String, Object> key = new LinkedHashMap<>();
    key.put("state", "TX");
    key.put("city", city);
    return key;
  }

  static Map<String, Object> key(String city, int car) {
    Map<String, Object> key = city(city);
    key.put("car", car);
    return key;
  }

  /** Car {@code car} of a city: its counter starts at {@code car * 3}. */
  static Map<String, Object> car(String city, int car, String model) {
    Map<String, Object> item = key(city, car);
    item.put("model", model);
    item.put("counter", car * 3);
    item.put("tags", List.of("a", car % 7));
    return item;
  }

  static List<Map<String, Object>> cars(String city, int count, String model) {
    List<Map<String, Object>> cars = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      cars.add(car(city, i, model));
    }
    return cars;
  }

  /** The mapping of every copy and move: to the destination city, the counter bumped once. */
  static UnaryOperator<Map<String, Object>> bump(boolean moveCity) {
    return item -> {
      if (moveCity) {
        item.put("city", TO);
      }
      item.put("counter", ((BigDecimal) item.get("counter")).add(BigDecimal.ONE));
      return item;
    };
  }

  /** Runs one of the five operations by name from a token (null to start). */
  static MassResult run(
      MassOperations mass, Adapter adapter, String operation, MassOptions options) {
    ListOptions dallas = ListOptions.builder().keyCondition(adapter.buildKey(city(FROM))).build();
    switch (operation) {
      case "delete":
        return mass.delete(dallas, options);
      case "clone":
        return mass.clone(dallas, bump(true), options);
      case "move":
        return mass.move(dallas, bump(true), options);
      case "rename":
        return mass.rename(city(FROM), city(TO), options.toBuilder().mapping(bump(false)).build());
      case "cloneWithOverwrite":
        return mass.cloneWithOverwrite(
            city(FROM), city(TO), options.toBuilder().mapping(bump(false)).build());
      default:
        throw new IllegalArgumentException("no such operation: " + operation);
    }
  }
}
