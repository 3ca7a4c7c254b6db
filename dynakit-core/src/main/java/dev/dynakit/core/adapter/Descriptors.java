package dev.dynakit.core.adapter;

import dev.dynakit.core.expr.Cond;
import dev.dynakit.core.expr.Expression;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.Get;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * Builds writes as transaction actions without sending them, with everything the single writes do
 * first: validation, preparation, keys, versions, the toolkit's conditions and the updateInput
 * hooks. (The checkConsistency hooks are not asked: the caller composes the transaction.)
 */
final class Descriptors {
  private final AdapterContext ctx;
  private final PutOperation puts;
  private final PatchOperation patches;
  private final DeleteOperation deletes;

  Descriptors(
      AdapterContext ctx, PutOperation puts, PatchOperation patches, DeleteOperation deletes) {
    this.ctx = ctx;
    this.puts = puts;
    this.deletes = deletes;
    this.patches = patches;
  }

  TransactWriteItem put(Object item, PutOperation.Mode mode, WriteOptions options, WriteKind kind) {
    WriteContext context = ctx.context(kind, options);
    return ctx.hooks.updateInput(puts.build(item, mode, options, context).action(), context);
  }

  TransactWriteItem patch(Map<String, ?> key, Patch patch, WriteOptions options) {
    WriteContext context = ctx.context(WriteKind.PATCH, options);
    if (!options.skipValidation()) {
      @SuppressWarnings("unchecked")
      Map<String, Object> set = (Map<String, Object>) (Map<String, ?>) patch.set();
      ctx.hooks.validateItem(Collections.unmodifiableMap(set), context);
    }
    Patch prepared = ctx.patches.prepare(patch, key, context);
    PreparedKey prepKey = ctx.keys.forWrite(key);
    if (ctx.items.hasSparsePredicates()) {
      prepared = patches.applySparseRules(prepKey, prepared);
    }
    TransactWriteItem action =
        patches.build(prepKey, prepared, options.expectedVersion(), options.condition()).action();
    return ctx.hooks.updateInput(action, context);
  }

  TransactWriteItem delete(Map<String, ?> key, WriteOptions options) {
    WriteContext context = ctx.context(WriteKind.DELETE, options);
    PreparedKey prepared = ctx.keys.forWrite(key);
    TransactWriteItem action =
        deletes.build(prepared, options.expectedVersion(), options.condition()).action();
    return ctx.hooks.updateInput(action, context);
  }

  TransactWriteItem check(Map<String, ?> key, Cond condition) {
    return Actions.check(
        ctx.table(), ctx.keys.prepare(key).attributes(), condition.render(ctx.placeholders()));
  }

  TransactGetItem get(Map<String, ?> key, List<String> fields) {
    Get.Builder get = Get.builder().tableName(ctx.table()).key(ctx.keys.prepare(key).attributes());
    @Nullable Expression projection =
        Projections.of(
            ctx.spec, fields, ctx.alsoRead(ctx.spec.primaryKeyNames()), ctx.placeholders());
    if (projection != null) {
      get.projectionExpression(projection.text());
      if (!projection.names().isEmpty()) {
        get.expressionAttributeNames(projection.names());
      }
    }
    return TransactGetItem.builder().get(get.build()).build();
  }
}
