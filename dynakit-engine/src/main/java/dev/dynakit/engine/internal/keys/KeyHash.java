package dev.dynakit.engine.internal.keys;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The 64-bit partition hash: MurmurHash3's 64-bit block mix and finaliser over the encoded
 * partition values. It only has to spread keys evenly over the hash space (Scan order, parallel
 * scan segments), not resist attackers. The function is part of the storage format: changing it
 * would misplace every stored key.
 */
final class KeyHash {
  private static final VarHandle LONG_LE =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final long C1 = 0x87c37b91114253d5L;
  private static final long C2 = 0x4cf5ad432745937fL;
  private static final long SEED = 0x9e3779b97f4a7c15L;

  private KeyHash() {}

  static long hash(byte[] bytes, int offset, int length) {
    long h = SEED ^ (length * C1);
    int i = offset;
    int end = offset + length;
    while (end - i >= 8) {
      h ^= mixBlock((long) LONG_LE.get(bytes, i));
      h = Long.rotateLeft(h, 27) * 5 + 0x52dce729;
      i += 8;
    }
    if (i < end) {
      long tail = 0;
      for (int shift = 0; i < end; i++, shift += 8) {
        tail |= (bytes[i] & 0xFFL) << shift;
      }
      h ^= mixBlock(tail);
    }
    return finish(h ^ length);
  }

  private static long mixBlock(long k) {
    k *= C1;
    k = Long.rotateLeft(k, 31);
    return k * C2;
  }

  private static long finish(long h) {
    h ^= h >>> 33;
    h *= 0xff51afd7ed558ccdL;
    h ^= h >>> 33;
    h *= 0xc4ceb9fe1a85ec53L;
    h ^= h >>> 33;
    return h;
  }
}
