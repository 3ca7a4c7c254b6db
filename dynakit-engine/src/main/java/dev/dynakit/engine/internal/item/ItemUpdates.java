package dev.dynakit.engine.internal.item;

import dev.dynakit.engine.internal.expr.UpdateExpr;
import dev.dynakit.engine.internal.index.IndexEntries;
import dev.dynakit.engine.internal.table.Table;
import dev.dynakit.engine.internal.value.AttrValue;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** What an update (UpdateItem, or a transaction's Update) makes of an item. */
public final class ItemUpdates {
  private ItemUpdates() {}

  /**
   * The item that takes the place of {@code old} (absent: the key's attributes alone), checked as
   * DynamoDB checks an updated item; null when the update only takes attributes away from an item
   * that does not exist, where DynamoDB creates none (its paths are still checked).
   *
   * @param update the update, or null for none (the item is then {@code old}, or created bare)
   * @throws dev.dynakit.engine.error.EngineException ValidationException for an update DynamoDB
   *     refuses
   */
  public static @Nullable Map<String, AttrValue> apply(
      Table table,
      PrimaryKey key,
      @Nullable UpdateExpr update,
      @Nullable Map<String, AttrValue> old) {
    Map<String, AttrValue> base = old != null ? old : key.attributes();
    if (update == null) {
      return base;
    }
    if (old == null && update.onlyRemoves()) {
      // nothing to remove from an item that does not exist: DynamoDB writes nothing and refuses
      // nothing, even for a nested path whose parent cannot be there
      return null;
    }
    Map<String, AttrValue> updated = update.apply(base);
    ItemLimits.checkUpdated(updated);
    IndexEntries.validateUpdated(table, updated);
    return updated;
  }
}
