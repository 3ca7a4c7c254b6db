package dev.dynakit.engine.internal.query;

import dev.dynakit.engine.internal.keys.KeyCodec;
import dev.dynakit.engine.internal.table.IndexDef;
import dev.dynakit.engine.internal.table.KeyAttr;
import dev.dynakit.engine.internal.table.KeySchema;
import dev.dynakit.engine.internal.table.Table;
import dev.dynakit.engine.internal.value.AttrValue;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * What a Query or Scan reads: the base table, or one secondary index of it. Knows the storage
 * layout of both (see {@link KeyCodec}): base items under index number 0, index entries under the
 * index's storage number with the index key values followed by the base key values.
 *
 * @param index the index read, or null for the base table
 */
record ReadTarget(Table table, @Nullable IndexDef index) {

  /** The storage number: 0 for the base table, the index's number otherwise. */
  int storeNo() {
    return index == null ? 0 : table.indexStoreNo(index.name());
  }

  /** The key schema the read is ordered by. */
  KeySchema key() {
    return index == null ? table.def().key() : index.key();
  }

  boolean global() {
    return index != null && index.global();
  }

  boolean local() {
    return index != null && !index.global();
  }

  /** Whether every attribute of an item is in what is read (the base table or an ALL index). */
  boolean projectsAll() {
    return index == null || index.projectionType().equals("ALL");
  }

  /** Whether the entries read hold this top-level attribute (when the item has it). */
  boolean projects(String attribute) {
    if (projectsAll() || isKeyAttribute(attribute)) {
      return true;
    }
    return index.projectionType().equals("INCLUDE") && index.nonKeyAttributes().contains(attribute);
  }

  private boolean isKeyAttribute(String attribute) {
    return table.def().key().contains(attribute) || key().contains(attribute);
  }

  /**
   * The attributes of a LastEvaluatedKey or ExclusiveStartKey, in order: the table key, then the
   * index key attributes the table key does not already hold.
   */
  List<KeyAttr> positionAttributes() {
    List<KeyAttr> out = new ArrayList<>(table.def().key().all());
    if (index != null) {
      for (KeyAttr a : index.key().all()) {
        if (!table.def().key().contains(a.name())) {
          out.add(a);
        }
      }
    }
    return out;
  }

  /** The LastEvaluatedKey of an item or index entry: its {@link #positionAttributes}. */
  Map<String, AttrValue> lastEvaluatedKey(Map<String, AttrValue> item) {
    Map<String, AttrValue> out = new LinkedHashMap<>();
    for (KeyAttr a : positionAttributes()) {
      out.put(a.name(), item.get(a.name()));
    }
    return out;
  }

  /** The storage key of the item or entry that holds these key values (all position attributes). */
  byte[] storageKey(Map<String, AttrValue> keyValues) {
    List<AttrValue> baseKey = values(table.def().key().all(), keyValues);
    if (index == null) {
      KeySchema k = table.def().key();
      return KeyCodec.itemKey(
          table.storeId(), 0, values(k.hash(), keyValues), values(k.range(), keyValues), List.of());
    }
    return KeyCodec.itemKey(
        table.storeId(),
        storeNo(),
        values(index.key().hash(), keyValues),
        values(index.key().range(), keyValues),
        baseKey);
  }

  /** The storage key of the base item an index entry (or base item) belongs to. */
  byte[] baseStorageKey(Map<String, AttrValue> entry) {
    KeySchema k = table.def().key();
    return KeyCodec.itemKey(
        table.storeId(), 0, values(k.hash(), entry), values(k.range(), entry), List.of());
  }

  /** The declared type (S, N or B) of a key attribute of the table or its indices. */
  @Nullable String type(String attribute) {
    return table.def().attributeType(attribute);
  }

  static List<String> names(List<KeyAttr> attrs) {
    List<String> out = new ArrayList<>(attrs.size());
    for (KeyAttr a : attrs) {
      out.add(a.name());
    }
    return out;
  }

  private static List<AttrValue> values(List<KeyAttr> attrs, Map<String, AttrValue> source) {
    List<AttrValue> out = new ArrayList<>(attrs.size());
    for (KeyAttr a : attrs) {
      out.add(source.get(a.name()));
    }
    return out;
  }
}
