package dev.dynakit.core.adapter;

import dev.dynakit.core.MalformedKeyException;
import dev.dynakit.core.item.Marshalling;
import dev.dynakit.core.schema.KeyEncoder;
import dev.dynakit.core.schema.KeyField;
import dev.dynakit.core.schema.StructuralKey;
import dev.dynakit.core.schema.TableSpec;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Keys for requests: the prepareKey hooks run on the caller's key (so they may fill in or normalise
 * key fields), then the structural key is composed from the key fields (or taken as given) and the
 * key is cut to the table's primary-key attributes.
 */
final class KeyPreparer {
  private final TableSpec spec;
  private final Hooks hooks;

  KeyPreparer(TableSpec spec, Hooks hooks) {
    this.spec = spec;
    this.hooks = hooks;
  }

  /**
   * The key for a caller's key map: key fields from the first (contiguous), or the partition key
   * with the structural key as stored.
   */
  PreparedKey prepare(Map<String, ?> key) {
    Map<String, Object> prepared = hooks.prepareKey(new LinkedHashMap<>(key), null);
    Map<String, Object> fields = keyFields(prepared);
    StructuralKey structural = spec.structuralKey();
    if (structural != null) {
      prepared.put(structural.name(), structuralKey(prepared, structural));
    }
    return new PreparedKey(fields, attributes(prepared));
  }

  /** The key of a prepared item, whose structural key is already written. */
  PreparedKey ofItem(Map<String, Object> item) {
    return new PreparedKey(keyFields(item), attributes(item));
  }

  /** The key of an item as stored (a raw item or a raw read). */
  PreparedKey ofStored(Map<String, AttributeValue> item) {
    Map<String, AttributeValue> attributes = new LinkedHashMap<>();
    for (String name : spec.primaryKeyNames()) {
      AttributeValue value = item.get(name);
      if (value == null) {
        throw new MalformedKeyException(name, "a stored item needs every primary-key attribute");
      }
      attributes.put(name, value);
    }
    Map<String, Object> fields = new LinkedHashMap<>();
    for (KeyField field : spec.keyFields()) {
      AttributeValue value = item.get(field.name());
      if (value == null) {
        break;
      }
      fields.put(field.name(), Marshalling.fromAttributeValue(value));
    }
    if (fields.size() <= 1 && spec.structuralKey() != null) {
      String sk = spec.structuralKey().name();
      fields.put(sk, Marshalling.fromAttributeValue(attributes.get(sk)));
    }
    return new PreparedKey(fields, attributes);
  }

  private String structuralKey(Map<String, ?> key, StructuralKey structural) {
    Object given = key.get(structural.name());
    List<Object> path = spec.keyPath(key);
    KeyEncoder encoder = spec.keyEncoder();
    if (given == null) {
      return encoder.encodePath(path);
    }
    if (!(given instanceof String)) {
      throw new MalformedKeyException(structural.name(), "the structural key is text");
    }
    if (path.size() > 1 && !encoder.encodePath(path).equals(given)) {
      throw new MalformedKeyException(
          structural.name(),
          "'" + given + "' disagrees with the key fields given; give one or the other");
    }
    return (String) given;
  }

  private Map<String, AttributeValue> attributes(Map<String, ?> key) {
    Map<String, AttributeValue> attributes = new LinkedHashMap<>();
    KeyField partition = spec.partitionKey();
    attributes.put(
        partition.name(),
        KeyValues.attribute(partition.name(), partition.type(), required(key, partition.name())));
    StructuralKey structural = spec.structuralKey();
    if (structural != null) {
      Object sk = required(key, structural.name());
      attributes.put(structural.name(), Marshalling.toAttributeValue(sk.toString()));
    }
    return attributes;
  }

  private Map<String, Object> keyFields(Map<String, ?> key) {
    Map<String, Object> fields = new LinkedHashMap<>();
    for (KeyField field : spec.keyFields()) {
      Object value = key.get(field.name());
      if (value != null) {
        fields.put(field.name(), value);
      }
    }
    StructuralKey structural = spec.structuralKey();
    if (structural != null && fields.size() <= 1 && key.get(structural.name()) != null) {
      fields.put(structural.name(), key.get(structural.name()));
    }
    return fields;
  }

  private static Object required(Map<String, ?> key, String name) {
    @Nullable Object value = key.get(name);
    if (value == null) {
      throw new MalformedKeyException(name, "required in the key");
    }
    return value;
  }
}
