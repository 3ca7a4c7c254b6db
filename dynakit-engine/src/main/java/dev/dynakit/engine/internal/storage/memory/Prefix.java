package dev.dynakit.engine.internal.storage.memory;

import dev.dynakit.engine.internal.keys.KeyCodec;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

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
 */
final class Prefix {
  static final int LENGTH = KeyCodec.HEADER_LENGTH;
  private static final VarHandle LONG_BE =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

  private final byte[] bytes;
  private final int length;
  private final int hash;

  private Prefix(byte[] bytes, int length) {
    this.bytes = bytes;
    this.length = length;
    this.hash = hash(bytes, length);
  }

  /** The prefix of {@code key}, viewing the key's own bytes: for a lookup, never to be kept. */
  static Prefix of(byte[] key) {
    return new Prefix(key, Math.min(LENGTH, key.length));
  }

  /** The prefix of {@code key} as an array of its own. */
  static byte[] bytesOf(byte[] key) {
    return key.length <= LENGTH ? key : Arrays.copyOf(key, LENGTH);
  }

  /** This prefix owning its bytes, to be kept as a map key (not holding a whole key alive). */
  Prefix kept() {
    return bytes.length == length ? this : new Prefix(Arrays.copyOf(bytes, length), length);
  }

  /** The bytes of a {@link #kept} prefix, exactly. */
  byte[] bytes() {
    return bytes;
  }

  /**
   * A header's last 8 bytes are the partition hash, already well spread: they are the hash, mixed
   * with the store id and index number so that one partition key in two tables or indices does not
   * collide. Other keys (shorter than a header) hash their bytes.
   */
  private static int hash(byte[] bytes, int length) {
    if (length == LENGTH) {
      long store = (long) LONG_BE.get(bytes, 0) * 31 + bytes[8];
      long h = (long) LONG_BE.get(bytes, 9) ^ (store * 0x9E3779B97F4A7C15L);
      return (int) (h ^ (h >>> 32));
    }
    int h = 1;
    for (int i = 0; i < length; i++) {
      h = 31 * h + bytes[i];
    }
    return h;
  }

  @Override
  public int hashCode() {
    return hash;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Prefix p
        && p.hash == hash
        && p.length == length
        && Arrays.equals(bytes, 0, length, p.bytes, 0, length);
  }

  @Override
  public String toString() {
    return java.util.HexFormat.of().formatHex(bytes, 0, length);
  }
}
