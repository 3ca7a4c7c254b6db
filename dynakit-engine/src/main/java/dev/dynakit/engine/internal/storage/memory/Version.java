package dev.dynakit.engine.internal.storage.memory;

import org.jspecify.annotations.Nullable;

/**
 * One value of a key in the memory store, written by the batch numbered {@code seq}; a null value
 * is a deletion. Versions of a key form a chain, newest first, so that a reader of an older instant
 * (a snapshot, a scan) finds the value of its instant while writers go on.
 *
 * <p>The store cuts a chain below the newest version every reader can still need; {@code truncated}
 * marks a version whose older ones were cut (set before the cut, so that a reader that sees the cut
 * sees the mark).
 */
final class Version {
  final long seq;
  final byte @Nullable [] value;
  volatile @Nullable Version older;
  volatile boolean truncated;

  Version(long seq, byte @Nullable [] value, @Nullable Version older) {
    this.seq = seq;
    this.value = value;
    this.older = older;
  }

  /**
   * The newest version of this chain written at or before {@code seq}, or null when the key had no
   * version then.
   */
  static @Nullable Version at(@Nullable Version newest, long seq) {
    for (Version v = newest; v != null; v = v.older) {
      if (v.seq <= seq) {
        return v;
      }
    }
    return null;
  }

  /** Drops the versions older than this one (no reader can need them any more). */
  void dropOlder() {
    if (older != null) {
      truncated = true;
      older = null;
    }
  }
}
