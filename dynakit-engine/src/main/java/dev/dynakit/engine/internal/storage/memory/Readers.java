package dev.dynakit.engine.internal.storage.memory;

import java.util.ArrayDeque;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The memory store's published batch number, and the numbers its open scans and snapshots read at,
 * so that the writer never drops a version one of them can still read.
 *
 * <p>Why not a map of numbers under a lock (as this store first had): every write asked it for the
 * oldest number read and every scan registered in it, so writers and readers of the whole store met
 * on one monitor, which cost PutItem over HTTP about a tenth of its throughput. Here a reader only
 * counts itself on the {@link Epoch} of the number it reads at (one atomic increment, no lock), and
 * the writer, already alone under the store's write lock, keeps the epochs that readers may still
 * hold in a queue of its own.
 *
 * <p>Why a reader cannot slip past the writer: a reader increments the count of the current epoch
 * and then checks that it is still current; the writer first makes the next epoch current and then
 * reads the old one's count. The count and {@code current} are both volatile, so the two sides
 * cannot both miss each other: either the writer sees the reader's count (and keeps the epoch), or
 * the reader sees the new epoch (and retries on it).
 */
final class Readers {

  /** A published number, and how many readers read at it (an {@link AtomicInteger} for that). */
  @SuppressWarnings("serial") // never serialized
  static final class Epoch extends AtomicInteger {
    final long seq;

    Epoch(long seq) {
      this.seq = seq;
    }
  }

  private volatile Epoch current = new Epoch(0);
  // Epochs that were current and had readers when they stopped being current, oldest first; may
  // hold epochs whose readers have since left, behind an older one still in use. Writer only.
  private final ArrayDeque<Epoch> held = new ArrayDeque<>();

  /** The last published number: every batch up to it is wholly in the store. */
  long published() {
    return current.seq;
  }

  /** Registers a reader at the last published number, until {@link #release}. Lock-free. */
  Epoch register() {
    while (true) {
      Epoch e = current;
      if (enter(e)) {
        return e;
      }
    }
  }

  /**
   * Counts a reader on {@code e} if {@code e} is still current once counted; otherwise a writer
   * published meanwhile and may not have seen the count, so it is taken back and the reader must
   * read at the newer number.
   */
  boolean enter(Epoch e) {
    e.incrementAndGet();
    if (current == e) {
      return true;
    }
    e.decrementAndGet();
    return false;
  }

  /** The epoch of the last published number. */
  Epoch current() {
    return current;
  }

  void release(Epoch e) {
    e.decrementAndGet();
  }

  /** Publishes {@code seq} (the writer, under the store's write lock). */
  void publish(long seq) {
    Epoch old = current;
    current = new Epoch(seq);
    // read after the new epoch is current: a reader that counted itself on the old one later than
    // this read sees the new one and leaves the old one (see the class comment)
    if (old.get() > 0) {
      held.addLast(old);
    }
    // readers are short (a scan, a snapshot of one request): most epochs leave at the front
    while (!held.isEmpty() && held.peekFirst().get() == 0) {
      held.pollFirst();
    }
  }

  /**
   * The oldest number any reader reads at, now or later (the writer, under the store's write lock):
   * a held epoch's, or the last published one for readers still to come.
   */
  long oldest() {
    while (!held.isEmpty() && held.peekFirst().get() == 0) {
      held.pollFirst();
    }
    return held.isEmpty() ? current.seq : held.peekFirst().seq;
  }
}
