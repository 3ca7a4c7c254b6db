package dev.dynakit.core.adapter;

import dev.dynakit.core.KeyFieldChangedException;
import dev.dynakit.core.entity.internal.EntityItems;
import dev.dynakit.core.item.Marshalling;
import dev.dynakit.core.schema.EntitySpec;
import dev.dynakit.core.schema.KeyTemplate;
import dev.dynakit.core.schema.SparseCondition;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Patches and edits of single-table items: the key and index attributes the entity's templates
 * compose follow the patched fields (a sparse attribute is set while its condition holds and
 * removed when it stops), and a change that would move the item to another primary key is refused.
 */
final class EntityPatchRules {
  /** How often a patch whose read was overtaken by another write is tried in all. */
  static final int MAX_ATTEMPTS = 10;

  private EntityPatchRules() {}

  /**
   * A patch with the index attributes it moves.
   *
   * @param readVersion the version read, when an index attribute the patch moves is composed of a
   *     field the patch does not set (one it adds to, or leaves as read): the patch must then apply
   *     to that version, or the attribute may be stale; null otherwise
   */
  record Adjusted(Patch patch, @Nullable Long readVersion) {}

  /**
   * The patch plus the sets and removals of the index attributes whose fields it changes; the
   * others are left as stored (their fields did not change).
   */
  static Adjusted apply(AdapterContext ctx, PreparedKey key, Patch patch) {
    Map<String, AttributeValue> stored = StoredItems.read(ctx, key);
    if (stored == null) {
      return new Adjusted(patch, null); // the write will report the missing item
    }
    Map<String, Object> before = ctx.spec.itemConverter().fromAttributes(stored);
    Optional<EntitySpec> entity = EntityItems.entityOfKey(ctx.spec, before);
    if (entity.isEmpty()) {
      return new Adjusted(patch, null);
    }
    Map<String, Object> after = PatchMerger.apply(before, patch);
    Integer shard = EntityItems.shardOf(EntityItems.decomposeKey(ctx.spec, entity.get(), before));
    Map<String, Object> composed = EntityItems.keyAttributes(ctx.spec, entity.get(), after, shard);
    refuseChange(ctx, entity.get(), before, composed);
    Set<String> touched = roots(patch, true);
    Set<String> replaced = roots(patch, false);
    Set<String> keyFields = new HashSet<>();
    for (String attribute : ctx.spec.primaryKeyNames()) {
      keyFields.addAll(entity.get().keys().get(attribute).fieldNames());
    }
    Patch.Builder adjusted = patch.toBuilder();
    List<String> remove = new ArrayList<>();
    Set<String> readFields = new HashSet<>();
    entity
        .get()
        .keys()
        .forEach(
            (attribute, template) -> {
              Set<String> inputs = inputs(template);
              if (ctx.spec.primaryKeyNames().contains(attribute)
                  || inputs.stream().noneMatch(touched::contains)) {
                return;
              }
              Object value = composed.get(attribute);
              if (value != null) {
                adjusted.set(attribute, value);
              } else if (stored.containsKey(attribute)) {
                remove.add(attribute);
              }
              for (String input : inputs) {
                if (!replaced.contains(input) && !keyFields.contains(input)) {
                  readFields.add(input);
                }
              }
            });
    adjusted.remove(remove);
    Long version = readFields.isEmpty() ? null : ctx.classifier.version(stored);
    return new Adjusted(adjusted.build(), version);
  }

  /** The fields a template's value and condition read. */
  private static Set<String> inputs(KeyTemplate template) {
    Set<String> fields = new HashSet<>(template.fieldNames());
    if (template.when() != null) {
      conditionFields(template.when(), fields);
    }
    return fields;
  }

  /**
   * The top-level fields a patch changes: all of them, or only those it sets or removes (whose new
   * value does not depend on the stored one).
   */
  private static Set<String> roots(Patch patch, boolean all) {
    List<String> paths = new ArrayList<>();
    patch
        .set()
        .forEach(
            (path, value) -> {
              if (all || patch.path(path).segments().size() == 1) {
                paths.add(path);
              }
            });
    for (String path : patch.remove()) {
      if (all || patch.path(path).segments().size() == 1) {
        paths.add(path);
      }
    }
    if (all) {
      paths.addAll(patch.add().keySet());
      paths.addAll(patch.append().keySet());
      paths.addAll(patch.prepend().keySet());
    }
    Set<String> roots = new HashSet<>();
    for (String path : paths) {
      roots.add(patch.path(path).root());
    }
    return roots;
  }

  private static void conditionFields(SparseCondition condition, Set<String> into) {
    if (condition instanceof SparseCondition.Equals c) {
      into.add(c.field());
    } else if (condition instanceof SparseCondition.OneOf c) {
      into.add(c.field());
    } else if (condition instanceof SparseCondition.Exists c) {
      into.add(c.field());
    } else if (condition instanceof SparseCondition.Not c) {
      conditionFields(c.condition(), into);
    } else if (condition instanceof SparseCondition.All c) {
      c.conditions().forEach(each -> conditionFields(each, into));
    } else if (condition instanceof SparseCondition.Any c) {
      c.conditions().forEach(each -> conditionFields(each, into));
    }
  }

  /**
   * Refuses an edited item whose fields compose another primary key than the stored one.
   *
   * @throws KeyFieldChangedException naming the fields of the changed key attributes
   */
  static void refuseKeyChange(AdapterContext ctx, PreparedKey key, Map<String, Object> item) {
    if (ctx.spec.entities().isEmpty()) {
      return;
    }
    Optional<EntitySpec> entity = EntityItems.entityOfKey(ctx.spec, item);
    Set<String> fields = new LinkedHashSet<>();
    for (String attribute : ctx.spec.primaryKeyNames()) {
      AttributeValue was = key.attributes().get(attribute);
      Object now = item.get(attribute);
      if (was == null || now == null || !was.equals(Marshalling.toAttributeValue(now))) {
        entity
            .flatMap(e -> e.key(attribute))
            .map(KeyTemplate::fieldNames)
            .ifPresentOrElse(fields::addAll, () -> fields.add(attribute));
      }
    }
    if (!fields.isEmpty()) {
      throw new KeyFieldChangedException(new ArrayList<>(fields));
    }
  }

  private static void refuseChange(
      AdapterContext ctx,
      EntitySpec entity,
      Map<String, Object> before,
      Map<String, Object> after) {
    Set<String> fields = new LinkedHashSet<>();
    for (String attribute : ctx.spec.primaryKeyNames()) {
      if (!Objects.equals(before.get(attribute), after.get(attribute))) {
        fields.addAll(entity.keys().get(attribute).fieldNames());
      }
    }
    if (!fields.isEmpty()) {
      throw KeyFieldChangedException.inPatch(new ArrayList<>(fields));
    }
  }
}
