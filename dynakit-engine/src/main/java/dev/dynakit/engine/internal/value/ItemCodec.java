package dev.dynakit.engine.internal.value;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The compact binary form in which stores hold items: {@code encode} then {@code decode} gives back
 * an equal item with the same order of attributes, map entries and set elements.
 *
 * <p>Layout: a format byte ({@value #FORMAT}), the item's size as {@link ItemSize} measures it (a
 * four-byte big-endian int, so that overwriting or paging over a stored item never walks its bytes
 * to measure it), the attribute count, then per attribute its name and its value. Counts and
 * lengths are unsigned LEB128 varints; names, strings and binaries are a length and the bytes
 * (strings as UTF-8); a value is a tag byte and a payload. A number is its scale (zig-zag varint)
 * and unscaled value: a zig-zag varint when it fits a long, else a length and two's-complement
 * bytes. This is a storage format: on-disk stores keep these bytes, so a change needs a new format
 * byte.
 *
 * <p>Strings are stored as UTF-8, so a lone surrogate (not representable in UTF-8) comes back as
 * {@code '?'}, as {@link String#getBytes} writes it.
 */
public final class ItemCodec {
  /** The format byte that starts every encoded item. */
  public static final int FORMAT = 2;

  /** The format byte and the size. */
  private static final int HEADER = 5;

  // Each thread encodes into a buffer of its own and copies out the exact bytes: a buffer per item
  // was, after the items themselves, the largest allocation of a batch write.
  private static final ThreadLocal<ItemWriter> WRITERS =
      ThreadLocal.withInitial(() -> new ItemWriter(ItemWriter.KEPT_CAPACITY));

  // The value tags, shared by ItemWriter and ItemReader.
  static final int S = 0;
  static final int N_LONG = 1;
  static final int N_BIG = 2;
  static final int B = 3;
  static final int TRUE = 4;
  static final int FALSE = 5;
  static final int NULL = 6;
  static final int SS = 7;
  static final int NS = 8;
  static final int BS = 9;
  static final int L = 10;
  static final int M = 11;

  /**
   * An item's size ({@link ItemSize#itemSize}) is at most this many times the length of its
   * encoding: every value takes at least as many encoded bytes as it counts, except the elements of
   * lists (one byte counted per element, at least one encoded) and the three bytes a list or map
   * counts (two encoded at least), which at worst double it.
   */
  public static final int SIZE_PER_ENCODED_BYTE = 2;

  private ItemCodec() {}

  /** Encodes an item. */
  public static byte[] encode(Map<String, AttrValue> item) {
    byte[] stored = pristineBytes(item);
    if (stored != null) {
      return stored.clone();
    }
    ItemWriter w = WRITERS.get();
    w.reset();
    w.put(FORMAT);
    int sizeAt = w.reserve(HEADER - 1);
    long size = w.entries(item);
    if (size > Integer.MAX_VALUE) {
      // far beyond any item DynamoDB accepts; callers check the 400 KB limit first
      throw new IllegalArgumentException("item of " + size + " bytes is too large to encode");
    }
    w.intAt(sizeAt, (int) size);
    byte[] encoded = w.toByteArray();
    w.trim();
    return encoded;
  }

  /** Decodes an item; the map is a new, mutable {@link LinkedHashMap}. */
  public static LinkedHashMap<String, AttrValue> decode(byte[] bytes) {
    ItemReader r = reader(bytes);
    LinkedHashMap<String, AttrValue> item = r.entries();
    r.checkEnd();
    return item;
  }

  /**
   * An item that decodes itself when first looked into, and until then is measured ({@link
   * ItemSize#itemSize}) and written out ({@link #visit(Map, ItemVisitor)}) from {@code bytes}
   * directly. It is mutable like the map {@link #decode} returns. The caller must never change
   * {@code bytes} afterwards. A header that is not an item's is refused at once; a malformed body
   * is reported when the item is first looked into.
   *
   * @throws IllegalArgumentException when {@code bytes} does not start with an item's header
   */
  public static Map<String, AttrValue> decodeLazily(byte[] bytes) {
    return new StoredItem(bytes);
  }

  /**
   * {@link #decodeLazily} of each of {@code values}, in their order, null for a null value.
   *
   * <p>Why: every item's header is read first, in a loop of a few instructions per item, so that
   * the cache misses of the stored items (usually cold) overlap, instead of each waiting behind the
   * making of the item before it.
   *
   * @throws IllegalArgumentException when a value does not start with an item's header
   */
  public static List<@Nullable Map<String, AttrValue>> decodeAllLazily(byte[] @Nullable [] values) {
    int n = values.length;
    long[] sizes = new long[n];
    for (int k = 0; k < n; k++) {
      byte[] bytes = values[k];
      if (bytes != null) {
        sizes[k] = size(bytes);
      }
    }
    List<@Nullable Map<String, AttrValue>> items = new ArrayList<>(n);
    for (int k = 0; k < n; k++) {
      byte[] bytes = values[k];
      items.add(bytes == null ? null : new StoredItem(bytes, sizes[k]));
    }
    return items;
  }

  /**
   * The encoding of an item from {@link #decodeLazily} that nobody can have changed, or null for
   * any other map. Read only: the array is the one the item was read from.
   */
  public static byte @Nullable [] pristineBytes(Map<String, AttrValue> item) {
    return item instanceof StoredItem s ? s.pristineBytes() : null;
  }

  /**
   * Walks an encoded item without decoding it (see {@link ItemVisitor} for the order of calls).
   *
   * @throws IllegalArgumentException when {@code bytes} is not an encoded item
   */
  public static void visit(byte[] bytes, ItemVisitor visitor) {
    ItemReader r = reader(bytes);
    r.visitEntries(visitor);
    r.checkEnd();
  }

  /**
   * The size of an encoded item as {@link ItemSize#itemSize} measures the decoded item, read from
   * its header.
   *
   * @throws IllegalArgumentException when {@code bytes} is not an encoded item
   */
  public static long size(byte[] bytes) {
    checkHeader(bytes);
    return ((bytes[1] & 0xFFL) << 24)
        | ((bytes[2] & 0xFF) << 16)
        | ((bytes[3] & 0xFF) << 8)
        | (bytes[4] & 0xFF);
  }

  private static void checkHeader(byte[] bytes) {
    if (bytes.length < HEADER || bytes[0] != FORMAT) {
      throw new IllegalArgumentException(
          "not an encoded item (format byte "
              + (bytes.length == 0 ? "missing" : bytes[0])
              + (bytes.length == 0 || bytes[0] != FORMAT ? ")" : ", header cut short)"));
    }
  }

  private static ItemReader reader(byte[] bytes) {
    checkHeader(bytes);
    return new ItemReader(bytes, HEADER);
  }
}
