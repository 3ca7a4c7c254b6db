package dev.dynakit.core.adapter;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/** Created-at (first full write only) and updated-at (every write) stamps. */
final class StampHooks implements Hooks {
  private final String field;
  private final TimeFormat format;
  private final boolean everyWrite;

  StampHooks(String field, TimeFormat format, boolean everyWrite) {
    this.field = Objects.requireNonNull(field, "field");
    this.format = Objects.requireNonNull(format, "format");
    this.everyWrite = everyWrite;
  }

  /** Whether this is the created-at stamp of {@code name}. */
  boolean stampsCreation(String name) {
    return !everyWrite && field.equals(name);
  }

  TimeFormat format() {
    return format;
  }

  @Override
  public Map<String, Object> prepare(Map<String, Object> item, WriteContext context) {
    if (!everyWrite && (context.patch() || item.get(field) != null)) {
      return item;
    }
    Map<String, Object> stamped = new LinkedHashMap<>(item);
    stamped.put(field, format.format(context.now()));
    return stamped;
  }
}
