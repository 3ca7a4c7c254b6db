package dev.dynakit.engine.internal.batch;

import dev.dynakit.engine.EngineException;
import dev.dynakit.engine.internal.table.IndexDef;
import dev.dynakit.engine.internal.table.KeyAttr;
import dev.dynakit.engine.internal.table.Table;
import dev.dynakit.engine.internal.value.AttrValue;
import java.util.List;
import java.util.Map;

/**
 * Checks an item's secondary-index key attributes before a write: an attribute that is an index key
 * must have the declared type and, for strings and binaries, not be empty. A missing attribute is
 * fine (the item is then not in that index). Batches and transactions check every item this way
 * before they write anything.
 */
public final class IndexKeys {
  private IndexKeys() {}

  /** Throws a ValidationException for the first index key attribute of the wrong kind. */
  public static void check(Table table, Map<String, AttrValue> item) {
    check(table.def().globalIndexes(), item);
    check(table.def().localIndexes(), item);
  }

  private static void check(List<IndexDef> indexes, Map<String, AttrValue> item) {
    for (IndexDef index : indexes) {
      for (KeyAttr attr : index.key().all()) {
        AttrValue v = item.get(attr.name());
        if (v == null) {
          continue;
        }
        if (!v.typeName().equals(attr.type())) {
          throw EngineException.validation(
              "One or more parameter values were invalid: Type mismatch for Index Key "
                  + attr.name()
                  + " Expected: "
                  + attr.type()
                  + " Actual: "
                  + v.typeName()
                  + " IndexName: "
                  + index.name());
        }
        if (isEmpty(v)) {
          throw EngineException.validation(
              "One or more parameter values are not valid. A value specified for a secondary"
                  + " index key is not supported. The AttributeValue for a key attribute cannot"
                  + " contain an empty "
                  + (v instanceof AttrValue.S ? "string" : "binary")
                  + " value. IndexName: "
                  + index.name()
                  + ", IndexKey: "
                  + attr.name());
        }
      }
    }
  }

  private static boolean isEmpty(AttrValue v) {
    if (v instanceof AttrValue.S s) {
      return s.value().isEmpty();
    }
    if (v instanceof AttrValue.B b) {
      return b.value().length() == 0;
    }
    return false;
  }
}
