package dev.dynakit.benchmarks;

import dev.dynakit.core.schema.KeyField;
import dev.dynakit.core.schema.TableSpec;
import java.util.LinkedHashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;

/**
 * The table and item of {@link AdapterOverhead}: a hierarchical rental (state, city, rental, a
 * structural sort key) of ten fields, and the SDK requests a programmer would write by hand for the
 * same reads and writes the Adapter makes. {@link SameCalls} checks that they are the same
 * requests.
 *
 * <p>No version field: an overwriting put of a versioned item first reads the stored version (so
 * that a stale writer cannot match again), which is two requests against the hand-written one, not
 * the per-call cost this benchmark measures.
 */
final class OverheadTable {
  static final String TABLE = "overhead-rentals";
  static final String STATE = "TX";
  static final String CITY = "Dallas";
  static final String RENTAL = "r0042";

  private OverheadTable() {}

  static TableSpec spec() {
    return TableSpec.builder(TABLE)
        .keyFields(KeyField.string("state"), KeyField.string("city"), KeyField.string("rental"))
        .structuralKey("_sk")
        .technicalPrefix("_")
        .typeLabels("state", "city", "rental")
        .build();
  }

  /** The key as an Adapter user gives it. */
  static Map<String, Object> key() {
    Map<String, Object> key = new LinkedHashMap<>();
    key.put("state", STATE);
    key.put("city", CITY);
    key.put("rental", RENTAL);
    return key;
  }

  /** The item as an Adapter user gives it. */
  static Map<String, Object> item() {
    Map<String, Object> item = key();
    item.put("status", "available");
    item.put("pickupAt", "2026-06-08T11:00");
    item.put("days", 3);
    item.put("vin", "DAL-02");
    item.put("make", "Nissan");
    item.put("model", "Leaf");
    item.put("dailyRate", 50);
    return item;
  }

  /** GetItem as written by hand: the partition key and the composed sort key. */
  static GetItemRequest getItem() {
    Map<String, AttributeValue> key = new LinkedHashMap<>();
    key.put("state", AttributeValue.fromS(STATE));
    key.put("_sk", AttributeValue.fromS(STATE + "|" + CITY + "|" + RENTAL));
    return GetItemRequest.builder().tableName(TABLE).key(key).build();
  }

  /** PutItem as written by hand: the same stored item, with its sort key. */
  static PutItemRequest putItem() {
    Map<String, AttributeValue> item = new LinkedHashMap<>();
    item.put("state", AttributeValue.fromS(STATE));
    item.put("city", AttributeValue.fromS(CITY));
    item.put("rental", AttributeValue.fromS(RENTAL));
    item.put("status", AttributeValue.fromS("available"));
    item.put("pickupAt", AttributeValue.fromS("2026-06-08T11:00"));
    item.put("days", AttributeValue.fromN("3"));
    item.put("vin", AttributeValue.fromS("DAL-02"));
    item.put("make", AttributeValue.fromS("Nissan"));
    item.put("model", AttributeValue.fromS("Leaf"));
    item.put("dailyRate", AttributeValue.fromN("50"));
    item.put("_sk", AttributeValue.fromS(STATE + "|" + CITY + "|" + RENTAL));
    return PutItemRequest.builder().tableName(TABLE).item(item).build();
  }
}
