package dev.dynakit.engine.internal.txn;

import dev.dynakit.engine.internal.expr.ConditionExpr;
import dev.dynakit.engine.internal.expr.UpdateExpr;
import dev.dynakit.engine.internal.item.PrimaryKey;
import dev.dynakit.engine.internal.table.Table;
import dev.dynakit.engine.internal.value.AttrValue;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * One validated action of a TransactWriteItems request.
 *
 * @param key the item's key, or null when the key (or a Put's item) does not fit the table
 * @param invalid why the action cannot run (a key or item that does not fit the table), or null;
 *     the transaction is then cancelled with a ValidationError
 * @param item the item a Put writes, else null
 * @param update the update an Update applies, else null
 * @param requestBytes what the action adds to the transaction's payload (the 4 MB limit)
 */
record WriteAction(
    Kind kind,
    Table table,
    @Nullable PrimaryKey key,
    @Nullable String invalid,
    @Nullable Map<String, AttrValue> item,
    @Nullable ConditionExpr condition,
    @Nullable UpdateExpr update,
    boolean returnOldOnFailure,
    long requestBytes) {

  /** The four kinds of write action, by their member name in the request. */
  enum Kind {
    CONDITION_CHECK("ConditionCheck"),
    PUT("Put"),
    DELETE("Delete"),
    UPDATE("Update");

    final String member;

    Kind(String member) {
      this.member = member;
    }
  }
}
