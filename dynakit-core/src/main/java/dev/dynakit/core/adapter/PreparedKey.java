package dev.dynakit.core.adapter;

import java.util.Collections;
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
    // KeyPreparer, the only maker, hands over maps it has just built (in key-field order, so that
    // keys read naturally in errors and hooks) and keeps no reference: wrapped, not copied
    fields = Collections.unmodifiableMap(fields);
    attributes = Collections.unmodifiableMap(attributes);
  }
}
