package dev.dynakit.engine.storage;

import org.jspecify.annotations.Nullable;

/** Point and range reads, of a live {@link OrderedStore} or of one of its {@link Snapshot}s. */
public interface StoreReader {

  /** The value under {@code key}, or null. */
  byte @Nullable [] get(byte[] key);

  /**
   * Iterates keys in {@code [fromInclusive, toExclusive)} in unsigned byte order, ascending or,
   * when {@code reverse}, descending. A null bound means unbounded on that side; a range whose from
   * is not below its to is empty. The cursor reads one instant (see {@link OrderedStore}) and must
   * be closed.
   */
  StoreCursor scan(byte @Nullable [] fromInclusive, byte @Nullable [] toExclusive, boolean reverse);
}
