package dev.dynakit.engine.internal.item;

import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.internal.keys.KeyCodec;
import dev.dynakit.engine.internal.table.KeyAttr;
import dev.dynakit.engine.internal.table.KeySchema;
import dev.dynakit.engine.internal.table.Table;
import dev.dynakit.engine.internal.value.AttrValue;
import dev.dynakit.engine.internal.value.Binary;
import java.util.Map;

/** Extracts and validates primary keys from Key parameters and from items, as DynamoDB does. */
public final class KeyFactory {
  static final int MAX_PARTITION_KEY_BYTES = 2048;
  static final int MAX_SORT_KEY_BYTES = 1024;
  static final int LOCK_STRIPES = 1 << 16;

  private KeyFactory() {}

  /** The key from a {@code Key} parameter: exactly the key attributes, of the declared types. */
  public static PrimaryKey fromKey(Table table, Map<String, AttrValue> key) {
    KeySchema schema = table.def().key();
    if (key == null || key.size() != schema.all().size()) {
      throw mismatch();
    }
    for (KeyAttr attr : schema.all()) {
      AttrValue v = key.get(attr.name());
      if (v == null || !v.typeName().equals(attr.type())) {
        throw mismatch();
      }
    }
    return build(table, key);
  }

  /** The key of a full item (PutItem): key attributes present with the declared types. */
  public static PrimaryKey fromItem(Table table, Map<String, AttrValue> item) {
    for (KeyAttr attr : table.def().key().all()) {
      AttrValue v = item.get(attr.name());
      if (v == null) {
        throw EngineException.validation(
            "One or more parameter values were invalid: Missing the key "
                + attr.name()
                + " in the item");
      }
      if (!v.typeName().equals(attr.type())) {
        throw EngineException.validation(
            "One or more parameter values were invalid: Type mismatch for key "
                + attr.name()
                + " expected: "
                + attr.type()
                + " actual: "
                + v.typeName());
      }
    }
    return build(table, item);
  }

  private static PrimaryKey build(Table table, Map<String, AttrValue> source) {
    KeySchema schema = table.def().key();
    KeyAttr hash = schema.hashKey();
    AttrValue hashValue = source.get(hash.name());
    checkKeyValue(hash.name(), hashValue, MAX_PARTITION_KEY_BYTES, true);
    Map<String, AttrValue> attrs;
    AttrValue rangeValue = null;
    if (schema.hasRange()) {
      KeyAttr r = schema.rangeKey();
      rangeValue = source.get(r.name());
      checkKeyValue(r.name(), rangeValue, MAX_SORT_KEY_BYTES, false);
      attrs = KeyAttributes.of(hash.name(), hashValue, r.name(), rangeValue);
    } else {
      attrs = KeyAttributes.of(hash.name(), hashValue);
    }
    byte[] storageKey = KeyCodec.itemKey(table.storeId(), hashValue, rangeValue);
    // the hash's finaliser mixes every bit into the low ones, which pick the stripe
    int stripe = (int) KeyCodec.keyHash(storageKey) & (LOCK_STRIPES - 1);
    return new PrimaryKey(attrs, storageKey, stripe);
  }

  private static void checkKeyValue(String name, AttrValue v, int maxBytes, boolean partition) {
    int length;
    if (v instanceof AttrValue.S s) {
      length = s.utf8Length();
    } else if (v instanceof AttrValue.B b) {
      Binary bin = b.value();
      length = bin.length();
    } else {
      return;
    }
    if (length == 0) {
      throw EngineException.validation(
          "One or more parameter values are not valid. The AttributeValue for a key attribute"
              + " cannot contain an empty "
              + (v instanceof AttrValue.S ? "string" : "binary")
              + " value. Key: "
              + name);
    }
    if (length > maxBytes) {
      throw EngineException.validation(
          partition
              ? "One or more parameter values were invalid: Size of hashkey has exceeded the"
                  + " maximum size limit of 2048 bytes"
              : "One or more parameter values were invalid: Aggregated size of all range keys has"
                  + " exceeded the size limit of 1024 bytes");
    }
  }

  private static EngineException mismatch() {
    return EngineException.validation("The provided key element does not match the schema");
  }
}
