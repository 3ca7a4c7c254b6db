package dev.dynakit.core.adapter;

import dev.dynakit.core.item.ItemConverter;
import dev.dynakit.core.item.Marshalling;
import dev.dynakit.core.schema.TableSpec;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The built-in revive: codecs decode the item, the revive hooks adjust (or hide) it, technical
 * fields are stripped except the version and created-at fields, and the item is cut to the fields
 * the caller asked for (by their first path segment, as the caller named them).
 */
final class Reviver {
  private final TableSpec spec;
  private final Hooks hooks;
  private final ItemConverter converter;

  Reviver(TableSpec spec, Hooks hooks) {
    this.spec = spec;
    this.hooks = hooks;
    this.converter = spec.itemConverter();
  }

  /** An item as read, revived; null when a hook hides it. */
  @Nullable Map<String, Object> revive(Map<String, AttributeValue> stored, List<String> fields) {
    return finish(converter.fromAttributes(stored), fields);
  }

  /** An item as written (Java values), as a read would return it; null when a hook hides it. */
  @Nullable Map<String, Object> reviveWritten(Map<String, Object> written) {
    return finish(readBack(written), List.of());
  }

  /** The item as written, without hooks: only technical fields stripped. */
  Map<String, Object> stripped(Map<String, Object> written) {
    Map<String, Object> item = readBack(written);
    strip(item);
    return item;
  }

  /**
   * A new map of the written item's values as a read decodes them: through the attribute values and
   * the codecs, so that numbers come back as a read returns them ({@code BigDecimal}) and a write's
   * result equals the item read afterwards.
   */
  private Map<String, Object> readBack(Map<String, Object> written) {
    return converter.fromAttributes(converter.toAttributes(written));
  }

  /** An item as stored: plain values, no codecs, nothing stripped (the raw-item bypass). */
  Map<String, Object> raw(Map<String, AttributeValue> stored) {
    return Marshalling.fromItem(stored);
  }

  private @Nullable Map<String, Object> finish(Map<String, Object> decoded, List<String> fields) {
    Map<String, Object> item = hooks.revive(decoded, fields.isEmpty() ? null : fields);
    if (item == null) {
      return null;
    }
    if (!(item instanceof LinkedHashMap)) {
      item = new LinkedHashMap<>(item);
    }
    strip(item);
    if (!fields.isEmpty()) {
      item.keySet().retainAll(roots(fields));
    }
    return item;
  }

  private void strip(Map<String, Object> item) {
    String prefix = spec.technicalPrefix();
    if (prefix == null) {
      return;
    }
    String version = spec.versionField();
    String createdAt = spec.createdAtField();
    // a single-table read says which entity each item is
    String typeField = spec.entities().isEmpty() ? null : spec.typeField();
    item.keySet()
        .removeIf(
            name ->
                name.startsWith(prefix)
                    && !name.equals(version)
                    && !name.equals(createdAt)
                    && !name.equals(typeField));
  }

  private static Set<String> roots(List<String> fields) {
    Set<String> roots = new HashSet<>();
    for (String field : fields) {
      int dot = field.indexOf('.');
      roots.add(dot < 0 ? field : field.substring(0, dot));
    }
    return roots;
  }
}
