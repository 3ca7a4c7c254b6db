package dev.dynakit.core.schema;

import dev.dynakit.core.DeclarationException.Problem;
import dev.dynakit.core.schema.KeyTemplate.Part;
import dev.dynakit.core.schema.KeyTemplate.Slot;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The rules of a single-table design, checked with the rest of the declaration: every template
 * parses and names declared fields, padded slots pad numbers, no two entities can write the same
 * primary key, shard counts are sane, and every access pattern reads an index that exists with a
 * key some entity writes.
 */
final class EntityRules {
  static final int MAX_SHARDS = 1000;

  private final TableSpec.Builder b;
  private final Map<String, IndexSpec> indices;
  private final List<Problem> problems = new ArrayList<>();

  /** Every key attribute of the table and its indices, with its declared type. */
  private final Map<String, ScalarType> keyAttributes = new LinkedHashMap<>();

  EntityRules(TableSpec.Builder builder, Map<String, IndexSpec> indices) {
    this.b = builder;
    this.indices = indices;
    for (KeyField field : b.keyFields) {
      keyAttributes.put(field.name(), field.type());
    }
    if (b.structuralKey != null) {
      keyAttributes.put(b.structuralKey.name(), ScalarType.STRING);
    }
    for (IndexSpec index : indices.values()) {
      for (IndexKey key : SpecValidator.keysOf(index)) {
        keyAttributes.putIfAbsent(key.name(), key.type());
      }
    }
  }

  List<Problem> validate() {
    for (String repeated : b.repeatedEntities) {
      problem("entities." + repeated, "declared twice");
    }
    for (String repeated : b.repeatedPatterns) {
      problem("accessPatterns." + repeated, "declared twice");
    }
    if (b.entities.isEmpty() && b.accessPatterns.isEmpty()) {
      return problems;
    }
    if (!b.genericKeys) {
      problem(
          "entities",
          "entities need generic key attributes: declare partitionKey (and sortKey) instead of"
              + " keyFields");
      return problems;
    }
    if (primaryKey().isEmpty()) {
      return problems; // reported with the key fields
    }
    if (b.typeField == null) {
      problem("typeField", "required with entities: every item carries its entity's name");
    }
    b.entities.values().forEach(this::entity);
    collisions();
    b.accessPatterns.values().forEach(this::pattern);
    return problems;
  }

  private void problem(String field, String rule) {
    problems.add(new Problem(field, rule));
  }

  private void entity(EntitySpec entity) {
    String at = "entities." + entity.name();
    if (entity.name().isEmpty()) {
      problem("entities", "entity names must not be empty");
    }
    entity
        .fields()
        .forEach(
            (field, type) -> {
              if (!EntitySpec.PLAIN_TYPES.contains(type)
                  && !entity.codecs().containsKey(field)
                  && EntitySpec.codecOf(type).isEmpty()) {
                problem(
                    at + ".fields." + field,
                    "unknown type '"
                        + type
                        + "'; use "
                        + String.join(", ", new java.util.TreeSet<>(EntitySpec.PLAIN_TYPES))
                        + " or a codec name (localDateIso, instantIso, …)");
              }
              if (keyAttributes.containsKey(field)) {
                problem(
                    at + ".fields." + field,
                    "'"
                        + field
                        + "' is a key attribute; its value is composed by the key templates");
              }
              if (b.technicalPrefix != null
                  && !b.technicalPrefix.isEmpty()
                  && field.startsWith(b.technicalPrefix)) {
                problem(
                    at + ".fields." + field,
                    "must not start with the technical prefix '" + b.technicalPrefix + "'");
              }
            });
    for (String attribute : primaryKey()) {
      KeyTemplate template = entity.keys().get(attribute);
      if (template == null) {
        problem(at + ".keys", "needs a template for the primary-key attribute '" + attribute + "'");
      } else if (template.when() != null) {
        problem(
            at + ".keys." + attribute,
            "a primary-key attribute is always written; 'when' applies to index keys only");
      }
    }
    boolean shardSlot = false;
    for (Map.Entry<String, KeyTemplate> key : entity.keys().entrySet()) {
      shardSlot |= template(entity, key.getKey(), key.getValue());
    }
    shards(entity, at, shardSlot);
  }

  /** Checks one template of an entity; returns whether it has a shard slot. */
  private boolean template(EntitySpec entity, String attribute, KeyTemplate template) {
    String at = "entities." + entity.name() + ".keys." + attribute;
    ScalarType type = keyAttributes.get(attribute);
    if (type == null) {
      problem(
          at,
          "'"
              + attribute
              + "' is not a key attribute of the table or an index"
              + NearMiss.hint(attribute, keyAttributes.keySet()));
    } else if (type != ScalarType.STRING) {
      problem(at, "'" + attribute + "' is declared " + type.jsonName() + "; templates make text");
    }
    if (template.syntaxProblem() != null) {
      problem(at, "'" + template.source() + "': " + template.syntaxProblem());
      return false;
    }
    for (Part part : template.parts()) {
      if (part instanceof Slot slot) {
        slot(entity, at, slot);
      }
    }
    return template.hasShardSlot();
  }

  private void slot(EntitySpec entity, String at, Slot slot) {
    String declared = entity.fields().get(slot.field());
    if (declared == null) {
      problem(
          at,
          "'{"
              + slot.field()
              + "}' names no field of entity '"
              + entity.name()
              + "'"
              + NearMiss.hint(slot.field(), entity.fields().keySet()));
    } else if (slot.width() != null && !"number".equals(declared)) {
      problem(
          at,
          "'{"
              + slot.field()
              + ":"
              + slot.width()
              + "}' pads '"
              + slot.field()
              + "', which is declared "
              + declared
              + "; only number fields are zero-padded");
    }
  }

  private void shards(EntitySpec entity, String at, boolean shardSlot) {
    ShardSpec shards = entity.shards();
    if (shards == null) {
      if (shardSlot) {
        problem(at + ".shards", "a template has a {shard} slot; declare the shard count");
      }
      return;
    }
    if (shards.count() < 1 || shards.count() > MAX_SHARDS) {
      problem(at + ".shards.count", "must be from 1 to 1000, got " + shards.count());
    }
    if (shards.by() != null && !entity.fields().containsKey(shards.by())) {
      problem(
          at + ".shards.by",
          "'"
              + shards.by()
              + "' names no field of entity '"
              + entity.name()
              + "'"
              + NearMiss.hint(shards.by(), entity.fields().keySet()));
    }
    KeyTemplate partition = entity.keys().get(primaryKey().get(0));
    if (partition != null && !partition.hasShardSlot()) {
      problem(
          at + ".keys." + primaryKey().get(0),
          "a sharded entity has a {shard} slot in its partition key");
    }
  }

  /** No two entities may be able to write the same primary key: one would read as the other. */
  private void collisions() {
    List<EntitySpec> all = new ArrayList<>(b.entities.values());
    List<String> primary = primaryKey();
    for (int i = 0; i < all.size(); i++) {
      for (int j = i + 1; j < all.size(); j++) {
        if (overlaps(all.get(i), all.get(j), primary)) {
          problem(
              "entities." + all.get(j).name() + ".keys",
              "entities '"
                  + all.get(i).name()
                  + "' and '"
                  + all.get(j).name()
                  + "' can produce the same primary key ("
                  + describe(all.get(i), primary)
                  + " vs "
                  + describe(all.get(j), primary)
                  + "); give one of them a distinct literal");
        }
      }
    }
  }

  private static boolean overlaps(EntitySpec a, EntitySpec b, List<String> primary) {
    for (String attribute : primary) {
      KeyTemplate left = a.keys().get(attribute);
      KeyTemplate right = b.keys().get(attribute);
      if (left == null
          || right == null
          || left.syntaxProblem() != null
          || right.syntaxProblem() != null
          || !TemplateText.canOverlap(left, right)) {
        return false;
      }
    }
    return true;
  }

  private static String describe(EntitySpec entity, List<String> primary) {
    List<String> parts = new ArrayList<>();
    for (String attribute : primary) {
      KeyTemplate template = entity.keys().get(attribute);
      parts.add(attribute + " '" + (template == null ? "" : template.source()) + "'");
    }
    return String.join(", ", parts);
  }

  private void pattern(AccessPattern pattern) {
    String at = "accessPatterns." + pattern.name();
    List<String> key = primaryKey();
    String index = pattern.index();
    if (index != null) {
      IndexSpec spec = indices.get(index);
      if (spec == null) {
        problem(
            at + ".index",
            "'" + index + "' is not a declared index" + NearMiss.hint(index, indices.keySet()));
        return;
      }
      key = new ArrayList<>();
      key.add(
          spec instanceof GlobalIndex global
              ? global.partitionKeyNames().get(0)
              : primaryKey().get(0));
      key.addAll(spec.sortKeyNames());
    }
    String where = index == null ? "the table" : "index '" + index + "'";
    if (!pattern.partitionAttribute().equals(key.get(0))) {
      problem(
          at + ".key",
          "the partition key of "
              + where
              + " is '"
              + key.get(0)
              + "'"
              + (pattern.partitionAttribute().isEmpty()
                  ? ""
                  : ", not '" + pattern.partitionAttribute() + "'"));
      return;
    }
    if (pattern.partitionKey().syntaxProblem() != null) {
      problem(
          at + ".key." + key.get(0),
          "'" + pattern.partitionKey().source() + "': " + pattern.partitionKey().syntaxProblem());
      return;
    }
    sortCondition(pattern, at, key.size() > 1 ? key.get(1) : null, where);
    List<String> candidates = new ArrayList<>();
    for (String entity : pattern.returns()) {
      if (!b.entities.containsKey(entity)) {
        problem(
            at + ".returns",
            "'"
                + entity
                + "' is not a declared entity"
                + NearMiss.hint(entity, b.entities.keySet()));
      } else {
        candidates.add(entity);
      }
    }
    if (pattern.returns().isEmpty()) {
      candidates.addAll(b.entities.keySet());
    }
    producible(pattern, at, key.get(0), candidates);
  }

  private void sortCondition(
      AccessPattern pattern, String at, @Nullable String sortAttribute, String where) {
    SortCondition sort = pattern.sortKey();
    if (sort == null) {
      return;
    }
    if (sortAttribute == null || !sortAttribute.equals(sort.attribute())) {
      problem(
          at + ".key." + sort.attribute(),
          sortAttribute == null
              ? where + " has no sort key"
              : "the sort key of " + where + " is '" + sortAttribute + "'");
      return;
    }
    if (sort.operands().size() != sort.op().operands()) {
      problem(
          at + ".key." + sort.attribute() + "." + sort.op().jsonName(),
          "takes " + sort.op().operands() + " template(s), got " + sort.operands().size());
    }
    for (KeyTemplate operand : sort.operands()) {
      if (operand.syntaxProblem() != null) {
        problem(
            at + ".key." + sort.attribute(),
            "'" + operand.source() + "': " + operand.syntaxProblem());
      }
    }
  }

  private void producible(
      AccessPattern pattern, String at, String attribute, List<String> candidates) {
    if (candidates.isEmpty()) {
      return;
    }
    for (String name : candidates) {
      KeyTemplate template = b.entities.get(name).keys().get(attribute);
      if (template != null
          && template.syntaxProblem() == null
          && TemplateText.canOverlap(template, pattern.partitionKey())) {
        return;
      }
    }
    problem(
        at + ".key." + attribute,
        "no entity can produce the key '"
            + pattern.partitionKey().source()
            + "' (checked "
            + String.join(", ", candidates)
            + ")");
  }

  private List<String> primaryKey() {
    List<String> names = new ArrayList<>();
    if (!b.keyFields.isEmpty()) {
      names.add(b.keyFields.get(0).name());
    }
    if (b.structuralKey != null) {
      names.add(b.structuralKey.name());
    }
    return names;
  }
}
