package dev.dynakit.core.schema;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes the single-table part of a declaration in the file format {@link EntityJsonReader} reads.
 */
final class EntityJsonWriter {
  private EntityJsonWriter() {}

  static void keys(TableSpec spec, Map<String, Object> root) {
    root.put("partitionKey", spec.partitionKey().name());
    StructuralKey sort = spec.structuralKey();
    if (sort != null) {
      root.put("sortKey", sort.name());
    }
  }

  static void entities(TableSpec spec, Map<String, Object> root) {
    if (!spec.entities().isEmpty()) {
      Map<String, Object> entities = new LinkedHashMap<>();
      spec.entities().forEach((name, entity) -> entities.put(name, entity(entity)));
      root.put("entities", entities);
    }
    if (!spec.accessPatterns().isEmpty()) {
      Map<String, Object> patterns = new LinkedHashMap<>();
      spec.accessPatterns().forEach((name, pattern) -> patterns.put(name, pattern(pattern)));
      root.put("accessPatterns", patterns);
    }
  }

  private static Map<String, Object> entity(EntitySpec entity) {
    Map<String, Object> shape = new LinkedHashMap<>();
    shape.put("fields", new LinkedHashMap<>(entity.fields()));
    Map<String, Object> keys = new LinkedHashMap<>();
    entity.keys().forEach((attribute, template) -> keys.put(attribute, template(template)));
    shape.put("keys", keys);
    ShardSpec shards = entity.shards();
    if (shards != null) {
      Map<String, Object> sharding = new LinkedHashMap<>();
      sharding.put("count", shards.count());
      if (shards.by() != null) {
        sharding.put("by", shards.by());
      }
      shape.put("shards", sharding);
    }
    return shape;
  }

  private static Object template(KeyTemplate template) {
    SparseCondition when = template.when();
    if (when == null) {
      return template.source();
    }
    Map<String, Object> shape = new LinkedHashMap<>();
    shape.put("template", template.source());
    shape.put("when", when.toJson());
    return shape;
  }

  private static Map<String, Object> pattern(AccessPattern pattern) {
    Map<String, Object> shape = new LinkedHashMap<>();
    if (pattern.index() != null) {
      shape.put("index", pattern.index());
    }
    Map<String, Object> key = new LinkedHashMap<>();
    key.put(pattern.partitionAttribute(), pattern.partitionKey().source());
    SortCondition sort = pattern.sortKey();
    if (sort != null) {
      List<String> operands = new ArrayList<>();
      for (KeyTemplate operand : sort.operands()) {
        operands.add(operand.source());
      }
      key.put(
          sort.attribute(),
          Map.of(sort.op().jsonName(), operands.size() == 1 ? operands.get(0) : operands));
    }
    shape.put("key", key);
    if (!pattern.returns().isEmpty()) {
      shape.put("returns", pattern.returns());
    }
    if (pattern.descending()) {
      shape.put("order", "desc");
    }
    if (pattern.counts()) {
      shape.put("select", "count");
    }
    return shape;
  }
}
