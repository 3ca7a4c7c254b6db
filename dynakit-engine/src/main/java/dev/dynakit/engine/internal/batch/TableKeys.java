package dev.dynakit.engine.internal.batch;

import dev.dynakit.engine.internal.table.KeyAttr;
import dev.dynakit.engine.internal.table.Table;
import dev.dynakit.engine.internal.value.AttrValue;
import java.util.List;
import java.util.Map;

/**
 * Whether key parameters and items have the shape of a table's primary key. The operations decide
 * how to report a mismatch (a ValidationException, or a transaction's cancellation reason); the
 * finer checks (empty values, sizes) stay with {@link dev.dynakit.engine.internal.item.KeyFactory}.
 */
public final class TableKeys {
  private TableKeys() {}

  /** Whether the item holds every key attribute with its declared type. */
  public static boolean itemHasKey(Table table, Map<String, AttrValue> item) {
    for (KeyAttr attr : table.def().key().all()) {
      AttrValue v = item.get(attr.name());
      if (v == null || !v.typeName().equals(attr.type())) {
        return false;
      }
    }
    return true;
  }

  /** Whether a Key parameter holds exactly the key attributes, with their declared types. */
  public static boolean keyMatches(Table table, Map<String, AttrValue> key) {
    List<KeyAttr> all = table.def().key().all();
    return key.size() == all.size() && itemHasKey(table, key);
  }
}
