package dev.dynakit.test;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.function.BiConsumer;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * An item's attributes as two arrays, in the order of its encoding, read only. What {@link
 * SdkItemBuilder} hands to the SDK, whose model setters copy every map they are given into maps of
 * their own (through {@link #forEach}): building a hash map first would only be thrown away. Still
 * a whole {@link Map} (equality, lookups, iteration), should one be kept as given.
 */
final class ArrayItemMap extends AbstractMap<String, AttributeValue> {
  private final String[] names;
  private final AttributeValue[] values;

  /** Takes the arrays as they are: distinct names, both of the item's size, not changed later. */
  ArrayItemMap(String[] names, AttributeValue[] values) {
    this.names = names;
    this.values = values;
  }

  @Override
  public int size() {
    return names.length;
  }

  @Override
  public AttributeValue get(Object key) {
    int i = indexOf(key);
    return i < 0 ? null : values[i];
  }

  @Override
  public boolean containsKey(Object key) {
    return indexOf(key) >= 0;
  }

  private int indexOf(Object key) {
    for (int i = 0; i < names.length; i++) {
      if (names[i].equals(key)) {
        return i;
      }
    }
    return -1;
  }

  @Override
  public void forEach(BiConsumer<? super String, ? super AttributeValue> action) {
    for (int i = 0; i < names.length; i++) {
      action.accept(names[i], values[i]);
    }
  }

  @Override
  public Set<Entry<String, AttributeValue>> entrySet() {
    return new AbstractSet<>() {
      @Override
      public int size() {
        return names.length;
      }

      @Override
      public Iterator<Entry<String, AttributeValue>> iterator() {
        return new Iterator<>() {
          private int next;

          @Override
          public boolean hasNext() {
            return next < names.length;
          }

          @Override
          public Entry<String, AttributeValue> next() {
            if (next >= names.length) {
              throw new NoSuchElementException();
            }
            int i = next++;
            return new SimpleImmutableEntry<>(names[i], values[i]);
          }
        };
      }
    };
  }
}
