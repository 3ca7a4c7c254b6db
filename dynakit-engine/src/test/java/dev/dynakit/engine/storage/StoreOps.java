package dev.dynakit.engine.storage;

import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

/** The operations a model-based run applies to a store and to its model, and their generators. */
final class StoreOps {
  private StoreOps() {}

  /** One step of a run. */
  sealed interface Op {}

  /** One change of a batch: a put, or a delete when {@code value} is null. */
  record Change(byte[] key, byte[] value) {}

  /** A batch of changes applied at once (a single put or delete is a batch of one). */
  record Apply(List<Change> changes) implements Op {}

  record Get(byte[] key) implements Op {}

  record GetAll(List<byte[]> keys) implements Op {}

  record Scan(byte[] from, byte[] to, boolean reverse) implements Op {}

  /** Takes a snapshot, which later {@link SnapshotRead}s read and {@link SnapshotClose} closes. */
  record SnapshotOpen() implements Op {}

  /** Reads the {@code which}-th open snapshot (modulo how many are open), whole and by a range. */
  record SnapshotRead(int which, byte[] from, byte[] to, boolean reverse) implements Op {}

  record SnapshotClose(int which) implements Op {}

  /** The bytes keys are made of: both ends of the unsigned order and both sides of the sign bit. */
  private static Arbitrary<Byte> keyBytes() {
    return Arbitraries.of((byte) 0x00, (byte) 0x01, (byte) 0x7f, (byte) 0x80, (byte) 0xff);
  }

  // Headers like a table key's 17 bytes (store id, index number, partition hash), where a store may
  // group keys: A16 is one byte short of A17, B17 differs from A17 in the index byte, C17 extends
  // the short keys of zeros.
  private static final byte[] A16 = {0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 2, 3, 4, 5, 6, 7};
  private static final byte[] A17 = concat(A16, new byte[] {0x7f});
  private static final byte[] B17 =
      concat(Arrays.copyOf(A16, 8), concat(new byte[] {1}, tail(A17)));
  private static final byte[] C17 = concat(new byte[16], new byte[] {(byte) 0xff});

  /**
   * Keys that collide, prefix each other and order differently signed or not: short keys of up to
   * three bytes, and keys of a few 17-byte headers (or one byte short of one) followed by up to two
   * bytes; so keys share 17-byte prefixes, are shorter than 17 bytes, and are prefixes of others.
   */
  static Arbitrary<byte[]> keys() {
    Arbitrary<byte[]> shortKeys = keyBytes().array(byte[].class).ofMaxSize(3);
    return Arbitraries.frequencyOf(
        Tuple.of(2, shortKeys),
        Tuple.of(2, underHeader(Arbitraries.just(A16))),
        Tuple.of(3, underHeader(Arbitraries.of(A17, B17, C17))));
  }

  private static Arbitrary<byte[]> underHeader(Arbitrary<byte[]> headers) {
    return Combinators.combine(headers, keyBytes().array(byte[].class).ofMaxSize(2))
        .as(StoreOps::concat);
  }

  /** Bounds of a scan: a key or, now and then, none (unbounded). */
  static Arbitrary<byte[]> bounds() {
    return keys().injectNull(0.25);
  }

  /**
   * A scan's two bounds: any keys; both inside one 17-byte header (as a Query's); or one of them
   * under a header and the other anywhere, so that the range ends or starts inside a header's keys.
   */
  static Arbitrary<byte[][]> ranges() {
    Arbitrary<byte[]> underAny = underHeader(Arbitraries.of(A16, A17, B17, C17));
    Arbitrary<byte[][]> inOneHeader =
        Arbitraries.of(A17, B17, C17)
            .flatMap(h -> pair(underHeader(Arbitraries.just(h)), underHeader(Arbitraries.just(h))));
    return Arbitraries.frequencyOf(
        Tuple.of(2, pair(bounds(), bounds())),
        Tuple.of(1, inOneHeader),
        Tuple.of(1, pair(bounds(), underAny)),
        Tuple.of(1, pair(underAny, bounds())));
  }

  private static Arbitrary<byte[][]> pair(Arbitrary<byte[]> from, Arbitrary<byte[]> to) {
    return Combinators.combine(from, to).as((a, b) -> new byte[][] {a, b});
  }

  private static byte[] tail(byte[] header) {
    return Arrays.copyOfRange(header, 9, header.length);
  }

  private static byte[] concat(byte[] a, byte[] b) {
    byte[] out = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }

  static Arbitrary<byte[]> values() {
    return Arbitraries.bytes().array(byte[].class).ofMaxSize(4);
  }

  static Arbitrary<Op> ops() {
    Arbitrary<Change> change =
        Combinators.combine(keys(), values().injectNull(0.3)).as(Change::new);
    return Arbitraries.frequencyOf(
        Tuple.of(6, change.list().ofMinSize(1).ofMaxSize(6).map(Apply::new)),
        Tuple.of(3, keys().map(Get::new)),
        Tuple.of(1, keys().list().ofMaxSize(4).map(GetAll::new)),
        Tuple.of(
            3,
            Combinators.combine(ranges(), Arbitraries.of(true, false))
                .as((r, reverse) -> new Scan(r[0], r[1], reverse))),
        Tuple.of(1, Arbitraries.just(new SnapshotOpen())),
        Tuple.of(
            2,
            Combinators.combine(
                    Arbitraries.integers().between(0, 3), ranges(), Arbitraries.of(true, false))
                .as((which, r, reverse) -> new SnapshotRead(which, r[0], r[1], reverse))),
        Tuple.of(1, Arbitraries.integers().between(0, 3).map(SnapshotClose::new)));
  }
}
