package dev.dynakit.core.adapter;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A key ready for a request.
 *
 * @param fields the key as the caller knows it (key fields; the structural key when given
 *     directly), for errors and hooks
 * @param attributes the table's primary key, marshalled
 */
record PreparedKey(Map<String, Object> fields, Map<String, AttributeValue> attributes) {
  PreparedKey {
    // key-field order, so that keys read naturally in errors and hooks
    fields = Collections.unmodifiableMap(new LinkedHashMap<>(fields));
    attributes = Collections.unmodifiableMap(new LinkedHashMap<>(attributes));
  }
}
