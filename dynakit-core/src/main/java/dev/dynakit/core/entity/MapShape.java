package dev.dynakit.core.entity;

import dev.dynakit.core.item.FieldCodec;
import dev.dynakit.core.schema.EntitySpec;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Items as maps: fields with a codec are given in the codec's Java type or already stored, and
 * returned in the Java type; the type and version fields are returned; key attributes are not.
 */
final class MapShape implements EntityShape<Map<String, Object>> {
  private final EntitySpec entity;

  MapShape(EntitySpec entity) {
    this.entity = entity;
  }

  @Override
  public Map<String, Object> toStored(Map<String, Object> value) {
    Map<String, Object> stored = new LinkedHashMap<>();
    value.forEach(
        (field, v) -> {
          if (entity.keys().containsKey(field)) {
            return; // composed from the fields
          }
          FieldCodec<?> codec = entity.codecs().get(field);
          stored.put(field, codec == null || v == null ? v : codec.normalize(v));
        });
    return stored;
  }

  @Override
  public Map<String, Object> fromStored(Map<String, Object> item) {
    Map<String, Object> fields = new LinkedHashMap<>();
    item.forEach(
        (field, v) -> {
          if (entity.keys().containsKey(field)) {
            return;
          }
          FieldCodec<?> codec = entity.codecs().get(field);
          fields.put(field, codec == null || v == null ? v : codec.fromStored(v));
        });
    return fields;
  }
}
