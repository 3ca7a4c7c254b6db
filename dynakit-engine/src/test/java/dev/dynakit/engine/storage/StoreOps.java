package dev.dynakit.engine.storage;

import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

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

  /**
   * Keys from a few distinct bytes (both ends of the unsigned order and both sides of the sign
   * bit), up to three long, so that keys collide, prefix each other and order differently signed or
   * not.
   */
  static Arbitrary<byte[]> keys() {
    return Arbitraries.of((byte) 0x00, (byte) 0x01, (byte) 0x7f, (byte) 0x80, (byte) 0xff)
        .array(byte[].class)
        .ofMaxSize(3);
  }

  /** Bounds of a scan: a key or, now and then, none (unbounded). */
  static Arbitrary<byte[]> bounds() {
    return keys().injectNull(0.25);
  }

  static Arbitrary<byte[]> values() {
    return Arbitraries.bytes().array(byte[].class).ofMaxSize(4);
  }

  static Arbitrary<Op> ops() {
    Arbitrary<Change> change =
        Combinators.combine(keys(), values().injectNull(0.3)).as(Change::new);
    return Arbitraries.frequencyOf(
        net.jqwik.api.Tuple.of(6, change.list().ofMinSize(1).ofMaxSize(6).map(Apply::new)),
        net.jqwik.api.Tuple.of(3, keys().map(Get::new)),
        net.jqwik.api.Tuple.of(1, keys().list().ofMaxSize(4).map(GetAll::new)),
        net.jqwik.api.Tuple.of(
            3, Combinators.combine(bounds(), bounds(), Arbitraries.of(true, false)).as(Scan::new)),
        net.jqwik.api.Tuple.of(1, Arbitraries.just(new SnapshotOpen())),
        net.jqwik.api.Tuple.of(
            2,
            Combinators.combine(
                    Arbitraries.integers().between(0, 3),
                    bounds(),
                    bounds(),
                    Arbitraries.of(true, false))
                .as(SnapshotRead::new)),
        net.jqwik.api.Tuple.of(1, Arbitraries.integers().between(0, 3).map(SnapshotClose::new)));
  }
}
