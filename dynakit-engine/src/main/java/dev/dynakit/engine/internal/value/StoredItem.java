package dev.dynakit.engine.internal.value;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * An item read from a store, decoded only when someone looks inside ({@link
 * ItemCodec#decodeLazily}). Until then its size ({@link ItemSize#itemSize}) and its wire JSON come
 * straight from the encoded bytes, so a Query page or a GetItem that only returns items never
 * builds their strings, numbers and maps.
 *
 * <p>Otherwise it behaves as the {@link LinkedHashMap} that {@link ItemCodec#decode} returns,
 * mutations included. The bytes stay authoritative only while nobody can have changed the map: any
 * mutation, or handing out a view ({@code entrySet}, {@code keySet}, {@code values}) through which
 * it could be changed, retires them, after which everything works on the decoded map. Like a
 * LinkedHashMap it is not safe for use by several threads at once.
 */
final class StoredItem implements Map<String, AttrValue> {
  private final byte[] encoded;
  // read from the header when the item is read: a batch reading its old items reads all headers in
  // one short loop (ItemCodec.decodeAllLazily), where their cache misses overlap
  private final long encodedSize;
  private @Nullable LinkedHashMap<String, AttrValue> decoded;

  /** Whether the decoded map may differ from {@link #encoded}. */
  private boolean retired;

  /**
   * @throws IllegalArgumentException when {@code encoded} is not an encoded item
   */
  StoredItem(byte[] encoded) {
    this(encoded, ItemCodec.size(encoded));
  }

  /** An item whose size {@link ItemCodec#size} has read from {@code encoded} already. */
  StoredItem(byte[] encoded, long encodedSize) {
    this.encoded = encoded;
    this.encodedSize = encodedSize;
  }

  /** The encoded bytes, or null once they may no longer match the map. */
  byte @Nullable [] pristineBytes() {
    return retired ? null : encoded;
  }

  /** The item size as {@link ItemSize} measures it, from the bytes' header; only while pristine. */
  long encodedSize() {
    return encodedSize;
  }

  private LinkedHashMap<String, AttrValue> decoded() {
    LinkedHashMap<String, AttrValue> d = decoded;
    if (d == null) {
      d = ItemCodec.decode(encoded);
      decoded = d;
    }
    return d;
  }

  private LinkedHashMap<String, AttrValue> changeable() {
    retired = true;
    return decoded();
  }

  @Override
  public int size() {
    return decoded().size();
  }

  @Override
  public boolean isEmpty() {
    return decoded().isEmpty();
  }

  @Override
  public boolean containsKey(Object key) {
    return decoded().containsKey(key);
  }

  @Override
  public boolean containsValue(Object value) {
    return decoded().containsValue(value);
  }

  @Override
  public @Nullable AttrValue get(Object key) {
    return decoded().get(key);
  }

  @Override
  public @Nullable AttrValue put(String key, AttrValue value) {
    return changeable().put(key, value);
  }

  @Override
  public @Nullable AttrValue remove(Object key) {
    return changeable().remove(key);
  }

  @Override
  public void putAll(Map<? extends String, ? extends AttrValue> m) {
    changeable().putAll(m);
  }

  @Override
  public void clear() {
    changeable().clear();
  }

  @Override
  public Set<String> keySet() {
    return changeable().keySet();
  }

  @Override
  public Collection<AttrValue> values() {
    return changeable().values();
  }

  @Override
  public Set<Entry<String, AttrValue>> entrySet() {
    return changeable().entrySet();
  }

  @Override
  public boolean equals(Object o) {
    return o == this || decoded().equals(o);
  }

  @Override
  public int hashCode() {
    return decoded().hashCode();
  }

  @Override
  public String toString() {
    return decoded().toString();
  }
}
