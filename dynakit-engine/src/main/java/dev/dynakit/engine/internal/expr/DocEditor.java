package dev.dynakit.engine.internal.expr;

import dev.dynakit.engine.internal.value.AttrValue;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A copy-on-write editor of an item: containers on the way to a changed path become mutable copies
 * ({@link LinkedHashMap} for maps, {@link ArrayList} for lists), everything else stays the
 * immutable value it was, and {@link #result()} freezes the copies back into values.
 */
final class DocEditor {
  private final Map<String, Object> root;

  DocEditor(Map<String, AttrValue> item) {
    this.root = new LinkedHashMap<>(item);
  }

  /**
   * The mutable container that holds the last element of {@code path} (a map for a name, a list for
   * an index), or null when the path's parent does not exist or is not such a container.
   */
  @Nullable Object parentOf(DocPath path) {
    List<Object> elements = path.elements();
    Object container = root;
    for (int i = 0; i < elements.size() - 1; i++) {
      Object key = elements.get(i);
      Object child = child(container, key);
      boolean wantMap = elements.get(i + 1) instanceof String;
      Object mutable;
      if (wantMap && child instanceof AttrValue.M m) {
        mutable = new LinkedHashMap<String, Object>(m.values());
      } else if (!wantMap && child instanceof AttrValue.L l) {
        mutable = new ArrayList<Object>(l.values());
      } else if ((wantMap && child instanceof Map) || (!wantMap && child instanceof List)) {
        mutable = child;
      } else {
        return null;
      }
      if (mutable != child) {
        replace(container, key, mutable);
      }
      container = mutable;
    }
    return container;
  }

  /** The value under {@code key} in {@code container}, or null. */
  @Nullable AttrValue get(Object container, Object key) {
    Object child = child(container, key);
    return child == null ? null : freeze(child);
  }

  /** Sets the value under {@code key}; a list index past the end appends. */
  @SuppressWarnings("unchecked")
  void put(Object container, Object key, AttrValue value) {
    if (container instanceof Map<?, ?> map) {
      ((Map<String, Object>) map).put((String) key, value);
    } else {
      List<Object> list = (List<Object>) container;
      int index = (Integer) key;
      if (index < list.size()) {
        list.set(index, value);
      } else {
        list.add(value);
      }
    }
  }

  /** Removes the value under {@code key}, if there is one; later list elements shift down. */
  void remove(Object container, Object key) {
    if (container instanceof Map<?, ?> map) {
      map.remove(key);
    } else {
      List<?> list = (List<?>) container;
      int index = (Integer) key;
      if (index < list.size()) {
        list.remove(index);
      }
    }
  }

  /** The edited item. */
  Map<String, AttrValue> result() {
    Map<String, AttrValue> out = new LinkedHashMap<>();
    for (Map.Entry<String, Object> e : root.entrySet()) {
      out.put(e.getKey(), freeze(e.getValue()));
    }
    return out;
  }

  private static @Nullable Object child(Object container, Object key) {
    if (container instanceof Map<?, ?> map) {
      return key instanceof String ? map.get(key) : null;
    }
    List<?> list = (List<?>) container;
    return key instanceof Integer i && i < list.size() ? list.get(i) : null;
  }

  @SuppressWarnings("unchecked")
  private static void replace(Object container, Object key, Object value) {
    if (container instanceof Map<?, ?> map) {
      ((Map<String, Object>) map).put((String) key, value);
    } else {
      ((List<Object>) container).set((Integer) key, value);
    }
  }

  private static AttrValue freeze(Object node) {
    if (node instanceof AttrValue v) {
      return v;
    }
    if (node instanceof Map<?, ?> map) {
      Map<String, AttrValue> values = new LinkedHashMap<>();
      for (Map.Entry<?, ?> e : map.entrySet()) {
        values.put((String) e.getKey(), freeze(e.getValue()));
      }
      return new AttrValue.M(values);
    }
    List<AttrValue> values = new ArrayList<>();
    for (Object o : (List<?>) node) {
      values.add(freeze(o));
    }
    return new AttrValue.L(values);
  }
}
