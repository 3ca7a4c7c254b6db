package dev.dynakit.core.adapter;

import dev.dynakit.core.expr.Cond;
import dev.dynakit.core.expr.Expression;
import dev.dynakit.core.expr.FieldPath;
import dev.dynakit.core.expr.Placeholders;
import dev.dynakit.core.expr.UpdateBuilder;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * A partial update with UpdateItem. The item must exist (and have the expected version, when one is
 * given), so a patch never creates a partial item; the version is bumped by one. When an index is
 * sparse by a predicate, the item is read first and the predicate evaluated on the patched item, so
 * that a patch can take the item out of the index (or keep it out).
 */
final class PatchOperation {
  private final AdapterContext ctx;

  PatchOperation(AdapterContext ctx) {
    this.ctx = ctx;
  }

  Optional<Map<String, Object>> patch(Map<String, ?> key, Patch patch, WriteOptions options) {
    WriteContext context = ctx.context(WriteKind.PATCH, options);
    if (!options.skipValidation()) {
      ctx.hooks.validateItem(Collections.unmodifiableMap(nullSafe(patch.set())), context);
    }
    Patch prepared = ctx.patches.prepare(patch, key, context);
    PreparedKey prepKey = ctx.keys.forWrite(key);
    if (ctx.items.hasSparsePredicates()) {
      prepared = applySparseRules(prepKey, prepared);
    }
    if (!ctx.spec.entities().isEmpty()) {
      prepared = EntityPatchRules.apply(ctx, prepKey, prepared);
    }
    Built built = build(prepKey, prepared, options.expectedVersion(), options.condition());
    Map<String, AttributeValue> after =
        ctx.writes.run(context, nullSafe(prepared.set()), built.action, built.expectation, true);
    return after == null || after.isEmpty()
        ? Optional.empty()
        : Optional.ofNullable(ctx.reviver.revive(after, List.of()));
  }

  /** An update ready to send. */
  record Built(TransactWriteItem action, Expectation expectation) {}

  Built build(PreparedKey key, Patch patch, @Nullable Long expected, @Nullable Cond extra) {
    UpdateBuilder update = UpdateBuilder.create(patch.separator());
    patch.set().forEach(update::set);
    update.removeAll(patch.remove());
    patch.add().forEach(update::add);
    patch.append().forEach(update::append);
    patch.prepend().forEach(update::prepend);
    String versionField = ctx.spec.versionField();
    if (versionField != null) {
      update.add(FieldPath.of(versionField), 1);
    }
    List<Cond> conditions = new ArrayList<>();
    if (expected != null) {
      conditions.add(VersionConditions.is(ctx.versionFieldFor("an expected version"), expected));
    } else {
      conditions.add(new Cond.Exists(FieldPath.of(ctx.spec.partitionKey().name())));
    }
    if (extra != null) {
      conditions.add(extra);
    }
    Placeholders placeholders = ctx.placeholders();
    Expression updateExpression = update.build(placeholders);
    Expression condition = Cond.and(conditions).render(placeholders);
    return new Built(
        Actions.update(ctx.table(), key.attributes(), updateExpression, condition),
        new Expectation(key.fields(), Expectation.Existence.MUST_EXIST, expected));
  }

  /**
   * Reads the item, patches it in memory and, for every index whose predicate the result fails,
   * removes the index's key attributes with the patch instead of setting them.
   */
  Patch applySparseRules(PreparedKey key, Patch patch) {
    Map<String, AttributeValue> stored = StoredItems.read(ctx, key);
    if (stored == null) {
      return patch; // the write will report the missing item
    }
    Map<String, Object> after =
        PatchMerger.apply(ctx.spec.itemConverter().fromAttributes(stored), patch);
    Set<String> dropped = ctx.items.sparseExclusions(after);
    if (dropped.isEmpty()) {
      return patch;
    }
    Patch.Builder adjusted = Patch.builder().separator(patch.separator());
    patch
        .set()
        .forEach(
            (path, value) -> {
              if (!dropped.contains(patch.path(path).root())) {
                adjusted.set(path, value);
              }
            });
    List<String> remove = new ArrayList<>();
    for (String path : patch.remove()) {
      if (!dropped.contains(patch.path(path).root())) {
        remove.add(path);
      }
    }
    for (String attribute : dropped) {
      if (stored.containsKey(attribute) || patch.set().containsKey(attribute)) {
        remove.add(attribute);
      }
    }
    adjusted.remove(remove);
    patch.add().forEach(adjusted::add);
    patch.append().forEach(adjusted::append);
    patch.prepend().forEach(adjusted::prepend);
    return adjusted.build();
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> nullSafe(Map<String, @Nullable Object> set) {
    return (Map<String, Object>) (Map<String, ?>) set;
  }
}
