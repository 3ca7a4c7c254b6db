package dev.dynakit.core.adapter;

import dev.dynakit.core.MarshallingException;
import dev.dynakit.core.item.FieldCodec;
import dev.dynakit.core.item.RecordCodec;
import dev.dynakit.core.schema.KeyField;
import dev.dynakit.core.schema.TableSpec;
import java.lang.reflect.RecordComponent;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * A record type against a table declaration: which field each component maps to (by name; the
 * version and created-at fields onto components named {@code version} and {@code createdAt} when
 * the record has no component of the field's own name; or as renamed), with the declared codecs
 * applied by the Adapter and the record's own types by a {@link RecordCodec}. Every problem is
 * found when the mapping is made.
 */
final class RecordMapping<R extends Record> {
  private final Class<R> type;
  private final RecordCodec<R> codec;
  private final Map<String, String> fieldOf = new LinkedHashMap<>();
  private final Set<String> keyFields = new LinkedHashSet<>();
  private final @Nullable String versionField;

  RecordMapping(
      TableSpec spec,
      Class<R> type,
      Map<String, String> renames,
      Map<Class<?>, FieldCodec<?>> typeCodecs) {
    this.type = type;
    if (!type.isRecord()) {
      throw new MarshallingException(
          type.getName(), "is not a record; a typed Adapter maps the components of a record");
    }
    Set<String> components = new LinkedHashSet<>();
    for (RecordComponent component : type.getRecordComponents()) {
      components.add(component.getName());
    }
    for (String renamed : renames.keySet()) {
      if (!components.contains(renamed)) {
        throw new MarshallingException(renamed, "not a component of " + type.getName());
      }
    }
    for (String component : components) {
      String field = renames.get(component);
      if (field == null) {
        field = conventional(spec, component, components);
      }
      refuseTechnical(spec, component, field);
      fieldOf.put(component, field);
    }
    this.versionField =
        spec.versionField() != null && fieldOf.containsValue(spec.versionField())
            ? spec.versionField()
            : null;
    for (KeyField key : spec.keyFields()) {
      keyFields.add(key.name());
    }
    this.codec = codec(spec, typeCodecs);
  }

  Class<R> type() {
    return type;
  }

  /** The version field when a component carries it, else null. */
  @Nullable String versionField() {
    return versionField;
  }

  /** The record as an item of fields (null components left out), for the Adapter to write. */
  Map<String, Object> toItem(R record) {
    Map<String, Object> byComponent = codec.toMap(record);
    Map<String, Object> item = new LinkedHashMap<>();
    byComponent.forEach((component, value) -> item.put(fieldOf.get(component), value));
    return item;
  }

  /** The record of an item as the Adapter reads it; fields that are not components are ignored. */
  R fromItem(Map<String, ?> item) {
    Map<String, Object> byComponent = new LinkedHashMap<>();
    fieldOf.forEach(
        (component, field) -> {
          Object value = item.get(field);
          if (value != null) {
            byComponent.put(component, value);
          }
        });
    return codec.fromMap(byComponent);
  }

  /** The key fields of a record, as the Adapter takes keys. */
  Map<String, Object> keyOf(R record) {
    Map<String, Object> item = toItem(record);
    Map<String, Object> key = new LinkedHashMap<>();
    for (String field : keyFields) {
      Object value = item.get(field);
      if (value != null) {
        key.put(field, value);
      }
    }
    return key;
  }

  /** The fields the record's components map to. */
  Set<String> fields() {
    return new LinkedHashSet<>(fieldOf.values());
  }

  private static String conventional(TableSpec spec, String component, Set<String> components) {
    String version = spec.versionField();
    if (version != null && component.equals("version") && !components.contains(version)) {
      return version;
    }
    String createdAt = spec.createdAtField();
    if (createdAt != null && component.equals("createdAt") && !components.contains(createdAt)) {
      return createdAt;
    }
    return component;
  }

  private void refuseTechnical(TableSpec spec, String component, String field) {
    if (spec.isTechnical(field)
        && !field.equals(spec.versionField())
        && !field.equals(spec.createdAtField())) {
      throw new MarshallingException(
          type.getSimpleName() + "." + component,
          "maps to the technical field '"
              + field
              + "', which reads strip and writes refuse; only the version and created-at fields"
              + " map onto components");
    }
  }

  private RecordCodec<R> codec(TableSpec spec, Map<Class<?>, FieldCodec<?>> typeCodecs) {
    RecordCodec.Builder<R> builder = RecordCodec.builder(type);
    for (RecordComponent component : type.getRecordComponents()) {
      FieldCodec<?> declared = spec.codecs().get(fieldOf.get(component.getName()));
      if (declared == null) {
        continue;
      }
      if (component.getType() != declared.javaType()) {
        throw new MarshallingException(
            type.getSimpleName() + "." + component.getName(),
            "is "
                + component.getType().getSimpleName()
                + " but the table declares the codec "
                + declared.spec()
                + " ("
                + declared.javaType().getName()
                + ") for field '"
                + fieldOf.get(component.getName())
                + "'; declare the component as "
                + declared.javaType().getSimpleName());
      }
      builder.field(component.getName(), passThrough(declared));
    }
    typeCodecs.forEach((valueType, codec) -> addTypeCodec(builder, valueType, codec));
    try {
      return builder.build();
    } catch (MarshallingException e) {
      String message = e.getMessage();
      String prefix = e.field() + ": ";
      String rule = message.startsWith(prefix) ? message.substring(prefix.length()) : message;
      throw new MarshallingException(
          e.field(),
          rule
              + "; for a typed Adapter, declare a codec for the field in the table declaration or"
              + " give one for the type to TypedAdapter.builder(...).codec(type, codec)",
          e);
    }
  }

  private static <T> FieldCodec<T> passThrough(FieldCodec<T> declared) {
    return new PassThroughCodec<>(declared);
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static void addTypeCodec(
      RecordCodec.Builder<?> builder, Class<?> valueType, FieldCodec<?> codec) {
    builder.codec((Class) valueType, (FieldCodec) codec);
  }
}
