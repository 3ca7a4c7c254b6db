package dev.dynakit.core.schema;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.dynakit.core.item.FieldCodec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Writes a declaration in the file format {@link SpecJsonReader} reads, normalised. */
final class SpecJsonWriter {
  private static final ObjectMapper MAPPER =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private SpecJsonWriter() {}

  static String write(TableSpec spec) {
    try {
      return MAPPER.writeValueAsString(tree(spec));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a declaration tree is always writable", e);
    }
  }

  static Map<String, Object> tree(TableSpec spec) {
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("table", spec.tableName());
    List<Object> keyFields = new ArrayList<>();
    for (KeyField field : spec.keyFields()) {
      Map<String, Object> shape = new LinkedHashMap<>();
      shape.put("name", field.name());
      shape.put("type", field.type().jsonName());
      if (field.width() != null) {
        shape.put("width", field.width());
      }
      keyFields.add(shape);
    }
    StructuralKey key = spec.structuralKey();
    if (spec.genericKeys()) {
      EntityJsonWriter.keys(spec, root);
    } else {
      root.put("keyFields", keyFields);
    }
    if (key != null && !spec.genericKeys()) {
      Map<String, Object> shape = new LinkedHashMap<>();
      shape.put("name", key.name());
      shape.put("separator", key.separator());
      if (key.policy() == SeparatorPolicy.ESCAPE) {
        shape.put("separatorPolicy", "escape");
      }
      root.put("structuralKey", shape);
    }
    if (!spec.indices().isEmpty()) {
      Map<String, Object> indices = new LinkedHashMap<>();
      spec.indices().forEach((name, index) -> indices.put(name, index(index)));
      root.put("indices", indices);
    }
    if (!spec.typeLabels().isEmpty()) {
      root.put("typeLabels", spec.typeLabels());
    }
    putIfSet(root, "typeDiscriminator", spec.typeDiscriminator());
    putIfSet(root, "typeField", spec.typeField());
    putIfSet(root, "technicalPrefix", spec.technicalPrefix());
    if (!spec.searchable().isEmpty()) {
      Map<String, Object> searchable = new LinkedHashMap<>();
      for (String field : spec.searchable()) {
        searchable.put(field, true);
      }
      root.put("searchable", searchable);
    }
    root.put("searchablePrefix", spec.searchablePrefix());
    if (!spec.filterable().isEmpty()) {
      Map<String, Object> filterable = new LinkedHashMap<>();
      spec.filterable()
          .forEach(
              (field, rule) -> {
                List<String> ops = new ArrayList<>();
                for (FilterOp op : rule.ops()) {
                  ops.add(op.code());
                }
                if (rule.type() == null) {
                  filterable.put(field, ops);
                } else {
                  Map<String, Object> shape = new LinkedHashMap<>();
                  shape.put("ops", ops);
                  shape.put("type", rule.type().jsonName());
                  filterable.put(field, shape);
                }
              });
      root.put("filterable", filterable);
    }
    putIfSet(root, "versionField", spec.versionField());
    putIfSet(root, "createdAtField", spec.createdAtField());
    if (spec.structuralRelationships()) {
      root.put("relationships", Map.of("structural", true));
    }
    putIfSet(root, "descriptorKey", spec.descriptorKey());
    if (!spec.projectionFieldMap().isEmpty()) {
      root.put("projectionFieldMap", spec.projectionFieldMap());
    }
    if (!spec.codecs().isEmpty()) {
      Map<String, Object> codecs = new LinkedHashMap<>();
      for (Map.Entry<String, FieldCodec<?>> entry : spec.codecs().entrySet()) {
        codecs.put(entry.getKey(), entry.getValue().spec());
      }
      root.put("codecs", codecs);
    }
    root.put("billingMode", spec.capacityMode().name());
    Throughput throughput = spec.throughput();
    if (throughput != null) {
      Map<String, Object> shape = new LinkedHashMap<>();
      shape.put("ReadCapacityUnits", throughput.readCapacityUnits());
      shape.put("WriteCapacityUnits", throughput.writeCapacityUnits());
      root.put("provisionedThroughput", shape);
    }
    putIfSet(root, "ttlField", spec.ttlField());
    StreamSettings stream = spec.stream();
    if (stream != null) {
      Map<String, Object> shape = new LinkedHashMap<>();
      shape.put("StreamEnabled", stream.enabled());
      if (stream.view() != null) {
        shape.put("StreamViewType", stream.view().name());
      }
      root.put("streamSpecification", shape);
    }
    EntityJsonWriter.entities(spec, root);
    return root;
  }

  private static Map<String, Object> index(IndexSpec index) {
    Map<String, Object> shape = new LinkedHashMap<>();
    shape.put("type", index instanceof GlobalIndex ? "gsi" : "lsi");
    if (index instanceof GlobalIndex) {
      shape.put("pk", keys(((GlobalIndex) index).partitionKey()));
    }
    if (!index.sortKey().isEmpty()) {
      shape.put("sk", keys(index.sortKey()));
    }
    IndexProjection projection = index.projection();
    if (projection instanceof IndexProjection.Include) {
      shape.put("projection", ((IndexProjection.Include) projection).attributes());
    } else {
      shape.put("projection", projection instanceof IndexProjection.All ? "all" : "keys-only");
    }
    SparseRule sparse = index.sparse();
    SparseCondition condition = sparse.condition();
    if (condition != null) {
      shape.put("sparse", Map.of("when", condition.toJson()));
    } else {
      shape.put(
          "sparse",
          sparse.predicate() != null ? Map.of("onlyWhen", "<predicate>") : sparse.sparse());
    }
    shape.put("indirect", index.indirect());
    return shape;
  }

  /** One attribute as {@code {name, type}} (the reference's shape); several as a list. */
  private static Object keys(List<IndexKey> keys) {
    List<Object> shapes = new ArrayList<>();
    for (IndexKey key : keys) {
      Map<String, Object> shape = new LinkedHashMap<>();
      shape.put("name", key.name());
      shape.put("type", key.type().jsonName());
      shapes.add(shape);
    }
    return shapes.size() == 1 ? shapes.get(0) : shapes;
  }

  private static void putIfSet(
      Map<String, Object> root, String key, @org.jspecify.annotations.Nullable String value) {
    if (value != null) {
      root.put(key, value);
    }
  }
}
