package dev.dynakit.core.adapter;

import dev.dynakit.core.KeyFieldChangedException;
import dev.dynakit.core.schema.KeyField;
import dev.dynakit.core.schema.TableSpec;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The built-in prepare of patches: the technical-field guard over every path, search mirrors for
 * the searchable fields set or removed, the prepare hooks (which see the fields being set, by
 * path), and the removal of key fields and the version, which a patch cannot change.
 */
final class PatchPreparer {
  private final TableSpec spec;
  private final Hooks hooks;
  private final ItemPreparer items;
  private final Set<String> fixed = new HashSet<>();
  private final Set<String> keyNames = new HashSet<>();

  PatchPreparer(TableSpec spec, Hooks hooks, ItemPreparer items) {
    this.spec = spec;
    this.hooks = hooks;
    this.items = items;
    for (KeyField field : spec.keyFields()) {
      fixed.add(field.name());
    }
    fixed.addAll(spec.primaryKeyNames());
    keyNames.addAll(fixed);
    if (spec.versionField() != null) {
      fixed.add(spec.versionField());
    }
  }

  /**
   * @param key the key of the patched item: a key field the patch sets to the same value is
   *     dropped, any other change of a key field refused
   * @throws dev.dynakit.core.KeyFieldChangedException when the patch changes key fields
   */
  Patch prepare(Patch patch, Map<String, ?> key, WriteContext context) {
    List<String> roots = new ArrayList<>();
    List<String> changedKeys = new ArrayList<>();
    for (String path : paths(patch)) {
      String root = patch.path(path).root();
      roots.add(root);
      if (keyNames.contains(root) && !sameAsKey(patch, path, key) && !changedKeys.contains(root)) {
        changedKeys.add(root);
      }
      items.types().checkPatched(root);
    }
    items.guard(roots);
    if (!changedKeys.isEmpty()) {
      throw KeyFieldChangedException.inPatch(changedKeys);
    }
    patch
        .set()
        .forEach(
            (path, value) -> {
              if (patch.path(path).segments().size() == 1) {
                items.types().checkSet(path, value);
              }
            });
    Map<String, @Nullable Object> set = new LinkedHashMap<>();
    patch.set().forEach((path, value) -> keep(patch, path, value, set));
    List<String> remove = new ArrayList<>();
    for (String path : patch.remove()) {
      if (!isFixed(patch, path)) {
        remove.add(path);
      }
    }
    mirrors(patch, set, remove);
    Map<String, Object> prepared = hooks.prepare(nullsKept(set), context);
    Map<String, @Nullable Object> finalSet = new LinkedHashMap<>();
    prepared.forEach((path, value) -> keep(patch, path, value, finalSet));
    Patch.Builder out = Patch.builder().separator(patch.separator()).setAll(finalSet);
    out.remove(remove);
    patch.add().forEach((path, value) -> addUnlessFixed(patch, path, () -> out.add(path, value)));
    patch.append().forEach((path, v) -> addUnlessFixed(patch, path, () -> out.append(path, v)));
    patch.prepend().forEach((path, v) -> addUnlessFixed(patch, path, () -> out.prepend(path, v)));
    return out.build();
  }

  private void mirrors(Patch patch, Map<String, @Nullable Object> set, List<String> remove) {
    for (String field : spec.searchable()) {
      String mirror = spec.searchMirror(field);
      if (set.containsKey(field)) {
        Object value = set.get(field);
        if (value == null) {
          remove.add(mirror);
        } else {
          set.put(mirror, items.mirrorText(field, value));
        }
      } else if (remove.contains(field)) {
        remove.add(mirror);
      }
    }
  }

  private void keep(
      Patch patch, String path, @Nullable Object value, Map<String, @Nullable Object> into) {
    if (!isFixed(patch, path)) {
      into.put(path, value);
    }
  }

  private void addUnlessFixed(Patch patch, String path, Runnable add) {
    if (!isFixed(patch, path)) {
      add.run();
    }
  }

  private boolean isFixed(Patch patch, String path) {
    return fixed.contains(patch.path(path).root());
  }

  /** Whether a path sets a key field to the value the key already has (harmless). */
  private static boolean sameAsKey(Patch patch, String path, Map<String, ?> key) {
    if (!patch.set().containsKey(path) || patch.path(path).segments().size() != 1) {
      return false;
    }
    Object value = patch.set().get(path);
    Object current = key.get(path);
    if (value instanceof Number && current instanceof Number) {
      return new BigDecimal(value.toString()).compareTo(new BigDecimal(current.toString())) == 0;
    }
    return value != null && value.equals(current);
  }

  private static List<String> paths(Patch patch) {
    List<String> paths = new ArrayList<>(patch.set().keySet());
    paths.addAll(patch.remove());
    paths.addAll(patch.add().keySet());
    paths.addAll(patch.append().keySet());
    paths.addAll(patch.prepend().keySet());
    return paths;
  }

  private static Map<String, Object> nullsKept(Map<String, @Nullable Object> set) {
    // a null value sets DynamoDB's NULL; hooks see it as a null entry
    return new LinkedHashMap<String, Object>(set);
  }
}
