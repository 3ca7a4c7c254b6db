package dev.dynakit.core.schema;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Reads the single-table part of a declaration file: {@code partitionKey}, {@code sortKey}, {@code
 * entities} and {@code accessPatterns}. Shape problems go to the file reader's list.
 */
final class EntityJsonReader {
  private static final java.util.Set<String> CONDITION_KEYS =
      java.util.Set.of("field", "eq", "in", "exists", "not", "and", "or");

  private final SpecJsonReader r;

  EntityJsonReader(SpecJsonReader reader) {
    this.r = reader;
  }

  void read(TableSpec.Builder b, Map<String, Object> root) {
    String partition = r.text(root, "partitionKey", "partitionKey");
    if (partition != null) {
      if (root.containsKey("keyFields")) {
        r.problem("partitionKey", "give partitionKey or keyFields, not both");
      }
      b.partitionKey(partition);
    }
    String sort = r.text(root, "sortKey", "sortKey");
    if (sort != null) {
      if (root.containsKey("structuralKey")) {
        r.problem("sortKey", "give sortKey or structuralKey, not both");
      }
      b.sortKey(sort);
    }
    Map<String, Object> entities = r.object(root.get("entities"), "entities");
    if (entities != null) {
      entities.forEach((name, value) -> entity(b, name, value));
    }
    Map<String, Object> patterns = r.object(root.get("accessPatterns"), "accessPatterns");
    if (patterns != null) {
      patterns.forEach((name, value) -> pattern(b, name, value));
    }
  }

  private void entity(TableSpec.Builder b, String name, Object value) {
    String at = "entities." + name;
    Map<String, Object> shape = r.object(value, at);
    if (shape == null) {
      return;
    }
    r.only(shape, at, "fields", "keys", "shards");
    EntitySpec.Builder entity = EntitySpec.builder(name);
    Map<String, Object> fields = r.object(shape.get("fields"), at + ".fields");
    if (fields != null) {
      fields.forEach(
          (field, type) -> {
            String text = r.text(type, at + ".fields." + field);
            if (text != null) {
              entity.field(field, text);
            }
          });
    }
    Map<String, Object> keys = r.object(shape.get("keys"), at + ".keys");
    if (keys != null) {
      keys.forEach(
          (attribute, template) -> {
            KeyTemplate parsed = template(template, at + ".keys." + attribute);
            if (parsed != null) {
              entity.key(attribute, parsed);
            }
          });
    }
    Map<String, Object> shards = r.object(shape.get("shards"), at + ".shards");
    if (shards != null) {
      r.only(shards, at + ".shards", "count", "by");
      Long count = r.integer(shards.get("count"), at + ".shards.count");
      String by = r.text(shards, "by", at + ".shards.by");
      if (count == null) {
        r.problem(at + ".shards.count", "required");
      } else {
        entity.shards(new ShardSpec((int) Math.max(-1, Math.min(Integer.MAX_VALUE, count)), by));
      }
    }
    b.entity(entity);
  }

  private @Nullable KeyTemplate template(@Nullable Object value, String at) {
    if (value instanceof String text) {
      return KeyTemplate.of(text);
    }
    Map<String, Object> shape = r.object(value, at);
    if (shape == null) {
      return null;
    }
    r.only(shape, at, "template", "when");
    String text = r.text(shape, "template", at + ".template");
    if (text == null) {
      r.problem(at + ".template", "required");
      return null;
    }
    KeyTemplate template = KeyTemplate.of(text);
    if (!shape.containsKey("when")) {
      return template;
    }
    Object condition = shape.get("when");
    SparseCondition when =
        isShorthand(condition)
            ? shorthand(cast(condition), at + ".when")
            : new SparseConditionReader(r::problem).read(condition, at + ".when");
    return when == null ? template : template.when(when);
  }

  /** {@code {"needsReview": true}}: field names only, each equal to its value. */
  private static boolean isShorthand(@Nullable Object condition) {
    if (!(condition instanceof Map<?, ?> shape) || shape.isEmpty()) {
      return false;
    }
    for (Object key : shape.keySet()) {
      if (CONDITION_KEYS.contains(key)) {
        return false;
      }
    }
    return true;
  }

  private @Nullable SparseCondition shorthand(Map<String, Object> fields, String at) {
    List<SparseCondition> tests = new ArrayList<>();
    fields.forEach(
        (field, value) -> {
          if (value instanceof String || value instanceof Number || value instanceof Boolean) {
            tests.add(SparseCondition.eq(field, value));
          } else {
            r.problem(at + "." + field, "must be a string, number or boolean to compare with");
          }
        });
    if (tests.size() != fields.size()) {
      return null;
    }
    return tests.size() == 1
        ? tests.get(0)
        : SparseCondition.and(tests.toArray(SparseCondition[]::new));
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> cast(Object value) {
    return (Map<String, Object>) value;
  }

  private void pattern(TableSpec.Builder b, String name, Object value) {
    String at = "accessPatterns." + name;
    Map<String, Object> shape = r.object(value, at);
    if (shape == null) {
      return;
    }
    r.only(shape, at, "index", "key", "returns", "order", "select");
    AccessPattern.Builder pattern = AccessPattern.builder(name);
    String index = r.text(shape, "index", at + ".index");
    pattern.index(index);
    Map<String, Object> key = r.object(shape.get("key"), at + ".key");
    if (key == null) {
      r.problem(at + ".key", "required: the partition-key template, and a sort-key condition");
    } else {
      key(b, pattern, key, index, at + ".key");
    }
    List<Object> returns = r.list(shape.get("returns"), at + ".returns");
    if (returns != null) {
      for (int i = 0; i < returns.size(); i++) {
        String entity = r.text(returns.get(i), at + ".returns[" + i + "]");
        if (entity != null) {
          pattern.returns(entity);
        }
      }
    }
    String order = r.text(shape, "order", at + ".order");
    if (order != null && !order.equals("asc") && !order.equals("desc")) {
      r.problem(at + ".order", "must be 'asc' or 'desc'");
    }
    pattern.descending("desc".equals(order));
    String select = r.text(shape, "select", at + ".select");
    if (select != null && !select.equals("items") && !select.equals("count")) {
      r.problem(at + ".select", "must be 'items' or 'count'");
    }
    pattern.counts("count".equals(select));
    b.accessPattern(pattern);
  }

  private void key(
      TableSpec.Builder b,
      AccessPattern.Builder pattern,
      Map<String, Object> key,
      @Nullable String index,
      String at) {
    if (key.isEmpty() || key.size() > 2) {
      r.problem(at, "names the partition key and at most one sort-key condition");
      return;
    }
    String partition = partitionAttribute(b, index);
    List<String> names = new ArrayList<>(key.keySet());
    if (partition == null || !key.containsKey(partition)) {
      partition = names.get(0);
    }
    String template = r.text(key.get(partition), at + "." + partition);
    if (template != null) {
      pattern.partitionKey(partition, template);
    }
    names.remove(partition);
    if (!names.isEmpty()) {
      String sort = names.get(0);
      SortCondition condition = sortCondition(sort, key.get(sort), at + "." + sort);
      if (condition != null) {
        pattern.sortKey(condition);
      }
    }
  }

  private static @Nullable String partitionAttribute(TableSpec.Builder b, @Nullable String index) {
    IndexSpec spec = index == null ? null : b.indices.get(index);
    if (spec instanceof GlobalIndex global && !global.partitionKey().isEmpty()) {
      return global.partitionKey().get(0).name();
    }
    return b.keyFields.isEmpty() ? null : b.keyFields.get(0).name();
  }

  private @Nullable SortCondition sortCondition(String attribute, Object value, String at) {
    if (value instanceof String text) {
      return SortCondition.of(attribute, SortOp.EQ, text);
    }
    Map<String, Object> shape = r.object(value, at);
    if (shape == null) {
      return null;
    }
    if (shape.size() != 1) {
      r.problem(at, "one condition: beginsWith, between, lt, le, gt, ge or eq");
      return null;
    }
    Map.Entry<String, Object> only = shape.entrySet().iterator().next();
    SortOp op = SortOp.fromJsonName(only.getKey());
    if (op == null) {
      List<String> known = new ArrayList<>();
      for (SortOp each : SortOp.values()) {
        known.add(each.jsonName());
      }
      String hint = NearMiss.hint(only.getKey(), known);
      r.problem(
          at + "." + only.getKey(),
          "unknown condition"
              + (hint.isEmpty() ? "; the conditions are " + String.join(", ", known) : hint));
      return null;
    }
    List<KeyTemplate> operands = new ArrayList<>();
    if (only.getValue() instanceof List<?> list) {
      for (int i = 0; i < list.size(); i++) {
        String text = r.text(list.get(i), at + "." + op.jsonName() + "[" + i + "]");
        if (text != null) {
          operands.add(KeyTemplate.of(text));
        }
      }
    } else {
      String text = r.text(only.getValue(), at + "." + op.jsonName());
      if (text != null) {
        operands.add(KeyTemplate.of(text));
      }
    }
    return new SortCondition(attribute, op, operands);
  }
}
