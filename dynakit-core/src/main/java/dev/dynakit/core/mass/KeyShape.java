package dev.dynakit.core.mass;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The table's key attributes (hash first): cuts an item down to its key. */
record KeyShape(List<String> names) {
  KeyShape {
    names = List.copyOf(names);
  }

  Map<String, AttributeValue> of(Map<String, AttributeValue> item) {
    Map<String, AttributeValue> key = new LinkedHashMap<>(4);
    for (String name : names) {
      AttributeValue value = item.get(name);
      if (value == null) {
        throw new IllegalArgumentException("an item lacks its key attribute '" + name + "'");
      }
      key.put(name, value);
    }
    return key;
  }

  /** The first key attribute, for {@code attribute_(not_)exists} conditions. */
  String hash() {
    return names.get(0);
  }
}
