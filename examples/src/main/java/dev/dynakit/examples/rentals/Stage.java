package dev.dynakit.examples.rentals;

import dev.dynakit.core.adapter.Adapter;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What every group of access patterns works with: the Adapter, the data that was loaded, and the
 * report the patterns print to.
 */
record Stage(Adapter rentals, RentalData data, ItemText text, Report report) {

  /** The key fields of an item, in the declaration's order. */
  Map<String, Object> keyOf(Map<String, ?> item) {
    Map<String, Object> key = new LinkedHashMap<>();
    rentals
        .spec()
        .keyFields()
        .forEach(
            field -> {
              Object value = item.get(field.name());
              if (value != null) {
                key.put(field.name(), value);
              }
            });
    return key;
  }

  /** The rental every "one item" pattern reads: the first in Dallas. */
  Map<String, Object> sample() {
    return keyOf(data.rentalsIn("TX", "Dallas").get(0));
  }

  /** The rental the write patterns change: the first available one in Dallas after the sample. */
  Map<String, Object> target() {
    return keyOf(data.firstIn("TX", "Dallas", "available", data.rentalsIn("TX", "Dallas").get(0)));
  }

  static Map<String, Object> map(Object... fieldsAndValues) {
    Map<String, Object> map = new LinkedHashMap<>();
    for (int i = 0; i < fieldsAndValues.length; i += 2) {
      map.put((String) fieldsAndValues[i], fieldsAndValues[i + 1]);
    }
    return map;
  }
}
