package dev.dynakit.rest;

import dev.dynakit.core.item.FieldCodec;
import dev.dynakit.core.schema.EntitySpec;
import dev.dynakit.core.schema.TableSpec;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Entity items in and out of JSON: a field with a codec is written in its stored form ({@code
 * "2026-03-01"} for a {@code localDateIso} date), and a body may carry the type field back as read
 * as long as it names the entity it is sent to.
 */
final class EntityJson {
  private EntityJson() {}

  /** The item as a JSON tree. */
  static Map<String, @Nullable Object> tree(EntitySpec entity, Map<String, ?> item) {
    Map<String, @Nullable Object> out = new LinkedHashMap<>();
    item.forEach(
        (field, value) -> {
          FieldCodec<?> codec = entity.codecs().get(field);
          out.put(field, codec == null || value == null ? value : codec.normalize(value));
        });
    return out;
  }

  /**
   * The body without its type field, which must name this entity when present; other technical
   * fields (but the version) are refused.
   *
   * @throws RestException 400 {@code WrongEntity} or {@code TechnicalField}
   */
  static Map<String, @Nullable Object> body(
      TableSpec spec, EntitySpec entity, Map<String, @Nullable Object> body) {
    Map<String, @Nullable Object> fields = new LinkedHashMap<>(body);
    String typeField = spec.typeField();
    if (typeField != null && fields.containsKey(typeField)) {
      Object type = fields.remove(typeField);
      if (!entity.name().equals(type)) {
        throw RestException.badRequest(
            "WrongEntity",
            "the body's "
                + typeField
                + " is "
                + Texts.quote(String.valueOf(type))
                + ", but it was sent to the "
                + entity.name()
                + " routes");
      }
    }
    Bodies.rejectTechnical(spec, fields.keySet());
    return fields;
  }
}
