package dev.dynakit.engine.internal.expr;

import dev.dynakit.engine.internal.value.AttrValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import org.jspecify.annotations.Nullable;

/**
 * A document path into an item: a top-level attribute name followed by map keys ({@link String})
 * and list indexes ({@link Integer}). Names are the real attribute names, placeholders resolved.
 */
public record DocPath(List<Object> elements) {

  public DocPath {
    elements = List.copyOf(elements);
    if (elements.isEmpty() || !(elements.get(0) instanceof String)) {
      throw new IllegalArgumentException("a document path starts with an attribute name");
    }
    for (Object e : elements) {
      if (!(e instanceof String) && !(e instanceof Integer i && i >= 0)) {
        throw new IllegalArgumentException("not a map key or list index: " + e);
      }
    }
  }

  /** The path of a top-level attribute. */
  public static DocPath attribute(String name) {
    return new DocPath(List.of(name));
  }

  /** A path from its elements: strings for map keys, integers for list indexes. */
  public static DocPath of(Object... elements) {
    return new DocPath(List.of(elements));
  }

  /** The top-level attribute this path starts at. */
  public String topLevel() {
    return (String) elements.get(0);
  }

  /** Whether the path names a top-level attribute only. */
  public boolean isTopLevel() {
    return elements.size() == 1;
  }

  /** The number of elements (DynamoDB's nesting levels). */
  public int size() {
    return elements.size();
  }

  /** The path without its last element, or null for a top-level path. */
  public @Nullable DocPath parent() {
    return isTopLevel() ? null : new DocPath(elements.subList(0, elements.size() - 1));
  }

  /** This path extended by one map key or list index. */
  public DocPath child(Object element) {
    List<Object> longer = new ArrayList<>(elements);
    longer.add(element);
    return new DocPath(longer);
  }

  /** The value at this path in {@code item}, or null when the path leads nowhere. */
  public @Nullable AttrValue valueIn(Map<String, AttrValue> item) {
    AttrValue current = item.get(topLevel());
    for (int i = 1; i < elements.size() && current != null; i++) {
      Object e = elements.get(i);
      if (e instanceof String key) {
        current = current instanceof AttrValue.M m ? m.values().get(key) : null;
      } else {
        int index = (Integer) e;
        current =
            current instanceof AttrValue.L l && index < l.values().size()
                ? l.values().get(index)
                : null;
      }
    }
    return current;
  }

  /** DynamoDB's rendering in error messages, such as {@code [a, b, [2]]}. */
  @Override
  public String toString() {
    StringJoiner joiner = new StringJoiner(", ", "[", "]");
    for (Object e : elements) {
      joiner.add(e instanceof Integer ? "[" + e + "]" : (String) e);
    }
    return joiner.toString();
  }
}
