package dev.dynakit.core.entity;

import dev.dynakit.core.item.RecordCodec;
import dev.dynakit.core.schema.EntitySpec;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Items as records: each component maps to the field of its name with the entity's codecs; a
 * component named {@code version} (when the version field itself is no component name) carries the
 * version, as in {@link dev.dynakit.core.adapter.TypedAdapter}.
 */
final class RecordShape<R extends Record> implements EntityShape<R> {
  private final RecordCodec<R> codec;
  private final @Nullable String versionField;
  private final boolean versionComponent;

  RecordShape(Class<R> type, EntitySpec entity, @Nullable String versionField) {
    this.codec = RecordCodec.builder(type).fields(entity.codecs()).build();
    this.versionField = versionField;
    this.versionComponent =
        versionField != null
            && Arrays.stream(type.getRecordComponents())
                .map(RecordComponent::getName)
                .anyMatch("version"::equals);
  }

  @Override
  public Map<String, Object> toStored(R value) {
    Map<String, Object> stored = new LinkedHashMap<>(codec.toMap(value));
    if (versionComponent) {
      Object version = stored.remove("version");
      if (version != null) {
        stored.put(versionField, version);
      }
    }
    return stored;
  }

  @Override
  public R fromStored(Map<String, Object> item) {
    if (!versionComponent) {
      return codec.fromMap(item);
    }
    Map<String, Object> fields = new LinkedHashMap<>(item);
    Object version = item.get(versionField);
    if (version != null) {
      fields.put("version", version);
    }
    return codec.fromMap(fields);
  }
}
