package dev.dynakit.engine.internal.protocol;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Arrays;
import java.util.ConcurrentModificationException;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Set;
import java.util.function.BiConsumer;
import org.jspecify.annotations.Nullable;

/**
 * A parsed JSON object of a few members, as {@link Json} reads most request objects ({@code {"S":
 * "x"}} above all): its names and values in one array, looked up by a linear scan, which for a few
 * members beats hashing and takes a fraction of a {@link java.util.LinkedHashMap}'s memory.
 * Otherwise it behaves as the LinkedHashMap it replaces: members in insertion order (a put of a
 * present name keeps its place), null values, every mutation, equality with any map of the same
 * mappings. Lookups are linear, so {@link Json} reads larger objects into LinkedHashMaps.
 */
public final class SmallObject extends AbstractMap<String, Object> {
  /** Names at even indices, each followed by its value. */
  private @Nullable Object[] members;

  private int size;
  private int modCount;

  /** An empty object with room for {@code capacity} members before it grows. */
  public SmallObject(int capacity) {
    members = new Object[Math.max(2, capacity * 2)];
  }

  private int indexOf(@Nullable Object name) {
    Object[] m = members;
    for (int i = 0, n = size * 2; i < n; i += 2) {
      if (Objects.equals(m[i], name)) {
        return i;
      }
    }
    return -1;
  }

  @Override
  public int size() {
    return size;
  }

  @Override
  public boolean containsKey(@Nullable Object name) {
    return indexOf(name) >= 0;
  }

  @Override
  public @Nullable Object get(@Nullable Object name) {
    int i = indexOf(name);
    return i < 0 ? null : members[i + 1];
  }

  /**
   * Adds a member whose name is not present, without looking for it: for a caller copying names
   * that are distinct already (a map's keys, a model's members). A present name would be listed
   * twice.
   */
  public void append(String name, @Nullable Object value) {
    if (size * 2 == members.length) {
      members = Arrays.copyOf(members, members.length * 2);
    }
    members[size * 2] = name;
    members[size * 2 + 1] = value;
    size++;
    modCount++;
  }

  /** Whether every value is a non-null instance of {@code type} (true when empty). */
  public boolean valuesAreAll(Class<?> type) {
    Object[] m = members;
    for (int i = 1, n = size * 2; i < n; i += 2) {
      if (!type.isInstance(m[i])) {
        return false;
      }
    }
    return true;
  }

  @Override
  public @Nullable Object put(String name, @Nullable Object value) {
    int i = indexOf(name);
    if (i >= 0) {
      Object old = members[i + 1];
      members[i + 1] = value;
      return old;
    }
    append(name, value);
    return null;
  }

  @Override
  public @Nullable Object remove(@Nullable Object name) {
    int i = indexOf(name);
    if (i < 0) {
      return null;
    }
    Object old = members[i + 1];
    removeAt(i);
    return old;
  }

  private void removeAt(int i) {
    System.arraycopy(members, i + 2, members, i, size * 2 - i - 2);
    size--;
    members[size * 2] = null;
    members[size * 2 + 1] = null;
    modCount++;
  }

  @Override
  public void clear() {
    Arrays.fill(members, 0, size * 2, null);
    size = 0;
    modCount++;
  }

  /** Walks the members in place, without the entry object per member that the entry set makes. */
  @Override
  public void forEach(BiConsumer<? super String, ? super Object> action) {
    Objects.requireNonNull(action, "action");
    int expectedModCount = modCount;
    Object[] m = members;
    for (int i = 0, n = size * 2; i < n; i += 2) {
      action.accept((String) m[i], m[i + 1]);
    }
    if (modCount != expectedModCount) {
      throw new ConcurrentModificationException();
    }
  }

  @Override
  public Set<Map.Entry<String, Object>> entrySet() {
    return new AbstractSet<>() {
      @Override
      public int size() {
        return size;
      }

      @Override
      public Iterator<Map.Entry<String, Object>> iterator() {
        return new Members();
      }

      @Override
      public void clear() {
        SmallObject.this.clear();
      }
    };
  }

  /** Iterates the members in order; entries write through. */
  private final class Members implements Iterator<Map.Entry<String, Object>> {
    private int next;
    private int last = -1;
    private int expectedModCount = modCount;

    @Override
    public boolean hasNext() {
      return next < size * 2;
    }

    @Override
    public Map.Entry<String, Object> next() {
      if (modCount != expectedModCount) {
        throw new ConcurrentModificationException();
      }
      if (next >= size * 2) {
        throw new NoSuchElementException();
      }
      last = next;
      next += 2;
      return new Member(last);
    }

    @Override
    public void remove() {
      if (last < 0) {
        throw new IllegalStateException();
      }
      if (modCount != expectedModCount) {
        throw new ConcurrentModificationException();
      }
      removeAt(last);
      next = last;
      last = -1;
      expectedModCount = modCount;
    }
  }

  /** One member, read and written in place. */
  private final class Member implements Map.Entry<String, Object> {
    private final int at;
    private final String name;

    Member(int at) {
      this.at = at;
      this.name = (String) members[at];
    }

    @Override
    public String getKey() {
      return name;
    }

    @Override
    public @Nullable Object getValue() {
      return at < size * 2 && members[at] == name ? members[at + 1] : get(name);
    }

    @Override
    public @Nullable Object setValue(@Nullable Object value) {
      return put(name, value);
    }

    @Override
    public boolean equals(@Nullable Object o) {
      return o instanceof Map.Entry<?, ?> e
          && Objects.equals(name, e.getKey())
          && Objects.equals(getValue(), e.getValue());
    }

    @Override
    public int hashCode() {
      return Objects.hashCode(name) ^ Objects.hashCode(getValue());
    }

    @Override
    public String toString() {
      return name + "=" + getValue();
    }
  }
}
