package dev.dynakit.core.adapter;

import dev.dynakit.core.expr.Cond;
import dev.dynakit.core.expr.Expression;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * Deletes by key with DeleteItem: idempotent unless an expected version (which requires the item to
 * exist with that version) or a condition is given.
 */
final class DeleteOperation {
  private final AdapterContext ctx;

  DeleteOperation(AdapterContext ctx) {
    this.ctx = ctx;
  }

  void delete(Map<String, ?> key, WriteOptions options) {
    WriteContext context = ctx.context(WriteKind.DELETE, options);
    PreparedKey prepared = ctx.keys.forWrite(key);
    Built built = build(prepared, options.expectedVersion(), options.condition());
    try {
      ctx.writes.run(context, null, built.action(), built.expectation(), false);
    } catch (ConditionalCheckFailedException e) {
      boolean unconditional = options.expectedVersion() == null && options.condition() == null;
      if (!(unconditional && (e.item() == null || e.item().isEmpty()))) {
        throw e;
      }
      // a hook's existence condition (soft delete) failed: deleting nothing is still a delete
    }
  }

  /** A delete ready to send (or to join a transaction). */
  record Built(TransactWriteItem action, Expectation expectation) {}

  Built build(PreparedKey key, @Nullable Long expected, @Nullable Cond extra) {
    List<Cond> conditions = new ArrayList<>();
    if (expected != null) {
      conditions.add(VersionConditions.is(ctx.versionFieldFor("an expected version"), expected));
    }
    if (extra != null) {
      conditions.add(extra);
    }
    Expression condition =
        conditions.isEmpty() ? null : Cond.and(conditions).render(ctx.placeholders());
    Expectation.Existence existence =
        expected != null ? Expectation.Existence.MUST_EXIST : Expectation.Existence.ANY;
    return new Built(
        Actions.delete(ctx.table(), key.attributes(), condition),
        new Expectation(key.fields(), existence, expected));
  }
}
