package dev.dynakit.engine.internal.storage.memory;

import dev.dynakit.engine.internal.keys.KeyCodec;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The group of a storage key in the memory store: its first {@code min(17, key.length)} bytes. A
 * table's keys start with a 17-byte header ({@link KeyCodec#HEADER_LENGTH}: store id, index number,
 * partition hash) shared by every key of one partition, so a prefix is a table's partition, and a
 * Query, a range inside one partition, stays inside one prefix.
 *
 * <p>Why grouping by prefix keeps the store's order: for keys {@code a < b} (unsigned bytes),
 * {@code prefix(a) <= prefix(b)}. Either they differ first at a byte {@code i < 17}: both prefixes
 * hold byte {@code i}, so they differ there the same way. Or they differ first at a byte {@code i
 * >= 17}, or {@code a} is a proper prefix of {@code b} at least 17 long: both prefixes are the same
 * 17 bytes. Or {@code a} is a proper prefix of {@code b} shorter than 17: {@code prefix(a) = a} is
 * a proper prefix of {@code prefix(b)}, so smaller. Hence ordering by (prefix, then whole key) is
 * the whole-key order, the keys of one prefix are contiguous in it, and a key whose prefix is above
 * (below) a bound's prefix is above (below) the bound.
 *
 * <p>The bytes are held in fields (two longs and a byte, zero-padded, and the length) rather than
 * an array: finding a partition by its prefix then reads no array, one cache miss less per lookup.
 */
final class Prefix implements Comparable<Prefix> {
  static final int LENGTH = KeyCodec.HEADER_LENGTH;
  private static final VarHandle LONG_BE =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

  // bytes 0-7 (a header's store id), byte 8 (its index number), bytes 9-16 (its partition hash)
  private final long head;
  private final byte middle;
  private final long tail;
  private final int length;

  private Prefix(long head, byte middle, long tail, int length) {
    this.head = head;
    this.middle = middle;
    this.tail = tail;
    this.length = length;
  }

  /** The prefix of {@code key}. */
  static Prefix of(byte[] key) {
    if (key.length >= LENGTH) {
      return new Prefix((long) LONG_BE.get(key, 0), key[8], (long) LONG_BE.get(key, 9), LENGTH);
    }
    // a short key is its own prefix, padded with zeros; its length tells it from a longer one
    byte[] padded = new byte[LENGTH];
    System.arraycopy(key, 0, padded, 0, key.length);
    return new Prefix(
        (long) LONG_BE.get(padded, 0), padded[8], (long) LONG_BE.get(padded, 9), key.length);
  }

  /**
   * Unsigned byte order: the zero-padded bytes, then the length (a shorter prefix equal once padded
   * is a prefix of the longer one, or the same bytes followed by zeros: smaller either way).
   */
  @Override
  public int compareTo(Prefix o) {
    int c = Long.compareUnsigned(head, o.head);
    if (c == 0) {
      c = Byte.compareUnsigned(middle, o.middle);
    }
    if (c == 0) {
      c = Long.compareUnsigned(tail, o.tail);
    }
    return c != 0 ? c : Integer.compare(length, o.length);
  }

  /**
   * A header's last 8 bytes are the partition hash, already well spread: they are the hash, mixed
   * with the store id and index number so that one partition key in two tables or indices does not
   * collide (and, for a short key, with its length).
   */
  @Override
  public int hashCode() {
    long h = tail ^ ((head * 31 + middle + length) * 0x9E3779B97F4A7C15L);
    return (int) (h ^ (h >>> 32));
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Prefix p
        && p.tail == tail
        && p.head == head
        && p.middle == middle
        && p.length == length;
  }

  @Override
  public String toString() {
    byte[] bytes = new byte[LENGTH];
    LONG_BE.set(bytes, 0, head);
    bytes[8] = middle;
    LONG_BE.set(bytes, 9, tail);
    return java.util.HexFormat.of().formatHex(bytes, 0, length);
  }
}
