package dev.dynakit.core.adapter;

import dev.dynakit.core.schema.TableSpec;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Adds each read item's ETag ({@link ETags}) under a field, and drops that field from items and
 * patches being written, so that an item read can be written back without storing its ETag.
 */
final class EtagHooks implements Hooks {
  private final TableSpec spec;
  private final String field;

  EtagHooks(TableSpec spec, String field) {
    if (spec.isTechnical(field)) {
      throw new IllegalArgumentException(
          "the ETag field '"
              + field
              + "' is technical, and reads strip technical fields;"
              + " choose a name outside the prefix '"
              + spec.technicalPrefix()
              + "'");
    }
    if (field.equals(spec.versionField()) || field.equals(spec.createdAtField())) {
      throw new IllegalArgumentException("the ETag field '" + field + "' is a declared field");
    }
    this.spec = spec;
    this.field = field;
  }

  @Override
  public Map<String, Object> prepare(Map<String, Object> item, WriteContext context) {
    if (!item.containsKey(field)) {
      return item;
    }
    Map<String, Object> written = new LinkedHashMap<>(item);
    written.remove(field);
    return written;
  }

  @Override
  public List<String> requiredAttributes() {
    String version = spec.versionField();
    return version == null ? List.of() : List.of(version);
  }

  @Override
  public @Nullable Map<String, Object> revive(
      Map<String, Object> item, @Nullable List<String> fields) {
    String version = spec.versionField();
    boolean whole = fields == null || fields.isEmpty();
    if (version == null ? !whole : !(item.get(version) instanceof Number)) {
      // a part of an item has no content hash; an item without a version has no version ETag
      return item;
    }
    Map<String, Object> tagged = new LinkedHashMap<>(item);
    tagged.remove(field);
    tagged.put(field, ETags.of(spec, tagged));
    return tagged;
  }
}
