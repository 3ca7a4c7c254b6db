package dev.dynakit.engine.internal.value;

import static dev.dynakit.engine.internal.value.ItemCodec.B;
import static dev.dynakit.engine.internal.value.ItemCodec.BS;
import static dev.dynakit.engine.internal.value.ItemCodec.FALSE;
import static dev.dynakit.engine.internal.value.ItemCodec.L;
import static dev.dynakit.engine.internal.value.ItemCodec.M;
import static dev.dynakit.engine.internal.value.ItemCodec.NS;
import static dev.dynakit.engine.internal.value.ItemCodec.NULL;
import static dev.dynakit.engine.internal.value.ItemCodec.N_BIG;
import static dev.dynakit.engine.internal.value.ItemCodec.N_LONG;
import static dev.dynakit.engine.internal.value.ItemCodec.S;
import static dev.dynakit.engine.internal.value.ItemCodec.SS;
import static dev.dynakit.engine.internal.value.ItemCodec.TRUE;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import java.util.function.BiConsumer;

/** A growable byte buffer with the writing half of {@link ItemCodec}'s format. */
final class ItemWriter {
  private byte[] buf;
  private int pos;
  // the size of the entries written so far by the innermost entries() call; the writer walks a map
  // with forEach and one consumer made once, since the entry objects an entry set's iterator makes
  // were a tenth of the bytes an in-process BatchWriteItem allocated
  private long entriesSize;
  private final BiConsumer<String, AttrValue> entryWriter = this::entry;

  /** The capacity a reused writer keeps between items; a larger one is dropped after use. */
  static final int KEPT_CAPACITY = 4096;

  ItemWriter(int capacity) {
    buf = new byte[capacity];
  }

  /** Starts over, for the next item. */
  void reset() {
    pos = 0;
  }

  /** Drops a buffer grown for a large item, so that a thread does not keep it. */
  void trim() {
    if (buf.length > KEPT_CAPACITY) {
      buf = new byte[KEPT_CAPACITY];
    }
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

  /** Writes a length and the bytes; returns the length. */
  int bytes(byte[] b) {
    varint(b.length);
    ensure(b.length);
    System.arraycopy(b, 0, buf, pos, b.length);
    pos += b.length;
    return b.length;
  }

  /**
   * Writes a string as UTF-8; returns its UTF-8 length, which is also its size. ASCII, nearly every
   * string, is copied char by char: {@code getBytes} would make an array of every string first.
   */
  int string(String s) {
    int n = s.length();
    int start = pos;
    varint(n);
    ensure(n);
    byte[] b = buf;
    int at = pos;
    for (int i = 0; i < n; i++) {
      char c = s.charAt(i);
      if (c >= 0x80) {
        pos = start;
        return bytes(s.getBytes(StandardCharsets.UTF_8));
      }
      b[at + i] = (byte) c;
    }
    pos = at + n;
    return n;
  }

  /** Writes a four-byte big-endian int at {@code at}, a place reserved earlier. */
  void intAt(int at, int v) {
    buf[at] = (byte) (v >>> 24);
    buf[at + 1] = (byte) (v >>> 16);
    buf[at + 2] = (byte) (v >>> 8);
    buf[at + 3] = (byte) v;
  }

  /** Reserves {@code n} bytes to be written later; returns where they start. */
  int reserve(int n) {
    ensure(n);
    int at = pos;
    pos += n;
    return at;
  }

  /** Writes a canonical number; returns its size as {@link ItemSize} measures it. */
  long number(BigDecimal n) {
    BigInteger unscaled = n.unscaledValue();
    if (unscaled.bitLength() < 64) {
      long small = unscaled.longValue();
      put(N_LONG);
      varint(zigzag(n.scale()));
      varint(zigzag(small));
      return ItemSize.numberSize(small, n.scale());
    }
    put(N_BIG);
    varint(zigzag(n.scale()));
    bytes(unscaled.toByteArray());
    return ItemSize.numberSize(n);
  }

  /**
   * Writes the count and the entries of an item or map; returns their size as {@link ItemSize}
   * measures it (names and values, without a map's own three bytes and one per entry).
   */
  long entries(Map<String, AttrValue> map) {
    varint(map.size());
    // a map value's entries() runs inside entry(): keep the enclosing map's running size
    long enclosing = entriesSize;
    entriesSize = 0;
    try {
      map.forEach(entryWriter);
      return entriesSize;
    } finally {
      entriesSize = enclosing;
    }
  }

  private void entry(String name, AttrValue value) {
    long size = string(name);
    size += value(value);
    entriesSize += size;
  }

  /** Writes a value; returns its size as {@link ItemSize#valueSize} measures it. */
  long value(AttrValue v) {
    if (v instanceof AttrValue.S s) {
      put(S);
      return string(s.value());
    } else if (v instanceof AttrValue.N n) {
      return number(n.value());
    } else if (v instanceof AttrValue.B b) {
      put(B);
      return bytes(b.value().unsafeBytes());
    } else if (v instanceof AttrValue.Bool b) {
      put(b.value() ? TRUE : FALSE);
      return 1;
    } else if (v instanceof AttrValue.Null) {
      put(NULL);
      return 1;
    } else if (v instanceof AttrValue.SS ss) {
      put(SS);
      varint(ss.values().size());
      long size = 0;
      for (String s : ss.values()) {
        size += string(s);
      }
      return size;
    } else if (v instanceof AttrValue.NS ns) {
      put(NS);
      varint(ns.values().size());
      long size = 0;
      for (BigDecimal n : ns.values()) {
        size += number(n);
      }
      return size;
    } else if (v instanceof AttrValue.BS bs) {
      put(BS);
      varint(bs.values().size());
      long size = 0;
      for (Binary b : bs.values()) {
        size += bytes(b.unsafeBytes());
      }
      return size;
    } else if (v instanceof AttrValue.L l) {
      put(L);
      varint(l.values().size());
      long size = 3 + l.values().size();
      for (AttrValue e : l.values()) {
        size += value(e);
      }
      return size;
    } else if (v instanceof AttrValue.M m) {
      put(M);
      return 3 + m.values().size() + entries(m.values());
    }
    throw new IllegalArgumentException("unknown attribute value " + v);
  }

  private static long zigzag(long v) {
    return (v << 1) ^ (v >> 63);
  }
}
