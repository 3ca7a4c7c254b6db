package dev.dynakit.advisor.internal;

import dev.dynakit.advisor.internal.Design.Entity;
import dev.dynakit.advisor.internal.Design.Index;
import dev.dynakit.advisor.internal.Design.KeyCondition;
import dev.dynakit.advisor.internal.Design.KeyTemplate;
import dev.dynakit.advisor.internal.Design.Pattern;
import dev.dynakit.advisor.internal.Design.Projection;
import dev.dynakit.advisor.internal.Design.Sparseness;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Builds a {@link Design} from a declaration's JSON tree, one that {@code TableSpec.fromJson} has
 * already accepted: the tree keeps what the rules read and the typed model does not (a field's
 * declared type as written, a sparse index's missing predicate, the access patterns).
 */
public final class DesignReader {
  private static final List<String> TECHNICAL_ROLES =
      List.of("versionField", "createdAtField", "typeField", "ttlField", "typeDiscriminator");

  private DesignReader() {}

  /** The design in {@code root}, a declaration's top-level object. */
  public static Design read(Map<String, Object> root) {
    boolean single = root.containsKey("partitionKey") || root.containsKey("entities");
    String table = String.valueOf(root.getOrDefault("table", ""));
    Map<String, String> types = new LinkedHashMap<>();
    List<String> keyFields = new ArrayList<>();
    for (Object field : Json.list(root.get("keyFields"))) {
      String name = field instanceof String s ? s : Json.text(Json.map(field).get("name"));
      if (name != null) {
        keyFields.add(name);
        String type = Json.text(Json.map(field).get("type"));
        types.put(name, type == null ? "string" : type);
      }
    }
    Map<String, Object> filterable = Json.map(root.get("filterable"));
    filterable.forEach(
        (field, rule) -> {
          String type = Json.text(Json.map(rule).get("type"));
          if (type != null) {
            types.put(field, type);
          }
        });
    Json.map(root.get("codecs"))
        .forEach(
            (field, codec) -> {
              if (codec instanceof String name) {
                types.put(field, name);
              }
            });
    String partitionKey;
    String sortKey;
    if (single) {
      partitionKey = String.valueOf(root.get("partitionKey"));
      sortKey = Json.text(root.get("sortKey"));
    } else {
      partitionKey = keyFields.isEmpty() ? "" : keyFields.get(0);
      Object structural = root.get("structuralKey");
      sortKey = structural instanceof String s ? s : Json.text(Json.map(structural).get("name"));
    }
    List<Index> indices = indices(Json.map(root.get("indices")));
    List<Entity> entities =
        single ? entities(Json.map(root.get("entities"))) : hierarchy(keyFields, sortKey);
    List<Pattern> patterns =
        single
            ? patterns(Json.map(root.get("accessPatterns")))
            : implicitPatterns(partitionKey, sortKey, indices, keyFields.size());
    return new Design(
        table,
        single,
        partitionKey,
        sortKey,
        Json.text(root.get("technicalPrefix")),
        types,
        technicalFields(root, sortKey, single),
        Json.text(root.get("ttlField")),
        Json.text(root.get("descriptorKey")),
        new LinkedHashSet<>(filterable.keySet()),
        indices,
        entities,
        patterns);
  }

  private static Map<String, String> technicalFields(
      Map<String, Object> root, @Nullable String sortKey, boolean single) {
    Map<String, String> fields = new LinkedHashMap<>();
    for (String role : TECHNICAL_ROLES) {
      Object value = root.get(role);
      String name = value instanceof String s ? s : Json.text(Json.map(value).get("name"));
      if (name != null) {
        fields.put(role, name);
      }
    }
    if (!single && sortKey != null) {
      fields.put("structuralKey", sortKey);
    }
    return fields;
  }

  private static List<Index> indices(Map<String, Object> declared) {
    List<Index> indices = new ArrayList<>();
    declared.forEach(
        (name, value) -> {
          Map<String, Object> shape = Json.map(value);
          Object projection = shape.get("projection");
          Projection kind =
              projection instanceof List
                  ? Projection.INCLUDE
                  : "keys-only".equals(projection) ? Projection.KEYS_ONLY : Projection.ALL;
          List<String> included = new ArrayList<>();
          if (projection instanceof List<?> names) {
            names.forEach(n -> included.add(String.valueOf(n)));
          }
          Object sparse = shape.get("sparse");
          Sparseness sparseness =
              sparse instanceof Map
                  ? Sparseness.PREDICATE
                  : Boolean.TRUE.equals(sparse) ? Sparseness.UNSTATED : Sparseness.NONE;
          indices.add(
              new Index(
                  name,
                  !"lsi".equals(shape.get("type")),
                  names(shape.get("pk")),
                  names(shape.get("sk")),
                  kind,
                  included,
                  sparseness,
                  Boolean.TRUE.equals(shape.get("indirect"))));
        });
    return indices;
  }

  private static List<String> names(@Nullable Object value) {
    List<String> names = new ArrayList<>();
    for (Object key : Json.list(value)) {
      String name = key instanceof String s ? s : Json.text(Json.map(key).get("name"));
      if (name != null) {
        names.add(name);
      }
    }
    return names;
  }

  private static List<Entity> hierarchy(List<String> keyFields, @Nullable String sortKey) {
    Map<String, KeyTemplate> keys = new LinkedHashMap<>();
    if (!keyFields.isEmpty()) {
      keys.put(keyFields.get(0), new KeyTemplate("{" + keyFields.get(0) + "}", false));
    }
    if (sortKey != null && keyFields.size() > 1) {
      StringBuilder path = new StringBuilder();
      for (String field : keyFields.subList(1, keyFields.size())) {
        path.append(path.length() == 0 ? "" : "|").append('{').append(field).append('}');
      }
      keys.put(sortKey, new KeyTemplate(path.toString(), false));
    }
    return List.of(new Entity("item", Map.of(), keys, 1));
  }

  private static List<Entity> entities(Map<String, Object> declared) {
    List<Entity> entities = new ArrayList<>();
    declared.forEach(
        (name, value) -> {
          Map<String, Object> shape = Json.map(value);
          Map<String, String> fields = new LinkedHashMap<>();
          Json.map(shape.get("fields"))
              .forEach(
                  (field, type) ->
                      fields.put(
                          field,
                          type instanceof String s
                              ? s
                              : String.valueOf(Json.map(type).getOrDefault("type", "string"))));
          Map<String, KeyTemplate> keys = new LinkedHashMap<>();
          Json.map(shape.get("keys"))
              .forEach(
                  (attribute, template) -> {
                    if (template instanceof String s) {
                      keys.put(attribute, new KeyTemplate(s, false));
                    } else {
                      Map<String, Object> t = Json.map(template);
                      keys.put(
                          attribute,
                          new KeyTemplate(
                              String.valueOf(t.get("template")), t.containsKey("when")));
                    }
                  });
          int shards = (int) Json.number(Json.map(shape.get("shards")).get("count"), 1);
          entities.add(new Entity(name, fields, keys, shards));
        });
    return entities;
  }

  private static List<Pattern> patterns(Map<String, Object> declared) {
    List<Pattern> patterns = new ArrayList<>();
    declared.forEach(
        (name, value) -> {
          Map<String, Object> shape = Json.map(value);
          List<KeyCondition> key = new ArrayList<>();
          Json.map(shape.get("key"))
              .forEach((attribute, condition) -> key.add(condition(attribute, condition)));
          List<String> filters = new ArrayList<>(Json.map(shape.get("filter")).keySet());
          patterns.add(
              new Pattern(name, Json.text(shape.get("index")), key, List.copyOf(filters), false));
        });
    return patterns;
  }

  private static KeyCondition condition(String attribute, Object condition) {
    if (condition instanceof String template) {
      return new KeyCondition(attribute, "eq", template);
    }
    Map<String, Object> shape = Json.map(condition);
    if (shape.isEmpty()) {
      return new KeyCondition(attribute, "eq", String.valueOf(condition));
    }
    Map.Entry<String, Object> first = shape.entrySet().iterator().next();
    return new KeyCondition(attribute, first.getKey(), String.valueOf(first.getValue()));
  }

  /**
   * What the toolkit itself does with a hierarchical table: get an item by its full key, list a
   * subtree by a prefix of the structural key, and query each index by its partition key.
   */
  private static List<Pattern> implicitPatterns(
      String partitionKey, @Nullable String sortKey, List<Index> indices, int depth) {
    List<Pattern> patterns = new ArrayList<>();
    List<KeyCondition> get = new ArrayList<>();
    get.add(new KeyCondition(partitionKey, "eq", "{" + partitionKey + "}"));
    if (sortKey != null) {
      get.add(new KeyCondition(sortKey, "eq", "{" + sortKey + "}"));
    }
    patterns.add(new Pattern("get", null, get, List.of(), true));
    if (sortKey != null && depth > 1) {
      patterns.add(
          new Pattern(
              "subtree",
              null,
              List.of(
                  new KeyCondition(partitionKey, "eq", "{" + partitionKey + "}"),
                  new KeyCondition(sortKey, "beginsWith", "{" + sortKey + "}")),
              List.of(),
              true));
    }
    for (Index index : indices) {
      List<KeyCondition> key = new ArrayList<>();
      List<String> pk = index.global() ? index.partitionKey() : List.of(partitionKey);
      pk.forEach(a -> key.add(new KeyCondition(a, "eq", "{" + a + "}")));
      patterns.add(new Pattern("query " + index.name(), index.name(), key, List.of(), true));
    }
    return patterns;
  }
}
