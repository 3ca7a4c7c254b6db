package dev.dynakit.core.entity;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One item of an access pattern's result: which entity it is and its fields (codec fields in their
 * Java types, the type and version fields included). {@link #as(Class)} reads it as a record.
 */
public final class EntityItem {
  private final EntityTable table;
  private final String entity;
  private final Map<String, Object> stored;

  EntityItem(EntityTable table, String entity, Map<String, Object> stored) {
    this.table = table;
    this.entity = entity;
    this.stored = Collections.unmodifiableMap(new LinkedHashMap<>(stored));
  }

  /** The entity's name. */
  public String entity() {
    return entity;
  }

  /** The fields, as the entity's map view returns them. */
  public Map<String, Object> fields() {
    return table.entity(entity).fromItem(new LinkedHashMap<>(stored));
  }

  /** The item as a record of the entity. */
  public <R extends Record> R as(Class<R> type) {
    return table.entity(entity, type).fromItem(new LinkedHashMap<>(stored));
  }

  @Override
  public String toString() {
    return entity + fields();
  }
}
