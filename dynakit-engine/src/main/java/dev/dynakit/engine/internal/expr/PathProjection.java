package dev.dynakit.engine.internal.expr;

import dev.dynakit.engine.internal.value.AttrValue;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Projects document paths out of items. Selected list elements are gathered by their index in the
 * item and close up in index order, as DynamoDB returns them.
 */
final class PathProjection implements ProjectionExpr {
  private final List<DocPath> paths;

  PathProjection(List<DocPath> paths) {
    this.paths = List.copyOf(paths);
  }

  @Override
  public List<DocPath> paths() {
    return paths;
  }

  @Override
  public Map<String, AttrValue> apply(Map<String, AttrValue> item) {
    // Builder nodes: AttrValue leaves, LinkedHashMap for maps, TreeMap (by index) for lists.
    Map<String, Object> out = new LinkedHashMap<>();
    for (DocPath path : paths) {
      AttrValue value = path.valueIn(item);
      if (value != null) {
        insert(out, path.elements(), value);
      }
    }
    Map<String, AttrValue> result = new LinkedHashMap<>();
    for (Map.Entry<String, Object> e : out.entrySet()) {
      result.put(e.getKey(), freeze(e.getValue()));
    }
    return result;
  }

  @SuppressWarnings("unchecked")
  private static void insert(Map<String, Object> out, List<Object> elements, AttrValue value) {
    Object container = out;
    for (int i = 0; i < elements.size() - 1; i++) {
      Object key = elements.get(i);
      Object child = ((Map<Object, Object>) container).get(key);
      boolean wantList = elements.get(i + 1) instanceof Integer;
      if (child == null) {
        child = wantList ? new TreeMap<Integer, Object>() : new LinkedHashMap<String, Object>();
        ((Map<Object, Object>) container).put(key, child);
      } else if (!(child instanceof Map) || (child instanceof TreeMap) != wantList) {
        return;
      }
      container = child;
    }
    ((Map<Object, Object>) container).put(elements.get(elements.size() - 1), value);
  }

  private static AttrValue freeze(Object node) {
    if (node instanceof AttrValue v) {
      return v;
    }
    if (node instanceof TreeMap<?, ?> list) {
      List<AttrValue> values = new ArrayList<>();
      for (Object o : list.values()) {
        values.add(freeze(o));
      }
      return new AttrValue.L(values);
    }
    Map<String, AttrValue> values = new LinkedHashMap<>();
    for (Map.Entry<?, ?> e : ((Map<?, ?>) node).entrySet()) {
      values.put((String) e.getKey(), freeze(e.getValue()));
    }
    return new AttrValue.M(values);
  }
}
