package dev.dynakit.engine.internal.index;

import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.internal.keys.KeyCodec;
import dev.dynakit.engine.internal.table.IndexDef;
import dev.dynakit.engine.internal.table.KeyAttr;
import dev.dynakit.engine.internal.table.KeySchema;
import dev.dynakit.engine.internal.table.Table;
import dev.dynakit.engine.internal.table.TableDef;
import dev.dynakit.engine.internal.value.AttrValue;
import dev.dynakit.engine.internal.value.ItemSize;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The entries of items in secondary indices, and the checks DynamoDB makes on the index-key
 * attributes of an item before it writes anything.
 *
 * <p>An item is in an index only if it has every key attribute of the index (sparse indices). Its
 * entry is keyed by the index key values, then the base-table key values that make it unique; its
 * value is the projection: {@code ALL} the whole item, {@code KEYS_ONLY} the table and index key
 * attributes, {@code INCLUDE} those plus the listed non-key attributes the item has.
 */
public final class IndexEntries {
  static final int MAX_PARTITION_KEY_BYTES = 2048;
  static final int MAX_SORT_KEY_BYTES = 1024;
  private static final String INVALID = "One or more parameter values were invalid: ";

  /** How both refusals of an empty string or binary as an index key begin. */
  private static final String NOT_VALID = "One or more parameter values are not valid. ";

  private static final String EMPTY_KEY =
      "The AttributeValue for a key attribute cannot contain an empty ";

  private IndexEntries() {}

  /**
   * Whether {@code e} is the refusal of an empty string or binary as a secondary index key, which a
   * transaction raises as a ValidationException of its own rather than as a cancellation reason.
   */
  public static boolean refusesAnEmptyKey(EngineException e) {
    String message = e.getMessage();
    return message.startsWith(NOT_VALID) && message.contains(EMPTY_KEY);
  }

  /** Checks the index-key attributes of an item to put against every index of the table. */
  public static void validate(Table table, Map<String, AttrValue> item) {
    validate(table.def(), item, false);
  }

  /**
   * Checks the index-key attributes of an item as an update made it: as {@link #validate}, but an
   * empty string or binary gets DynamoDB's message for update expressions.
   */
  public static void validateUpdated(Table table, Map<String, AttrValue> item) {
    validate(table.def(), item, true);
  }

  /**
   * Checks the item's index-key attributes against every index of the declaration: an attribute
   * that is present must have the declared type, must not be an empty string or binary, and must
   * fit DynamoDB's key-size limits. An absent attribute is fine: the item is just not in that
   * index. Attributes of the table's own key are checked as the primary key, not here.
   *
   * @throws EngineException a ValidationException with DynamoDB's message
   */
  public static void validate(TableDef def, Map<String, AttrValue> item) {
    validate(def, item, false);
  }

  private static void validate(TableDef def, Map<String, AttrValue> item, boolean updated) {
    // of several indices an item does not fit, DynamoDB names the first by name
    IndexDef named = null;
    EngineException refusal = null;
    int globals = def.globalIndexes().size();
    int all = globals + def.localIndexes().size();
    for (int i = 0; i < all; i++) {
      IndexDef index =
          i < globals ? def.globalIndexes().get(i) : def.localIndexes().get(i - globals);
      EngineException problem = refusal(def, index, item, updated);
      if (problem != null && (named == null || index.name().compareTo(named.name()) < 0)) {
        named = index;
        refusal = problem;
      }
    }
    if (refusal != null) {
      throw refusal;
    }
  }

  private static @Nullable EngineException refusal(
      TableDef def, IndexDef index, Map<String, AttrValue> item, boolean updated) {
    KeySchema tableKey = def.key();
    for (KeyAttr attr : index.key().hash()) {
      if (!tableKey.contains(attr.name())) {
        EngineException e =
            refusal(index, attr, item.get(attr.name()), MAX_PARTITION_KEY_BYTES, updated);
        if (e != null) {
          return e;
        }
      }
    }
    for (KeyAttr attr : index.key().range()) {
      if (!tableKey.contains(attr.name())) {
        EngineException e =
            refusal(index, attr, item.get(attr.name()), MAX_SORT_KEY_BYTES, updated);
        if (e != null) {
          return e;
        }
      }
    }
    return null;
  }

  private static @Nullable EngineException refusal(
      IndexDef index, KeyAttr attr, @Nullable AttrValue value, int maxBytes, boolean updated) {
    String problem = value == null ? null : problem(index, attr, value, maxBytes);
    if (problem == null) {
      return null;
    }
    if (updated && isEmpty(value)) {
      return EngineException.validation(
          NOT_VALID
              + "The update expression attempted to update a secondary index key to a value that is"
              + " not supported. "
              + EMPTY_KEY
              + (value instanceof AttrValue.S ? "string" : "binary")
              + " value.");
    }
    return EngineException.validation(problem);
  }

  private static boolean isEmpty(@Nullable AttrValue value) {
    return (value instanceof AttrValue.S s && s.value().isEmpty())
        || (value instanceof AttrValue.B b && b.value().length() == 0);
  }

  /** What is wrong with a present index-key value (DynamoDB's message), or null. */
  private static @Nullable String problem(
      IndexDef index, KeyAttr attr, AttrValue value, int maxBytes) {
    if (!value.typeName().equals(attr.type())) {
      return INVALID
          + "Type mismatch for Index Key "
          + attr.name()
          + " Expected: "
          + attr.type()
          + " Actual: "
          + value.typeName()
          + " IndexName: "
          + index.name();
    }
    long length;
    if (value instanceof AttrValue.S s) {
      length = s.utf8Length();
    } else if (value instanceof AttrValue.B b) {
      length = b.value().length();
    } else {
      return null;
    }
    if (length == 0) {
      return NOT_VALID
          + "A value specified for a secondary index key is not supported. "
          + EMPTY_KEY
          + (value instanceof AttrValue.S ? "string" : "binary")
          + " value. IndexName: "
          + index.name()
          + ", IndexKey: "
          + attr.name();
    }
    if (length > maxBytes) {
      return INVALID
          + "Size limit exceeded for Index Key "
          + attr.name()
          + " Actual Size: "
          + length
          + " bytes Max Size: "
          + maxBytes
          + " bytes IndexName: "
          + index.name();
    }
    return null;
  }

  /**
   * The entry of an item in an index, or null when the item is absent or is not in the index: it
   * lacks an index key attribute, or (an item written before a GSI existed) holds one that the
   * index cannot take, which DynamoDB leaves out of the index as well.
   */
  public static @Nullable IndexEntry entry(
      Table table, TableDef def, IndexDef index, @Nullable Map<String, AttrValue> item) {
    if (item == null) {
      return null;
    }
    List<AttrValue> partition = values(index, index.key().hash(), item, MAX_PARTITION_KEY_BYTES);
    List<AttrValue> sort =
        partition == null ? null : values(index, index.key().range(), item, MAX_SORT_KEY_BYTES);
    if (sort == null) {
      return null;
    }
    List<AttrValue> base = new ArrayList<>(2);
    for (KeyAttr a : def.key().all()) {
      AttrValue v = item.get(a.name());
      if (v == null) {
        throw new IllegalArgumentException("item lacks its primary key: " + item.keySet());
      }
      base.add(v);
    }
    Map<String, AttrValue> projected = project(def, index, item);
    byte[] key =
        KeyCodec.itemKey(table.storeId(), table.indexStoreNo(index.name()), partition, sort, base);
    return new IndexEntry(index, key, projected, ItemSize.itemSize(projected));
  }

  /** The attributes of the item that the index projects. */
  public static Map<String, AttrValue> project(
      TableDef def, IndexDef index, Map<String, AttrValue> item) {
    if ("ALL".equals(index.projectionType())) {
      return item;
    }
    Map<String, AttrValue> projected = new LinkedHashMap<>();
    copy(def.key().all(), item, projected);
    copy(index.key().all(), item, projected);
    if ("INCLUDE".equals(index.projectionType())) {
      for (String name : index.nonKeyAttributes()) {
        AttrValue v = item.get(name);
        if (v != null) {
          projected.put(name, v);
        }
      }
    }
    return projected;
  }

  private static void copy(
      List<KeyAttr> attrs, Map<String, AttrValue> from, Map<String, AttrValue> to) {
    for (KeyAttr a : attrs) {
      AttrValue v = from.get(a.name());
      if (v != null) {
        to.put(a.name(), v);
      }
    }
  }

  /** The item's values of the key attributes, or null if one is absent or not indexable. */
  private static @Nullable List<AttrValue> values(
      IndexDef index, List<KeyAttr> attrs, Map<String, AttrValue> item, int maxBytes) {
    if (attrs.isEmpty()) {
      return List.of();
    }
    List<AttrValue> values = new ArrayList<>(attrs.size());
    for (KeyAttr a : attrs) {
      AttrValue v = item.get(a.name());
      if (v == null || problem(index, a, v, maxBytes) != null) {
        return null;
      }
      values.add(v);
    }
    return values;
  }
}
