package dev.dynakit.core.adapter;

import dev.dynakit.core.MalformedKeyException;
import dev.dynakit.core.item.Marshalling;
import dev.dynakit.core.schema.KeyEncoder;
import dev.dynakit.core.schema.KeyField;
import dev.dynakit.core.schema.StructuralKey;
import dev.dynakit.core.schema.TableSpec;
import java.math.BigDecimal;
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
    Map<String, Object> fields = keyFields(prepared, false);
    StructuralKey structural = spec.structuralKey();
    if (structural != null) {
      prepared.put(structural.name(), structuralKey(prepared, structural));
    }
    return new PreparedKey(fields, attributes(prepared));
  }

  /** The key of a prepared item, whose structural key is already written. */
  PreparedKey ofItem(Map<String, Object> item) {
    return new PreparedKey(keyFields(item, true), attributes(item));
  }

  /** The key of a write by a caller's key map, refusing the descriptor row's key. */
  PreparedKey forWrite(Map<String, ?> key) {
    PreparedKey prepared = prepare(key);
    refuseDescriptor(prepared);
    return prepared;
  }

  /**
   * Refuses the key of the descriptor row, which belongs to provisioning: the Adapter's writes
   * never replace, change or delete it.
   *
   * @throws MalformedKeyException when the key is the descriptor row's
   */
  void refuseDescriptor(PreparedKey key) {
    String descriptor = spec.descriptorKey();
    if (descriptor == null) {
      return;
    }
    Map<String, AttributeValue> attributes = key.attributes();
    KeyField partition = spec.partitionKey();
    if (!sameValue(attributes.get(partition.name()), descriptor)) {
      return;
    }
    StructuralKey structural = spec.structuralKey();
    if (structural == null || sameValue(attributes.get(structural.name()), descriptor)) {
      throw new MalformedKeyException(
          partition.name(),
          "'"
              + descriptor
              + "' is the key of the table's descriptor row, which only provisioning writes");
    }
  }

  private static boolean sameValue(@Nullable AttributeValue value, String text) {
    if (value == null) {
      return false;
    }
    if (value.s() != null) {
      return value.s().equals(text);
    }
    if (value.n() != null) {
      try {
        return new BigDecimal(value.n()).compareTo(new BigDecimal(text)) == 0;
      } catch (NumberFormatException e) {
        return false;
      }
    }
    return value.b() != null && value.b().asUtf8String().equals(text);
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
      if (encoder == null) {
        throw new MalformedKeyException(structural.name(), "required in the key");
      }
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

  /**
   * @param strict whether the values are an item's, stored as given: they must have the declared
   *     type (a key map may give a number as text, which is converted)
   */
  private Map<String, Object> keyFields(Map<String, ?> key, boolean strict) {
    Map<String, Object> fields = new LinkedHashMap<>();
    for (KeyField field : spec.keyFields()) {
      Object value = key.get(field.name());
      if (value != null) {
        KeyValues.check(field.name(), field.type(), value, strict);
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
