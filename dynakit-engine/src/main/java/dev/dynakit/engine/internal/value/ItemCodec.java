package dev.dynakit.engine.internal.value;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The compact binary form in which stores hold items: {@code encode} then {@code decode} gives back
 * an equal item with the same order of attributes, map entries and set elements.
 *
 * <p>Layout: a format byte ({@value #FORMAT}), the attribute count, then per attribute its name and
 * its value. Counts and lengths are unsigned LEB128 varints; names, strings and binaries are a
 * length and the bytes (strings as UTF-8); a value is a tag byte and a payload. A number is its
 * scale (zig-zag varint) and unscaled value: a zig-zag varint when it fits a long, else a length
 * and two's-complement bytes. This is a storage format: on-disk stores keep these bytes, so a
 * change needs a new format byte.
 *
 * <p>Strings are stored as UTF-8, so a lone surrogate (not representable in UTF-8) comes back as
 * {@code '?'}, as {@link String#getBytes} writes it.
 */
public final class ItemCodec {
  /** The format byte that starts every encoded item. */
  public static final int FORMAT = 1;

  private static final int S = 0;
  private static final int N_LONG = 1;
  private static final int N_BIG = 2;
  private static final int B = 3;
  private static final int TRUE = 4;
  private static final int FALSE = 5;
  private static final int NULL = 6;
  private static final int SS = 7;
  private static final int NS = 8;
  private static final int BS = 9;
  private static final int L = 10;
  private static final int M = 11;

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
    Writer w = new Writer(64 + item.size() * 24);
    w.put(FORMAT);
    w.entries(item);
    return w.toByteArray();
  }

  /** Decodes an item; the map is a new, mutable {@link LinkedHashMap}. */
  public static LinkedHashMap<String, AttrValue> decode(byte[] bytes) {
    Reader r = reader(bytes);
    LinkedHashMap<String, AttrValue> item = r.entries();
    r.checkEnd();
    return item;
  }

  /**
   * An item that decodes itself when first looked into, and until then is measured ({@link
   * ItemSize#itemSize}) and written out ({@link #visit(Map, ItemVisitor)}) from {@code bytes}
   * directly. It is mutable like the map {@link #decode} returns. The caller must never change
   * {@code bytes} afterwards; a malformed encoding is reported when the item is first used.
   */
  public static Map<String, AttrValue> decodeLazily(byte[] bytes) {
    return new StoredItem(bytes);
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
    Reader r = reader(bytes);
    r.visitEntries(visitor);
    r.checkEnd();
  }

  /**
   * The size of an encoded item as {@link ItemSize#itemSize} measures the decoded item, without
   * decoding it. Relies on the encoding holding canonical numbers, as {@link #encode} writes them.
   */
  static long size(byte[] bytes) {
    Reader r = reader(bytes);
    long size = r.sizeOfEntries(r.count());
    r.checkEnd();
    return size;
  }

  private static Reader reader(byte[] bytes) {
    if (bytes.length == 0 || bytes[0] != FORMAT) {
      throw new IllegalArgumentException(
          "not an encoded item (format byte " + (bytes.length == 0 ? "missing" : bytes[0]) + ")");
    }
    return new Reader(bytes, 1);
  }

  /** A growable byte buffer with the writing half of the format. */
  private static final class Writer {
    private byte[] buf;
    private int pos;

    Writer(int capacity) {
      buf = new byte[capacity];
    }

    byte[] toByteArray() {
      return Arrays.copyOf(buf, pos);
    }

    private void ensure(int more) {
      if (pos + more > buf.length) {
        buf = Arrays.copyOf(buf, Math.max(buf.length * 2, pos + more));
      }
    }

    void put(int b) {
      ensure(1);
      buf[pos++] = (byte) b;
    }

    void varint(long v) {
      ensure(10);
      while ((v & ~0x7FL) != 0) {
        buf[pos++] = (byte) ((v & 0x7F) | 0x80);
        v >>>= 7;
      }
      buf[pos++] = (byte) v;
    }

    void bytes(byte[] b) {
      varint(b.length);
      ensure(b.length);
      System.arraycopy(b, 0, buf, pos, b.length);
      pos += b.length;
    }

    void string(String s) {
      bytes(s.getBytes(StandardCharsets.UTF_8));
    }

    void number(BigDecimal n) {
      BigInteger unscaled = n.unscaledValue();
      if (unscaled.bitLength() < 64) {
        put(N_LONG);
        varint(zigzag(n.scale()));
        varint(zigzag(unscaled.longValue()));
      } else {
        put(N_BIG);
        varint(zigzag(n.scale()));
        bytes(unscaled.toByteArray());
      }
    }

    void entries(Map<String, AttrValue> map) {
      varint(map.size());
      for (Map.Entry<String, AttrValue> e : map.entrySet()) {
        string(e.getKey());
        value(e.getValue());
      }
    }

    void value(AttrValue v) {
      if (v instanceof AttrValue.S s) {
        put(S);
        string(s.value());
      } else if (v instanceof AttrValue.N n) {
        number(n.value());
      } else if (v instanceof AttrValue.B b) {
        put(B);
        bytes(b.value().unsafeBytes());
      } else if (v instanceof AttrValue.Bool b) {
        put(b.value() ? TRUE : FALSE);
      } else if (v instanceof AttrValue.Null) {
        put(NULL);
      } else if (v instanceof AttrValue.SS ss) {
        put(SS);
        varint(ss.values().size());
        for (String s : ss.values()) {
          string(s);
        }
      } else if (v instanceof AttrValue.NS ns) {
        put(NS);
        varint(ns.values().size());
        for (BigDecimal n : ns.values()) {
          number(n);
        }
      } else if (v instanceof AttrValue.BS bs) {
        put(BS);
        varint(bs.values().size());
        for (Binary b : bs.values()) {
          bytes(b.unsafeBytes());
        }
      } else if (v instanceof AttrValue.L l) {
        put(L);
        varint(l.values().size());
        for (AttrValue e : l.values()) {
          value(e);
        }
      } else if (v instanceof AttrValue.M m) {
        put(M);
        entries(m.values());
      } else {
        throw new IllegalArgumentException("unknown attribute value " + v);
      }
    }

    private static long zigzag(long v) {
      return (v << 1) ^ (v >> 63);
    }
  }

  /** A position in an encoded item, with the reading half of the format. */
  private static final class Reader {
    private final byte[] buf;
    private int pos;

    Reader(byte[] buf, int pos) {
      this.buf = buf;
      this.pos = pos;
    }

    private int next() {
      if (pos >= buf.length) {
        throw endsEarly();
      }
      return buf[pos++] & 0xFF;
    }

    private static IllegalArgumentException endsEarly() {
      return new IllegalArgumentException("encoded item ends early");
    }

    long varint() {
      byte[] b = buf;
      int p = pos;
      if (p < b.length && b[p] >= 0) {
        // one byte: every count, length and tag-sized number below 128
        pos = p + 1;
        return b[p];
      }
      return longVarint();
    }

    private long longVarint() {
      long v = 0;
      for (int shift = 0; shift < 64; shift += 7) {
        int b = next();
        v |= (long) (b & 0x7F) << shift;
        if ((b & 0x80) == 0) {
          return v;
        }
      }
      throw new IllegalArgumentException("varint too long at " + pos);
    }

    int length() {
      long n = varint();
      if (n < 0 || n > buf.length - pos) {
        throw runsPast(n);
      }
      return (int) n;
    }

    private IllegalArgumentException runsPast(long n) {
      return new IllegalArgumentException("length " + n + " runs past the end at " + pos);
    }

    /** A count of elements; each takes at least one byte, which bounds it. */
    int count() {
      return length();
    }

    String string() {
      int n = length();
      String s = new String(buf, pos, n, StandardCharsets.UTF_8);
      pos += n;
      return s;
    }

    byte[] bytes() {
      int n = length();
      byte[] b = Arrays.copyOfRange(buf, pos, pos + n);
      pos += n;
      return b;
    }

    void checkEnd() {
      if (pos != buf.length) {
        throw new IllegalArgumentException("encoded item has trailing bytes at " + pos);
      }
    }

    /** Skips a length-prefixed run (name, string, binary) and returns its length. */
    private int skipRun() {
      int n = length();
      pos += n;
      return n;
    }

    BigDecimal number(int tag) {
      int scale = (int) unzigzag(varint());
      if (tag == N_LONG) {
        return BigDecimal.valueOf(unzigzag(varint()), scale);
      }
      if (tag == N_BIG) {
        return new BigDecimal(new BigInteger(bytes()), scale);
      }
      throw new IllegalArgumentException("expected a number, found tag " + tag);
    }

    LinkedHashMap<String, AttrValue> entries() {
      int n = count();
      LinkedHashMap<String, AttrValue> map = new LinkedHashMap<>(Math.max(4, n * 4 / 3 + 1));
      for (int i = 0; i < n; i++) {
        String name = string();
        map.put(name, value());
      }
      return map;
    }

    AttrValue value() {
      int tag = next();
      switch (tag) {
        case S:
          return new AttrValue.S(string());
        case N_LONG:
        case N_BIG:
          return new AttrValue.N(number(tag));
        case B:
          return new AttrValue.B(Binary.wrap(bytes()));
        case TRUE:
          return AttrValue.Bool.TRUE;
        case FALSE:
          return AttrValue.Bool.FALSE;
        case NULL:
          return AttrValue.Null.INSTANCE;
        case SS:
          return new AttrValue.SS(strings());
        case NS:
          return new AttrValue.NS(numbers());
        case BS:
          return new AttrValue.BS(binaries());
        case L:
          return new AttrValue.L(values());
        case M:
          return new AttrValue.M(entries());
        default:
          throw new IllegalArgumentException("unknown value tag " + tag + " at " + (pos - 1));
      }
    }

    private List<String> strings() {
      int n = count();
      List<String> list = new ArrayList<>(n);
      for (int i = 0; i < n; i++) {
        list.add(string());
      }
      return list;
    }

    private List<BigDecimal> numbers() {
      int n = count();
      List<BigDecimal> list = new ArrayList<>(n);
      for (int i = 0; i < n; i++) {
        list.add(number(next()));
      }
      return list;
    }

    private List<Binary> binaries() {
      int n = count();
      List<Binary> list = new ArrayList<>(n);
      for (int i = 0; i < n; i++) {
        list.add(Binary.wrap(bytes()));
      }
      return list;
    }

    private List<AttrValue> values() {
      int n = count();
      List<AttrValue> list = new ArrayList<>(n);
      for (int i = 0; i < n; i++) {
        list.add(value());
      }
      return list;
    }

    void visitEntries(ItemVisitor v) {
      int n = count();
      v.startMap(n);
      for (int i = 0; i < n; i++) {
        int length = length();
        v.name(buf, pos, length);
        pos += length;
        visitValue(v);
      }
      v.endMap();
    }

    void visitValue(ItemVisitor v) {
      int tag = next();
      switch (tag) {
        case S:
          {
            int n = length();
            v.stringValue(buf, pos, n);
            pos += n;
            return;
          }
        case N_LONG:
          {
            int scale = (int) unzigzag(varint());
            v.numberValue(unzigzag(varint()), scale);
            return;
          }
        case N_BIG:
          {
            int scale = (int) unzigzag(varint());
            v.numberValue(bigUnscaled(), scale);
            return;
          }
        case B:
          {
            int n = length();
            v.binaryValue(buf, pos, n);
            pos += n;
            return;
          }
        case TRUE:
        case FALSE:
          v.boolValue(tag == TRUE);
          return;
        case NULL:
          v.nullValue();
          return;
        case SS:
        case NS:
        case BS:
          visitSet(tag, v);
          return;
        case L:
          {
            int n = count();
            v.startList(n);
            for (int i = 0; i < n; i++) {
              visitValue(v);
            }
            v.endList();
            return;
          }
        case M:
          v.startM();
          visitEntries(v);
          v.endM();
          return;
        default:
          throw new IllegalArgumentException("unknown value tag " + tag + " at " + (pos - 1));
      }
    }

    private void visitSet(int tag, ItemVisitor v) {
      int n = count();
      v.startSet(tag == SS ? "SS" : tag == NS ? "NS" : "BS", n);
      for (int i = 0; i < n; i++) {
        if (tag == NS) {
          int elementTag = next();
          int scale = (int) unzigzag(varint());
          if (elementTag == N_LONG) {
            v.setNumber(unzigzag(varint()), scale);
          } else if (elementTag == N_BIG) {
            v.setNumber(bigUnscaled(), scale);
          } else {
            throw new IllegalArgumentException("expected a number, found tag " + elementTag);
          }
        } else {
          int length = length();
          if (tag == SS) {
            v.setString(buf, pos, length);
          } else {
            v.setBinary(buf, pos, length);
          }
          pos += length;
        }
      }
      v.endSet();
    }

    private BigInteger bigUnscaled() {
      int n = length();
      BigInteger unscaled = new BigInteger(buf, pos, n);
      pos += n;
      return unscaled;
    }

    /** The size of {@code n} entries: names and values. */
    long sizeOfEntries(int n) {
      long size = 0;
      for (int i = 0; i < n; i++) {
        size += skipRun();
        size += sizeOfValue();
      }
      return size;
    }

    /** The size of the next value, as {@link ItemSize#valueSize} measures it. */
    long sizeOfValue() {
      int tag = next();
      switch (tag) {
        case S:
        case B:
          return skipRun();
        case N_LONG:
        case N_BIG:
          return sizeOfNumber(tag);
        case TRUE:
        case FALSE:
        case NULL:
          return 1;
        case SS:
        case BS:
          {
            int n = count();
            long size = 0;
            for (int i = 0; i < n; i++) {
              size += skipRun();
            }
            return size;
          }
        case NS:
          {
            int n = count();
            long size = 0;
            for (int i = 0; i < n; i++) {
              size += sizeOfNumber(next());
            }
            return size;
          }
        case L:
          {
            int n = count();
            long size = 3 + n;
            for (int i = 0; i < n; i++) {
              size += sizeOfValue();
            }
            return size;
          }
        case M:
          {
            int n = count();
            return 3 + n + sizeOfEntries(n);
          }
        default:
          throw new IllegalArgumentException("unknown value tag " + tag + " at " + (pos - 1));
      }
    }

    private long sizeOfNumber(int tag) {
      if (tag == N_LONG) {
        int scale = (int) unzigzag(varint());
        return ItemSize.numberSize(unzigzag(varint()), scale);
      }
      return ItemSize.numberSize(number(tag));
    }

    private static long unzigzag(long v) {
      return (v >>> 1) ^ -(v & 1);
    }
  }
}
