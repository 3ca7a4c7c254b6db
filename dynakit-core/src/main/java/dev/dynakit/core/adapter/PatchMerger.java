package dev.dynakit.core.adapter;

import dev.dynakit.core.expr.FieldPath;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Applies a patch to a copy of an item in memory, as DynamoDB would, so that sparse-index
 * predicates can be evaluated on the item the patch will produce.
 */
final class PatchMerger {
  private PatchMerger() {}

  static Map<String, Object> apply(Map<String, Object> item, Patch patch) {
    Map<String, Object> result = deepCopy(item);
    for (String path : patch.remove()) {
      remove(result, patch.path(path));
    }
    patch.set().forEach((path, value) -> put(result, patch.path(path), value));
    patch
        .add()
        .forEach(
            (path, value) ->
                put(result, patch.path(path), add(get(result, patch.path(path)), value)));
    patch
        .append()
        .forEach(
            (path, values) ->
                put(
                    result,
                    patch.path(path),
                    concat(get(result, patch.path(path)), values, false)));
    patch
        .prepend()
        .forEach(
            (path, values) ->
                put(result, patch.path(path), concat(get(result, patch.path(path)), values, true)));
    return result;
  }

  private static @Nullable Object add(@Nullable Object current, Object value) {
    if (value instanceof Number) {
      BigDecimal base =
          current instanceof Number ? new BigDecimal(current.toString()) : BigDecimal.ZERO;
      return base.add(new BigDecimal(value.toString()));
    }
    Set<Object> union = new LinkedHashSet<>();
    if (current instanceof Collection) {
      union.addAll((Collection<?>) current);
    }
    union.addAll((Collection<?>) value);
    return union;
  }

  private static List<Object> concat(@Nullable Object current, List<?> values, boolean before) {
    List<Object> list = new ArrayList<>();
    if (before) {
      list.addAll(values);
    }
    if (current instanceof List) {
      list.addAll((List<?>) current);
    }
    if (!before) {
      list.addAll(values);
    }
    return list;
  }

  private static @Nullable Object get(Map<String, Object> item, FieldPath path) {
    Object current = item;
    for (Object segment : path.segments()) {
      current = child(current, segment);
      if (current == null) {
        return null;
      }
    }
    return current;
  }

  @SuppressWarnings("unchecked")
  private static void put(Map<String, Object> item, FieldPath path, @Nullable Object value) {
    List<Object> segments = path.segments();
    Object parent = item;
    for (int i = 0; i < segments.size() - 1; i++) {
      parent = child(parent, segments.get(i));
      if (parent == null) {
        return; // DynamoDB refuses a path through a missing parent; the write will say so
      }
    }
    Object last = segments.get(segments.size() - 1);
    if (parent instanceof Map && last instanceof String) {
      ((Map<String, Object>) parent).put((String) last, value);
    } else if (parent instanceof List && last instanceof Integer) {
      List<Object> list = (List<Object>) parent;
      int index = (Integer) last;
      if (index < list.size()) {
        list.set(index, value);
      } else {
        list.add(value);
      }
    }
  }

  @SuppressWarnings("unchecked")
  private static void remove(Map<String, Object> item, FieldPath path) {
    List<Object> segments = path.segments();
    Object parent = item;
    for (int i = 0; i < segments.size() - 1; i++) {
      parent = child(parent, segments.get(i));
      if (parent == null) {
        return;
      }
    }
    Object last = segments.get(segments.size() - 1);
    if (parent instanceof Map) {
      ((Map<String, Object>) parent).remove(last);
    } else if (parent instanceof List && last instanceof Integer) {
      List<Object> list = (List<Object>) parent;
      if ((Integer) last < list.size()) {
        list.remove((int) (Integer) last);
      }
    }
  }

  private static @Nullable Object child(@Nullable Object parent, Object segment) {
    if (parent instanceof Map && segment instanceof String) {
      return ((Map<?, ?>) parent).get(segment);
    }
    if (parent instanceof List && segment instanceof Integer) {
      List<?> list = (List<?>) parent;
      int index = (Integer) segment;
      return index < list.size() ? list.get(index) : null;
    }
    return null;
  }

  @SuppressWarnings("unchecked")
  private static <T> T deepCopy(T value) {
    if (value instanceof Map) {
      Map<String, Object> copy = new LinkedHashMap<>();
      ((Map<String, Object>) value).forEach((k, v) -> copy.put(k, deepCopy(v)));
      return (T) copy;
    }
    if (value instanceof List) {
      List<Object> copy = new ArrayList<>();
      for (Object element : (List<Object>) value) {
        copy.add(deepCopy(element));
      }
      return (T) copy;
    }
    return value;
  }
}
