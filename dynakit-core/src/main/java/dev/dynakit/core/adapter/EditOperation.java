package dev.dynakit.core.adapter;

import dev.dynakit.core.KeyFieldChangedException;
import dev.dynakit.core.VersionConflictException;
import dev.dynakit.core.expr.Cond;
import dev.dynakit.core.expr.Expression;
import dev.dynakit.core.expr.FieldPath;
import dev.dynakit.core.expr.Placeholders;
import dev.dynakit.core.expr.UpdateBuilder;
import dev.dynakit.core.schema.KeyField;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Read, map, write the difference: the item is read consistently, revived and given to the caller's
 * function; the result is prepared like a full write and compared with what is stored; only the
 * changed attributes are written (SET and REMOVE), conditioned on the version read (or, for an item
 * without one, on the item still existing), so a concurrent change is refused rather than
 * overwritten. Technical fields the caller never saw are left as they are, except those derived
 * from the item (search mirrors, sparse-index markers), which follow the new item as in a patch.
 */
final class EditOperation {
  private final AdapterContext ctx;
  private final CopyOperation copies;

  EditOperation(AdapterContext ctx, CopyOperation copies) {
    this.ctx = ctx;
    this.copies = copies;
  }

  Optional<Map<String, Object>> edit(
      Map<String, ?> key, UnaryOperator<Map<String, Object>> mapFn, WriteOptions options) {
    WriteContext context = ctx.context(WriteKind.EDIT, options);
    PreparedKey prepared = ctx.keys.forWrite(key);
    Map<String, AttributeValue> stored = StoredItems.read(ctx, prepared);
    if (stored == null) {
      return Optional.empty();
    }
    Long observed = ctx.classifier.version(stored);
    checkExpected(prepared, options.expectedVersion(), observed);
    Map<String, Object> revived = ctx.reviver.revive(stored, List.of());
    if (revived == null) {
      return Optional.empty();
    }
    Map<String, Object> mapped = mapFn.apply(new LinkedHashMap<>(revived));
    if (mapped == null) {
      return Optional.empty();
    }
    List<String> changed = changedKeyFields(revived, mapped);
    if (!changed.isEmpty()) {
      if (!options.allowKeyChange()) {
        throw new KeyFieldChangedException(changed);
      }
      return Optional.of(copies.moveFrom(prepared, observed, mapped, options, context));
    }
    if (!options.skipValidation()) {
      ctx.hooks.validateItem(Collections.unmodifiableMap(mapped), context);
    }
    Map<String, Object> item = ctx.items.full(mapped, context);
    EntityPatchRules.refuseKeyChange(ctx, prepared, item);
    UpdateBuilder update = diff(stored, ctx.spec.itemConverter().toAttributes(item));
    if (update.isEmpty()) {
      return Optional.of(revived);
    }
    String versionField = ctx.spec.versionField();
    if (versionField != null) {
      update.add(FieldPath.of(versionField), 1);
      item.put(versionField, observed == null ? 1L : observed + 1);
    }
    Placeholders placeholders = ctx.placeholders();
    Expression condition = condition(observed, options.condition()).render(placeholders);
    Expression updateExpression = update.build(placeholders);
    ctx.writes.run(
        context,
        item,
        Actions.update(ctx.table(), prepared.attributes(), updateExpression, condition),
        new Expectation(prepared.fields(), Expectation.Existence.MUST_EXIST, observed),
        false);
    Map<String, Object> result = ctx.reviver.reviveWritten(item);
    return Optional.of(result != null ? result : ctx.reviver.stripped(item));
  }

  private void checkExpected(PreparedKey key, @Nullable Long expected, @Nullable Long observed) {
    if (expected != null) {
      ctx.versionFieldFor("an expected version");
      if (!expected.equals(observed)) {
        throw new VersionConflictException(key.fields(), expected, observed, null);
      }
    }
  }

  private List<String> changedKeyFields(Map<String, Object> before, Map<String, Object> after) {
    List<String> changed = new ArrayList<>();
    for (KeyField field : ctx.spec.keyFields()) {
      Object was = before.get(field.name());
      Object now = after.get(field.name());
      if (!Objects.equals(attribute(field, was), attribute(field, now))) {
        changed.add(field.name());
      }
    }
    return changed;
  }

  private static @Nullable AttributeValue attribute(KeyField field, @Nullable Object value) {
    return value == null ? null : KeyValues.attribute(field.name(), field.type(), value);
  }

  private UpdateBuilder diff(
      Map<String, AttributeValue> before, Map<String, AttributeValue> after) {
    UpdateBuilder update = UpdateBuilder.create();
    String versionField = ctx.spec.versionField();
    List<String> fixed = ctx.spec.primaryKeyNames();
    after.forEach(
        (name, value) -> {
          if (!name.equals(versionField)
              && !fixed.contains(name)
              && !value.equals(before.get(name))) {
            update.set(FieldPath.of(name), value);
          }
        });
    for (String name : before.keySet()) {
      if (!after.containsKey(name)
          && !name.equals(versionField)
          && !fixed.contains(name)
          && (!ctx.spec.isTechnical(name) || ctx.items.isDerived(name))) {
        update.remove(FieldPath.of(name));
      }
    }
    return update;
  }

  private Cond condition(@Nullable Long observed, @Nullable Cond extra) {
    List<Cond> parts = new ArrayList<>();
    String versionField = ctx.spec.versionField();
    if (observed != null) {
      parts.add(VersionConditions.is(ctx.versionFieldFor("a version"), observed));
    } else {
      parts.add(new Cond.Exists(FieldPath.of(ctx.spec.partitionKey().name())));
      if (versionField != null) {
        parts.add(VersionConditions.absent(versionField));
      }
    }
    if (extra != null) {
      parts.add(extra);
    }
    return Cond.and(parts);
  }
}
