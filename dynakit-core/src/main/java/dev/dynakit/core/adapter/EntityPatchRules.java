package dev.dynakit.core.adapter;

import dev.dynakit.core.KeyFieldChangedException;
import dev.dynakit.core.entity.internal.EntityItems;
import dev.dynakit.core.item.Marshalling;
import dev.dynakit.core.schema.EntitySpec;
import dev.dynakit.core.schema.KeyTemplate;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Patches and edits of single-table items: the key and index attributes the entity's templates
 * compose follow the patched fields (a sparse attribute is set while its condition holds and
 * removed when it stops), and a change that would move the item to another primary key is refused.
 */
final class EntityPatchRules {
  private EntityPatchRules() {}

  /** The patch plus the sets and removals of the index attributes the patched item composes. */
  static Patch apply(AdapterContext ctx, PreparedKey key, Patch patch) {
    Map<String, AttributeValue> stored = StoredItems.read(ctx, key);
    if (stored == null) {
      return patch; // the write will report the missing item
    }
    Map<String, Object> before = ctx.spec.itemConverter().fromAttributes(stored);
    Optional<EntitySpec> entity = EntityItems.entityOfKey(ctx.spec, before);
    if (entity.isEmpty()) {
      return patch;
    }
    Map<String, Object> after = PatchMerger.apply(before, patch);
    Integer shard = EntityItems.shardOf(EntityItems.decomposeKey(ctx.spec, entity.get(), before));
    Map<String, Object> composed = EntityItems.keyAttributes(ctx.spec, entity.get(), after, shard);
    refuseChange(ctx, entity.get(), before, composed);
    Patch.Builder adjusted = patch.toBuilder();
    List<String> remove = new ArrayList<>();
    for (String attribute : entity.get().keys().keySet()) {
      if (ctx.spec.primaryKeyNames().contains(attribute)) {
        continue;
      }
      Object value = composed.get(attribute);
      if (value != null) {
        adjusted.set(attribute, value);
      } else if (stored.containsKey(attribute)) {
        remove.add(attribute);
      }
    }
    adjusted.remove(remove);
    return adjusted.build();
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
